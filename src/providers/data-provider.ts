import type { BaseRecord, DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import type { AxiosInstance } from 'axios';
import { API_BASE } from './http-client.ts';

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

/**
 * simple-rest over the app's HTTP client, which unwraps `{ data }`, turns `total` into X-Total-Count and maps
 * errors to Refine's HttpError. Resource names go through the path map; updates use PUT, as the API does.
 */
export const createDataProvider = (
  http: AxiosInstance,
  paths: Readonly<Record<string, string>> = resourcePaths,
): DataProvider => {
  const base = simpleRest(API_BASE, http);
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
