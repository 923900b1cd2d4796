import { describe, expect, expectTypeOf, it } from 'vitest';
import { uploadFileRoute } from '#domain/api/file.ts';
import { memberGymListRoute } from '#domain/api/gym.ts';
import { workerListRoute } from '#domain/api/gym-member.ts';
import { gymResource } from '#domain/resources/gym.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { createHttpClient, type SentRequest } from '../providers/http-client.ts';
import { createApiClient, UPLOAD_TIMEOUT_MS, urlOf } from './client.ts';
import { resourceRoutes } from './resources.ts';

/** The app's HTTP client over a transport that records the request and answers `body` with `headers`. */
const fakeHttp = (body: unknown, headers: Record<string, string> = {}) => {
  const seen: SentRequest[] = [];
  const http = createHttpClient({
    getLanguage: () => 'en',
    translate: (key) => key,
    transport: async (request) => {
      seen.push(request);
      return { data: structuredClone(body), status: 200, headers: { ...headers } };
    },
  });
  return { api: createApiClient(http), seen };
};

describe('the typed client (docs/architecture.md#api-contract)', () => {
  it('fills the path parameters, encoded, under /web', () => {
    expect(urlOf('/gym-member/worker/list/:gymId', { gymId: 3 })).toBe('/web/gym-member/worker/list/3');
    expect(urlOf('/file/:id', { id: 'a/b' })).toBe('/web/file/a%2Fb');
    expect(() => urlOf('/member/:id', {})).toThrow(/id/);
  });

  it('calls the route with its method, path and query, and answers the unwrapped data', async () => {
    const { api, seen } = fakeHttp({ data: [{ id: 1, name: 'A' }] });
    const gyms = await api.call(memberGymListRoute, { params: { id: 7 } });
    expect(seen[0]?.method).toBe('get');
    expect(seen[0]?.url).toBe('/web/member/gym-list/7');
    expect(gyms).toEqual([{ id: 1, name: 'A' }]);
    expectTypeOf(gyms).toEqualTypeOf<Gym[]>();
  });

  it('answers a list with its total from X-Total-Count', async () => {
    const { api, seen } = fakeHttp({ data: [{ id: 1 }], total: 41 });
    const page = await api.list(workerListRoute, { params: { gymId: 2 }, query: { _start: 0, _end: 10 } });
    expect(page.total).toBe(41);
    expect(seen[0]?.params).toEqual({ _start: 0, _end: 10 });
  });

  it('types the generic routes of a declaration', async () => {
    const { api, seen } = fakeHttp({ data: { id: 5 } });
    const routes = resourceRoutes(gymResource);
    const gym = await api.call(routes.update, { params: { id: 5 }, body: { name: 'B' } });
    expect(seen[0]?.method).toBe('put');
    expect(seen[0]?.url).toBe('/web/gym/5');
    expectTypeOf(gym).toEqualTypeOf<Gym>();
  });

  it('uploads one file as multipart form data in the named field, with the long timeout', async () => {
    const { api, seen } = fakeHttp({ data: ['/web/file/abc'] });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const urls = await api.upload(uploadFileRoute, { query: { type: 'ETC' }, field: 'file', file });
    expect(urls).toEqual(['/web/file/abc']);
    const sent = seen[0];
    expect(sent?.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(sent?.params).toEqual({ type: 'ETC' });
    expect(sent?.data).toBeInstanceOf(FormData);
    expect((sent?.data as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });
});
