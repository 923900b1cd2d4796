import { describe, expect, it } from 'vitest';
import { createDataProvider } from './data-provider.ts';
import { createHttpClient, HTTP_TIMEOUT_MS, type SentRequest } from './http-client.ts';

type Reply = { status: number; data?: unknown; headers?: Record<string, string> };

/** A transport that records requests and answers canned replies: no server needed. */
const makeClient = (reply: (request: SentRequest) => Reply, language = 'ko') => {
  const requests: SentRequest[] = [];
  const http = createHttpClient({
    getLanguage: () => language,
    translate: (key) => key,
    transport: async (request) => {
      requests.push(request);
      const { status, data, headers = {} } = reply(request);
      return { status, data, headers };
    },
  });
  return { http, requests };
};

describe('createHttpClient', () => {
  it('sends Accept-Language, credentials and the 10 s timeout, and unwraps { data }', async () => {
    const { http, requests } = makeClient(() => ({ status: 200, data: { data: { id: 7 } } }));
    const response = await http.get('/web/member/7');
    expect(response.data).toEqual({ id: 7 });
    expect(requests[0]?.headers['Accept-Language']).toBe('ko');
    expect(requests[0]?.withCredentials).toBe(true);
    expect(requests[0]?.timeout).toBe(HTTP_TIMEOUT_MS);
  });

  it('rejects with an HttpError carrying the server message and field errors', async () => {
    const { http } = makeClient(() => ({
      status: 409,
      data: {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'taken',
        errors: { userId: ['taken'] },
        requestId: 'r',
      },
    }));
    await expect(http.post('/web/member', {})).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'taken',
      errors: { userId: ['taken'] },
    });
  });

  it('reads Retry-After from a 429', async () => {
    const { http } = makeClient(() => ({
      status: 429,
      data: { statusCode: 429, code: 'RATE_LIMITED', message: 'wait' },
      headers: { 'retry-after': '30' },
    }));
    await expect(http.post('/web/member/login', {})).rejects.toMatchObject({
      statusCode: 429,
      retryAfter: 30,
    });
  });

  it('maps a timeout and a network failure, and leaves an abort by the caller as it is', async () => {
    const failing = (error: Error) =>
      createHttpClient({
        getLanguage: () => 'en',
        translate: (key) => key,
        transport: async () => {
          throw error;
        },
      });
    await expect(failing(new DOMException('t', 'TimeoutError')).get('/web/x')).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    await expect(failing(new TypeError('offline')).get('/web/x')).rejects.toMatchObject({ code: 'NETWORK' });
    const abort = new DOMException('a', 'AbortError');
    await expect(failing(abort).get('/web/x')).rejects.toBe(abort);
  });
});

describe('createDataProvider', () => {
  it('maps resource names to API paths and reads the total from the body', async () => {
    const { http, requests } = makeClient(() => ({ status: 200, data: { data: [{ id: 1 }], total: 31 } }));
    const provider = createDataProvider(http, { 'gym-auth': 'gym-auth/list' });
    const result = await provider.getList({
      resource: 'gym-auth',
      pagination: { currentPage: 2, pageSize: 10 },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(requests[0]?.url).toBe('/web/gym-auth/list?_end=20&_start=10');
  });

  it('updates with PUT, as the API does', async () => {
    const { http, requests } = makeClient(() => ({ status: 200, data: { data: { id: 3, name: 'A' } } }));
    const provider = createDataProvider(http, {});
    const result = await provider.update({ resource: 'gym', id: 3, variables: { name: 'A' } });
    expect(result.data).toEqual({ id: 3, name: 'A' });
    expect(requests[0]?.method).toBe('put');
    expect(requests[0]?.url).toBe('/web/gym/3');
  });
});
