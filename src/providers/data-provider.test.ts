import { describe, expect, it } from 'vitest';
import { createDataProvider, pathOf, registerResourcePaths, stringify } from './data-provider.ts';
import { createHttpClient } from './http-client.ts';

const client = (reply: (url: string) => { status: number; data?: unknown }) => {
  const urls: string[] = [];
  const http = createHttpClient({
    getLanguage: () => 'en',
    translate: (key) => key,
    transport: async (request) => {
      urls.push(request.url);
      const { status, data } = reply(request.url);
      return { status, data, headers: {} };
    },
  });
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

describe("the REST query (simple-rest's conventions)", () => {
  it("writes query-string's form: keys sorted, strict encoding, repeated keys for arrays", () => {
    expect(stringify({ b: 1, a: "x y!'", id: [1, 2], none: undefined, empty: null })).toBe(
      'a=x%20y%21%27&b=1&empty&id=1&id=2',
    );
  });

  it('sends the page, the sorters and the filters of a list', async () => {
    const { http, urls } = client(() => ({ status: 200, data: { data: [], total: 0 } }));
    await createDataProvider(http, {}).getList({
      resource: 'member',
      pagination: { currentPage: 1, pageSize: 20 },
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [
        { field: 'q', operator: 'eq', value: 'kim' },
        { field: 'age', operator: 'gte', value: 20 },
      ],
    });
    expect(urls).toEqual(['/web/member?_end=20&_order=asc&_sort=name&_start=0&age_gte=20&q=kim']);
  });
});
