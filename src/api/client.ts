import type { z } from 'zod';
import type { RouteContract } from '#domain/api/define.ts';
import { API_BASE, type HttpClient, type HttpResponse } from '../providers/http-client.ts';

/** A photo or a document of up to 20 MB can take longer than the JSON client's 10 seconds on a slow line. */
export const UPLOAD_TIMEOUT_MS = 120_000;

type Schema<T, K extends keyof T> = T[K] extends z.ZodType ? z.input<T[K]> : never;
type Has<T, K extends keyof T> = T[K] extends z.ZodType ? K : never;

/** What a call of `route` takes: its path parameters, query and body, each typed by the route's schemas. */
export type CallInput<R extends RouteContract> = {
  [K in Has<R, 'params'> | Has<R, 'body'>]: Schema<R, K>;
} & { [K in Has<R, 'query'>]?: Schema<R, K> } & (R['listOf'] extends object
    ? { query?: Record<string, string | number | undefined> }
    : unknown);

/** Per-call extras: the consulting tablet sends its token in a header (docs/rules.md#consulting). */
export type CallOptions = { headers?: Record<string, string> };

/** The success answer without its envelope: the HTTP client has already unwrapped `{ data }`. */
export type Answer<R extends RouteContract> = R['response'] extends z.ZodType
  ? z.output<R['response']> extends { data: infer D }
    ? D
    : z.output<R['response']>
  : Blob;

/** `/gym-member/worker/list/:gymId` with `{ gymId: 3 }` → `/web/gym-member/worker/list/3`. */
export const urlOf = (path: string, params: Record<string, unknown> | undefined): string =>
  API_BASE +
  path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Path parameter ${name} is missing for ${path}.`);
    return encodeURIComponent(String(value));
  });

const totalOf = (response: HttpResponse): number => {
  const header = Number(response.headers['x-total-count']);
  return Number.isFinite(header) ? header : Array.isArray(response.data) ? response.data.length : 0;
};

export type UploadInput<R extends RouteContract> = Omit<CallInput<R>, 'body'> & {
  /** The multipart field the route reads (`file`, `image`). */
  field: string;
  file: Blob & { name?: string };
  onProgress?: (percent: number) => void;
};

/**
 * The typed client (docs/architecture.md#api-contract): every special route is called through its contract in
 * `domain/api/`, so the path, the parameters, the body and the answer cannot drift from the server's. Refine's
 * data provider handles the declared resources' generic routes.
 */
export const createApiClient = (http: HttpClient) => {
  const request = <R extends RouteContract>(route: R, input: Record<string, unknown>, data?: unknown) =>
    http.request({
      method: route.method,
      url: urlOf(route.path, input.params as Record<string, unknown> | undefined),
      params: input.query,
      data: data ?? input.body,
      headers: input.headers as Record<string, string> | undefined,
      ...(route.response === 'file' ? { responseType: 'blob' as const } : {}),
    });

  return {
    /** Calls a route and answers its data. */
    call: async <R extends RouteContract>(
      route: R,
      input = {} as CallInput<R> & CallOptions,
    ): Promise<Answer<R>> => (await request(route, input as Record<string, unknown>)).data as Answer<R>,

    /** Calls a paged list route and answers the page with the total (X-Total-Count). */
    list: async <R extends RouteContract>(
      route: R,
      input = {} as CallInput<R>,
    ): Promise<{ data: Answer<R>; total: number }> => {
      const response = await request(route, input as Record<string, unknown>);
      return { data: response.data as Answer<R>, total: totalOf(response) };
    },

    /** The one upload: a file as multipart form data in the route's field, with progress and a long timeout. */
    upload: async <R extends RouteContract & { multipart: true }>(
      route: R,
      { field, file, onProgress, ...input }: UploadInput<R>,
    ): Promise<Answer<R>> => {
      const form = new FormData();
      form.append(field, file, file.name ?? field);
      const response = await http.request({
        method: route.method,
        url: urlOf(route.path, (input as { params?: Record<string, unknown> }).params),
        params: (input as { query?: unknown }).query,
        data: form,
        timeout: UPLOAD_TIMEOUT_MS,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
      return response.data as Answer<R>;
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
