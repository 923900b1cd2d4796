import type { z } from 'zod';
import type { ResourceDeclaration } from '../resources/define.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One special route of the API (docs/architecture.md#api-contract): what the server registers and what the typed
 * client calls. `path` is relative to `/web`, in Fastify's form (`:name` marks a path parameter).
 */
export type RouteContract = {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  /** The query string; a paged list of a declared resource names the declaration in `listOf` instead. */
  query?: z.ZodType;
  /** The engine's list query of this declaration (`_start`, `_end`, `_sort`, `_order`, `q` and its filters). */
  listOf?: ResourceDeclaration;
  body?: z.ZodType;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  /** The success answer; `'file'` for a route that streams a stored file. */
  response: z.ZodType | 'file';
  /** `multipart/form-data` upload: `body` documents the form, the server streams it. */
  multipart?: true;
};

export const defineRoute = <const T extends RouteContract>(route: T): T => route;
