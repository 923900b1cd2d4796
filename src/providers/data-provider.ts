import type { BaseRecord, CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import { API_BASE, type HttpClient, type HttpMethod } from './http-client.ts';

/**
 * Refine resource name → API path under /web (paths such as `gym-auth`). The resource registry fills it
 * when it loads (src/resources/registry.ts): it lives in a lazy chunk, so the declarations and zod stay out of the
 * first load. A resource not listed uses its name as its path.
 */
export const resourcePaths: Record<string, string> = {};

export const registerResourcePaths = (entries: Readonly<Record<string, string>>): void => {
  Object.assign(resourcePaths, entries);
};

export const pathOf = (resource: string, paths: Readonly<Record<string, string>> = resourcePaths): string =>
  paths[resource] ?? resource;

/** query-string's `stringify`, as simple-rest called it: keys sorted, strict encoding, `key=a&key=b` for arrays. */
export const stringify = (query: Readonly<Record<string, unknown>>): string => {
  const strict = (value: unknown): string =>
    encodeURIComponent(String(value)).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return Object.keys(query)
    .sort()
    .flatMap((key) => {
      const value = query[key];
      if (value === undefined) return [];
      if (value === null) return [strict(key)];
      if (Array.isArray(value))
        return value
          .filter((item) => item !== undefined)
          .map((item) => (item === null ? strict(key) : `${strict(key)}=${strict(item)}`));
      return [`${strict(key)}=${strict(value)}`];
    })
    .join('&');
};

const OPERATORS: Partial<Record<string, string>> = { ne: '_ne', gte: '_gte', lte: '_lte', contains: '_like' };

/** simple-rest's filters: `field_op=value`, `q` as is; `or`/`and` are not supported. */
const filterQuery = (filters: readonly CrudFilter[] | undefined): Record<string, unknown> => {
  const query: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (filter.operator === 'or' || filter.operator === 'and')
      throw new Error(`[data-provider]: \`operator: ${filter.operator}\` is not supported.`);
    if (!('field' in filter)) continue;
    query[filter.field === 'q' ? 'q' : `${filter.field}${OPERATORS[filter.operator] ?? ''}`] = filter.value;
  }
  return query;
};

/** simple-rest's sorters: `_sort=a,b&_order=asc,desc`. */
const sortQuery = (sorters: readonly CrudSort[] | undefined): Record<string, string> | undefined =>
  sorters && sorters.length > 0
    ? { _sort: sorters.map((s) => s.field).join(','), _order: sorters.map((s) => s.order).join(',') }
    : undefined;

type Meta = { headers?: Record<string, string>; method?: HttpMethod } | undefined;

/**
 * simple-rest's REST conventions (`_start`/`_end`, `_sort`/`_order`, `field_op` filters), over the app's HTTP
 * client, which unwraps `{ data }`, turns `total` into X-Total-Count and maps errors to Refine's HttpError.
 */
const restProvider = (apiUrl: string, http: HttpClient): DataProvider => {
  const send = (method: HttpMethod, url: string, data: unknown, headers?: Record<string, string>) =>
    http.request({ method, url, data, headers });
  return {
    getList: async ({ resource, pagination, filters, sorters, meta }) => {
      const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {};
      const { headers, method = 'get' } = (meta as Meta) ?? {};
      const query: Record<string, unknown> = {
        ...(mode === 'server' ? { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize } : {}),
        ...sortQuery(sorters),
        ...filterQuery(filters),
      };
      const url = `${apiUrl}/${resource}`;
      const response = await send(
        method,
        Object.keys(query).length ? `${url}?${stringify(query)}` : url,
        undefined,
        headers,
      );
      const data = response.data as never[];
      const total = +(response.headers['x-total-count'] ?? Number.NaN);
      return { data, total: total || data.length };
    },
    getMany: async ({ resource, ids, meta }) => {
      const { headers, method = 'get' } = (meta as Meta) ?? {};
      const response = await send(
        method,
        `${apiUrl}/${resource}?${stringify({ id: ids })}`,
        undefined,
        headers,
      );
      return { data: response.data as never[] };
    },
    create: async ({ resource, variables, meta }) => {
      const { headers, method = 'post' } = (meta as Meta) ?? {};
      return { data: (await send(method, `${apiUrl}/${resource}`, variables, headers)).data as never };
    },
    update: async ({ resource, id, variables, meta }) => {
      const { headers, method = 'patch' } = (meta as Meta) ?? {};
      return { data: (await send(method, `${apiUrl}/${resource}/${id}`, variables, headers)).data as never };
    },
    getOne: async ({ resource, id, meta }) => {
      const { headers, method = 'get' } = (meta as Meta) ?? {};
      return { data: (await send(method, `${apiUrl}/${resource}/${id}`, undefined, headers)).data as never };
    },
    deleteOne: async ({ resource, id, variables, meta }) => {
      const { headers, method = 'delete' } = (meta as Meta) ?? {};
      return { data: (await send(method, `${apiUrl}/${resource}/${id}`, variables, headers)).data as never };
    },
    getApiUrl: () => apiUrl,
    custom: async ({ url, method, filters, sorters, payload, query, headers }) => {
      let requestUrl = `${url}?`;
      const sort = sorters ? sortQuery(sorters) : undefined;
      if (sort) requestUrl = `${requestUrl}&${stringify(sort)}`;
      if (filters) requestUrl = `${requestUrl}&${stringify(filterQuery(filters))}`;
      if (query) requestUrl = `${requestUrl}&${stringify(query as Record<string, unknown>)}`;
      const response =
        method === 'put' || method === 'post' || method === 'patch' || method === 'delete'
          ? await send(method, url, payload, headers)
          : await send('get', requestUrl, undefined, headers);
      return { data: response.data as never };
    },
  };
};

/**
 * The REST data provider over the app's HTTP client. Resource names go through the path map; updates use PUT, as
 * the API does.
 */
export const createDataProvider = (
  http: HttpClient,
  paths: Readonly<Record<string, string>> = resourcePaths,
): DataProvider => {
  const base = restProvider(API_BASE, http);
  const at = <P extends { resource: string }>(params: P): P => ({
    ...params,
    resource: pathOf(params.resource, paths),
  });
  return {
    ...base,
    getList: (params) => base.getList(at(params)),
    // One GET per distinct id: not every list takes an `id` filter, and each GET is scope-checked on its own.
    // A record the caller cannot see (404/403) is left out rather than failing the others; Refine's getMany
    // callers (relation labels) fall back to the id.
    getMany: async <TData extends BaseRecord = BaseRecord>(
      params: Parameters<DataProvider['getMany'] & {}>[0],
    ) => {
      const ids = [...new Set(params.ids.map(String))];
      const settled = await Promise.allSettled(
        ids.map((id) => base.getOne<TData>(at({ resource: params.resource, id, meta: params.meta }))),
      );
      const data = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.data] : []));
      return { data };
    },
    getOne: (params) => base.getOne(at(params)),
    create: (params) => base.create(at(params)),
    update: (params) => base.update({ ...at(params), meta: { method: 'put', ...params.meta } }),
    deleteOne: (params) => base.deleteOne(at(params)),
  };
};
