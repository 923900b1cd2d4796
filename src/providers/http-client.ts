import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { type Translate, toHttpError } from './http-error.ts';

/** Every call goes through one JSON client with a 10-second timeout (docs/rules.md#limits-and-constants). */
export const HTTP_TIMEOUT_MS = 10_000;
export const API_BASE = '/web';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Success bodies are `{ data, total? }` (docs/architecture.md#api-contract). Callers, simple-rest included,
 * see `data` itself; a list's `total` becomes the X-Total-Count header that simple-rest reads when the server
 * did not send one.
 */
export const unwrapEnvelope = (response: AxiosResponse): AxiosResponse => {
  const body: unknown = response.data;
  if (!isRecord(body) || !('data' in body)) return response;
  if (typeof body.total === 'number' && response.headers['x-total-count'] == null) {
    response.headers['x-total-count'] = String(body.total);
  }
  response.data = body.data;
  return response;
};

const isTimeout = (error: AxiosError): boolean => error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';

export type HttpClientOptions = {
  /** The current UI language, sent as Accept-Language so that the server's messages match it. */
  getLanguage: () => string;
  translate: Translate;
};

export const createHttpClient = ({ getLanguage, translate }: HttpClientOptions): AxiosInstance => {
  const http = axios.create({
    timeout: HTTP_TIMEOUT_MS,
    withCredentials: true,
    headers: { Accept: 'application/json' },
  });
  http.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', getLanguage());
    return config;
  });
  http.interceptors.response.use(unwrapEnvelope, (error: unknown) => {
    if (!axios.isAxiosError(error) || axios.isCancel(error)) return Promise.reject(error);
    const { response } = error;
    const retryAfter = response?.headers['retry-after'];
    return Promise.reject(
      toHttpError(
        {
          status: response?.status,
          body: response?.data,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          timedOut: isTimeout(error),
        },
        translate,
      ),
    );
  });
  return http;
};
