import { describe, expect, it, vi } from 'vitest';
import { GymSearchError, searchGyms } from './gym-search.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('searchGyms', () => {
  it('asks the public search with the keyword encoded and the language, and reads { data, total }', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { data: [{ id: 3, name: '핏데스크 강남점', address: '서울 강남구' }], total: 1 }),
    );
    const result = await searchGyms('강남 점&x', { language: 'ko', fetchImpl });
    expect(result).toEqual({ gyms: [{ id: 3, name: '핏데스크 강남점', address: '서울 강남구' }], total: 1 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/web/gym/search?q=%EA%B0%95%EB%82%A8%20%EC%A0%90%26x');
    expect(new Headers(init?.headers).get('accept-language')).toBe('ko');
  });

  it('keeps only the public fields', async () => {
    const fetchImpl = async () =>
      json(200, { data: [{ id: 1, name: 'A', address: null, businessNo: '123-45-67891' }], total: 1 });
    const { gyms } = await searchGyms('a', { language: 'en', fetchImpl });
    expect(gyms).toEqual([{ id: 1, name: 'A', address: null }]);
  });

  it('turns a 429 into RATE_LIMITED with the seconds to wait', async () => {
    const fetchImpl = async () =>
      json(
        429,
        { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests.', requestId: 'r1' },
        { 'retry-after': '12' },
      );
    const error = await searchGyms('a', { language: 'en', fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GymSearchError);
    expect((error as GymSearchError).failure).toEqual({
      code: 'RATE_LIMITED',
      statusCode: 429,
      retryAfter: 12,
    });
    expect((error as GymSearchError).message).toBe('Too many requests.');
  });

  it('reports a network failure as NETWORK', async () => {
    const fetchImpl = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const error = await searchGyms('a', { language: 'en', fetchImpl }).catch((e: unknown) => e);
    expect((error as GymSearchError).failure).toEqual({ code: 'NETWORK', statusCode: 0 });
  });
});
