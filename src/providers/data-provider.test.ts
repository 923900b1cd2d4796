import { type AxiosAdapter, AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { createDataProvider, pathOf, registerResourcePaths } from './data-provider.ts';
import { createHttpClient } from './http-client.ts';

const client = (reply: (url: string) => { status: number; data?: unknown }) => {
  const urls: string[] = [];
  const http = createHttpClient({ getLanguage: () => 'en', translate: (key) => key });
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    urls.push(url);
    const { status, data } = reply(url);
    const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return { http, urls };
};

describe('data provider paths and getMany', () => {
  it('takes the registry paths once they are registered', () => {
    expect(pathOf('gym-auth-list-test')).toBe('gym-auth-list-test');
    registerResourcePaths({ 'gym-auth-list-test': 'gym-auth/list' });
    expect(pathOf('gym-auth-list-test')).toBe('gym-auth/list');
  });

  it('fetches each distinct id once and leaves out the records the caller cannot see', async () => {
    const { http, urls } = client((url) =>
      url.endsWith('/9')
        ? { status: 404, data: { message: 'no' } }
        : { status: 200, data: { data: { id: Number(url.split('/').pop()) } } },
    );
    const provider = createDataProvider(http, {});
    const result = await provider.getMany?.({ resource: 'gym', ids: [1, 2, 1, 9] });
    expect(result?.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(urls.sort()).toEqual(['/web/gym/1', '/web/gym/2', '/web/gym/9']);
  });
});
