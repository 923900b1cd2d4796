import { type Translate, toHttpError } from './http-error.ts';

/** Every call goes through one JSON client with a 10-second timeout (docs/rules.md#limits-and-constants). */
export const HTTP_TIMEOUT_MS = 10_000;
export const API_BASE = '/web';

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Either case: the route contracts say `GET`, Refine says `get`. The client sends lower case on. */
export type HttpMethod = Verb | Uppercase<Verb>;

/** One call: the path, its query (`params`), a JSON or multipart body (`data`) and per-call extras. */
export type HttpRequest = {
  method: HttpMethod;
  url: string;
  params?: unknown;
  data?: unknown;
  headers?: Record<string, string>;
  /** `blob` for a file download; JSON (or text) otherwise. */
  responseType?: 'json' | 'blob';
  timeout?: number;
  /** Upload progress (the one upload route): sent over XMLHttpRequest, which reports it. */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  signal?: AbortSignal;
};

/** An answer: its status, its headers (lower-case names) and its body (JSON parsed, text, or a Blob). */
export type HttpResponse<T = unknown> = { data: T; status: number; headers: Record<string, string> };

/** What goes to the network: the request with the client's headers, credentials and timeout filled in. */
export type SentRequest = HttpRequest & {
  method: Verb;
  headers: Record<string, string>;
  timeout: number;
  /** Whether the browser attaches the session cookie (the consulting tablet's client does not). */
  withCredentials: boolean;
};

/** The network's answer to a request, or a rejection: a TimeoutError, an AbortError or a network TypeError. */
export type HttpTransport = (request: SentRequest) => Promise<HttpResponse>;

type Config = Omit<HttpRequest, 'method' | 'url' | 'data'>;

/** The client the app calls (src/providers/instances.ts): the methods Refine's data provider and src/api use. */
export type HttpClient = {
  request: <T = unknown>(request: HttpRequest) => Promise<HttpResponse<T>>;
  get: <T = unknown>(url: string, config?: Config) => Promise<HttpResponse<T>>;
  delete: <T = unknown>(url: string, config?: Config & { data?: unknown }) => Promise<HttpResponse<T>>;
  post: <T = unknown>(url: string, data?: unknown, config?: Config) => Promise<HttpResponse<T>>;
  put: <T = unknown>(url: string, data?: unknown, config?: Config) => Promise<HttpResponse<T>>;
  patch: <T = unknown>(url: string, data?: unknown, config?: Config) => Promise<HttpResponse<T>>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Success bodies are `{ data, total? }` (docs/architecture.md#api-contract). Callers, the data provider included,
 * see `data` itself; a list's `total` becomes the X-Total-Count header that the data provider reads when the
 * server did not send one.
 */
export const unwrapEnvelope = <R extends HttpResponse>(response: R): R => {
  const body: unknown = response.data;
  if (!isRecord(body) || !('data' in body)) return response;
  if (typeof body.total === 'number' && response.headers['x-total-count'] == null) {
    response.headers['x-total-count'] = String(body.total);
  }
  response.data = body.data;
  return response;
};

const encode = (value: unknown): string =>
  encodeURIComponent(
    value instanceof Date ? value.toISOString() : isRecord(value) ? JSON.stringify(value) : String(value),
  );

/** `url` with `params` as its query, as the old axios client wrote it: no null or undefined, `key[]` for arrays. */
export const withQuery = (url: string, params: unknown): string => {
  if (!isRecord(params)) return url;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) parts.push(`${key}[]=${encode(item)}`);
    } else parts.push(`${encodeURIComponent(key)}=${encode(value)}`);
  }
  if (parts.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
};

const isBinary = (data: unknown): boolean =>
  data instanceof FormData ||
  data instanceof Blob ||
  data instanceof ArrayBuffer ||
  data instanceof URLSearchParams ||
  typeof data === 'string';

/** The body and the headers it needs: JSON for plain values, as is for form data, files and text. */
const bodyOf = (
  data: unknown,
  headers: Record<string, string>,
): { body: BodyInit | undefined; headers: Record<string, string> } => {
  if (data === undefined) return { body: undefined, headers };
  if (isBinary(data)) return { body: data as BodyInit, headers };
  return { body: JSON.stringify(data), headers: { 'Content-Type': 'application/json', ...headers } };
};

/** A body as text: JSON when it parses, the text itself otherwise ('' when empty). */
const parseText = (text: string): unknown => {
  if (text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const headersOf = (headers: Headers): Record<string, string> => {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
};

const timeoutError = (): DOMException => new DOMException('The request timed out.', 'TimeoutError');

/** Uploads with progress: fetch cannot report an upload's progress, XMLHttpRequest can. */
const sendWithProgress = (request: SentRequest, url: string, body: BodyInit | undefined) =>
  new Promise<HttpResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), url);
    xhr.withCredentials = request.withCredentials;
    xhr.timeout = request.timeout;
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const data =
        request.responseType === 'blob' && ok ? xhr.response : parseText(String(xhr.responseText ?? ''));
      resolve({ data, status: xhr.status, headers });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed.'));
    xhr.ontimeout = () => reject(timeoutError());
    xhr.onabort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });

/** The browser's transport: fetch with the timeout and the caller's signal, XMLHttpRequest for progress. */
export const fetchTransport: HttpTransport = async (request) => {
  const url = withQuery(request.url, request.params);
  const { body, headers } = bodyOf(request.data, request.headers);
  const sent = { ...request, headers };
  if (request.onUploadProgress) return sendWithProgress(sent, url, body);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeout);
  const abort = () => controller.abort();
  request.signal?.addEventListener('abort', abort, { once: true });
  try {
    const response = await fetch(url, {
      method: request.method.toUpperCase(),
      headers,
      body,
      credentials: request.withCredentials ? 'include' : 'omit',
      signal: controller.signal,
    });
    const ok = response.status >= 200 && response.status < 300;
    const data =
      request.responseType === 'blob' && ok ? await response.blob() : parseText(await response.text());
    return { data, status: response.status, headers: headersOf(response.headers) };
  } catch (error) {
    throw timedOut ? timeoutError() : error;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abort);
  }
};

export type HttpClientOptions = {
  /** The current UI language, sent as Accept-Language so that the server's messages match it. */
  getLanguage: () => string;
  translate: Translate;
  /** False: no cookie on any call (the consulting tablet runs on its token, never on the session). */
  withCredentials?: boolean;
  /** The network (tests pass a fake). */
  transport?: HttpTransport;
};

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';

/**
 * The app's JSON client over fetch: credentials, Accept and Accept-Language on every call, the 10-second timeout,
 * `{ data }` unwrapped, and every failure (an error status, the network, the timeout) as Refine's HttpError with the
 * server's message and field errors. A call the caller aborted rejects with its AbortError, unchanged.
 */
export const createHttpClient = ({
  getLanguage,
  translate,
  withCredentials = true,
  transport = fetchTransport,
}: HttpClientOptions): HttpClient => {
  const request = async <T>(call: HttpRequest): Promise<HttpResponse<T>> => {
    const sent: SentRequest = {
      ...call,
      method: call.method.toLowerCase() as Verb,
      headers: { Accept: 'application/json', ...call.headers, 'Accept-Language': getLanguage() },
      timeout: call.timeout ?? HTTP_TIMEOUT_MS,
      withCredentials,
    };
    let response: HttpResponse;
    try {
      response = await transport(sent);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw toHttpError({ timedOut: isTimeout(error) }, translate);
    }
    if (response.status < 200 || response.status >= 300) {
      const retryAfter = response.headers['retry-after'];
      throw toHttpError(
        { status: response.status, body: response.data, retryAfter: retryAfter ?? null, timedOut: false },
        translate,
      );
    }
    return unwrapEnvelope(response) as HttpResponse<T>;
  };
  return {
    request,
    get: (url, config) => request({ ...config, method: 'get', url }),
    delete: (url, config) => request({ ...config, method: 'delete', url }),
    post: (url, data, config) => request({ ...config, method: 'post', url, data }),
    put: (url, data, config) => request({ ...config, method: 'put', url, data }),
    patch: (url, data, config) => request({ ...config, method: 'patch', url, data }),
  };
};
