import type { HttpError, ValidationErrors } from '@refinedev/core';
import type { ErrorCode as ApiErrorCode } from '#domain/errors.ts';
import type { Translate } from '../kit/translate.ts';

/** The API's error codes (domain/errors.ts), plus what the client itself can run into. */
export type ErrorCode = ApiErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNKNOWN';

/**
 * Refine's HttpError, with the API's code, the message key that produced the message (`reason`, e.g.
 * `joinAlreadyRequested`: pages branch on it, never on the text), the request id and, on 429, how many seconds to
 * wait.
 */
export type AppHttpError = HttpError & {
  code: string;
  reason?: string;
  requestId?: string;
  retryAfter?: number;
};

export type { Translate } from '../kit/translate.ts';

/** What is known about a failed request: a response (status, body, Retry-After) or none (network, timeout). */
export type FailedRequest = {
  status?: number;
  body?: unknown;
  retryAfter?: string | null;
  timedOut?: boolean;
};

/**
 * The code of each status, as domain/errors.ts defines them. A copy, checked against that table by
 * http-error.test.ts: importing the table itself would bring zod into the light sign-in entry, which reads this
 * file too.
 */
export const STATUS_CODES: Readonly<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  431: 'HEADERS_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const codeFor = ({ status, timedOut }: FailedRequest): ErrorCode => {
  if (!status) return timedOut ? 'TIMEOUT' : 'NETWORK';
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN');
};

/** `{ field: ["msg"] }` as Refine's forms read it; anything that is not a string or string list is dropped. */
export const toValidationErrors = (value: unknown): ValidationErrors | undefined => {
  if (!isRecord(value)) return undefined;
  const errors: ValidationErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string') errors[field] = [messages];
    else if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string');
      if (texts.length > 0) errors[field] = texts;
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
};

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); answers whole seconds from `now`. */
export const parseRetryAfter = (value: string | null | undefined, now = Date.now()): number | undefined => {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
};

/**
 * Maps a failed request to Refine's HttpError. The server's message is already in the user's language
 * (Accept-Language); when there is none, the code's own text is used.
 */
export const toHttpError = (failed: FailedRequest, translate: Translate, now = Date.now()): AppHttpError => {
  const body = isRecord(failed.body) ? failed.body : {};
  const statusCode = failed.status || (typeof body.statusCode === 'number' ? body.statusCode : 0);
  const code = typeof body.code === 'string' ? body.code : codeFor({ ...failed, status: statusCode });
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : translate(`errors.${code}`);
  const error: AppHttpError = { message, statusCode, code };
  const errors = toValidationErrors(body.errors);
  if (errors) error.errors = errors;
  if (typeof body.reason === 'string' && body.reason !== '') error.reason = body.reason;
  if (typeof body.requestId === 'string') error.requestId = body.requestId;
  const retryAfter = parseRetryAfter(failed.retryAfter, now);
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return error;
};

export const isHttpError = (value: unknown): value is AppHttpError =>
  isRecord(value) && typeof value.statusCode === 'number' && typeof value.message === 'string';

/** The message key the server named for a refusal (the envelope's `reason`), or undefined. */
export const reasonOf = (error: unknown): string | undefined =>
  isHttpError(error) ? error.reason : undefined;

/** The HTTP status of an error, or undefined when it is not an HTTP error. */
export const statusOf = (error: unknown): number | undefined =>
  isHttpError(error) ? error.statusCode : undefined;

/** Field errors as antd's `form.setFields` takes them. */
export const fieldErrorsOf = (error: unknown): { name: string; errors: string[] }[] => {
  if (!isHttpError(error) || !error.errors) return [];
  return Object.entries(error.errors).map(([name, value]) => ({
    name,
    errors: Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? [value]
        : typeof value === 'object'
          ? [value.message]
          : [],
  }));
};
