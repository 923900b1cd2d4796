import type { DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import type { AxiosInstance } from 'axios';
import { API_BASE } from './http-client.ts';

/**
 * Refine resource name → API path under /web, where the two differ (SPEC §7 paths such as `gym-auth`).
 * Empty until the resource issues; a resource not listed uses its name as its path.
 */
export const resourcePaths: Readonly<Record<string, string>> = {};

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
    getMany: (params) => base.getMany(at(params)),
    getOne: (params) => base.getOne(at(params)),
    create: (params) => base.create(at(params)),
    update: (params) => base.update({ ...at(params), meta: { method: 'put', ...params.meta } }),
    deleteOne: (params) => base.deleteOne(at(params)),
  };
};
