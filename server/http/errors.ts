import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import type { z } from 'zod';
import type { Language } from '#domain/enums.ts';
import { type ErrorCode, type ErrorEnvelope, errorCodeOfStatus, errorCodes } from '#domain/errors.ts';
import { isValidationKey, translateValidation, type ValidationKey } from '#domain/i18n/validation.ts';
import { requestLanguage } from './language.ts';
import { type MessageKey, translate } from './messages.ts';

type Params = Record<string, string | number>;
/** A key a field error may carry: a server message or a shared validation text. */
export type FieldKey = MessageKey | ValidationKey;
type FieldErrors = Record<string, FieldKey>;
/** Figures a client renders its own message from (the envelope's `details`, docs/architecture.md#api-contract). */
type Details = Record<string, string | number>;

/** An error the API means to answer with; everything else becomes a 500 that shows no internals. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code,
    readonly params: Params = {},
    readonly fieldErrors: FieldErrors = {},
    readonly details: Details = {},
  ) {
    super(messageKey);
    this.statusCode = errorCodes[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
export const unauthenticated = (key: MessageKey = 'UNAUTHENTICATED') => new AppError('UNAUTHENTICATED', key);
export const conflict = (key: MessageKey = 'CONFLICT', fieldErrors: FieldErrors = {}) =>
  new AppError('CONFLICT', key, {}, fieldErrors);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'RATE_LIMITED', { seconds: retryAfterSeconds });

/** A failed request schema; its zod issues are translated when the answer is written. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly context: string,
  ) {
    super('Request validation failed');
  }
}

/** Validates with zod and keeps the raw issues (with their input), so "missing" and "wrong" can be told apart. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

const issueText = (lang: Language, issue: z.core.$ZodIssue): string => {
  const missing =
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
  if (missing) return translateValidation(lang, 'required');
  if (isValidationKey(issue.message)) {
    const params: Params = {};
    if ('minimum' in issue) params.min = Number(issue.minimum);
    if ('maximum' in issue) params.max = Number(issue.maximum);
    return translateValidation(lang, issue.message, params);
  }
  switch (issue.code) {
    case 'invalid_type':
      return translateValidation(lang, 'invalidType');
    case 'too_small':
      return issue.origin === 'string'
        ? translateValidation(lang, 'tooShort', { min: Number(issue.minimum) })
        : translateValidation(lang, 'tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? translateValidation(lang, 'tooLong', { max: Number(issue.maximum) })
        : translateValidation(lang, 'tooBig', { max: Number(issue.maximum) });
    case 'invalid_value':
      return translateValidation(lang, 'invalidValue');
    default:
      return translateValidation(lang, 'invalidFormat');
  }
};

/** zod issues → { "field.path": [message] }, the shape Refine's HttpError puts on form fields. */
export const fieldErrorsOf = (lang: Language, issues: readonly z.core.$ZodIssue[], context: string) => {
  // A Map, not an object: a field named `constructor` or `__proto__` is just another key.
  const errors = new Map<string, string[]>();
  const add = (key: string, text: string) => {
    const list = errors.get(key) ?? [];
    if (!list.includes(text)) list.push(text);
    errors.set(key, list);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(base ? `${base}.${key}` : key, translateValidation(lang, 'unknownField'));
    } else {
      add(base || context, issueText(lang, issue));
    }
  }
  // Safe: Object.fromEntries of [field, messages] pairs; the cast only names the value type it loses.
  return Object.fromEntries(errors) as Record<string, string[]>;
};

/** Writes the envelope (domain/errors.ts); `reason` is the message key behind `message`. */
const send = (reply: FastifyReply, request: FastifyRequest, body: Omit<ErrorEnvelope, 'requestId'>) =>
  reply.status(body.statusCode).send({ ...body, requestId: String(request.id) } satisfies ErrorEnvelope);

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a NUL byte in text, a number out of range, an invalid date),
 * raised by the driver or wrapped by Drizzle as the cause.
 */
const sqlStateOf = (error: unknown): { code: string; message: string } | undefined => {
  // Safe: only optional fields are read, through `?.`, and each is checked for a string before use.
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  for (const candidate of [e, e?.cause]) {
    if (typeof candidate?.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return { code: candidate.code, message: String(candidate.message ?? '') };
  }
  return undefined;
};

/**
 * The database's refusals of input that got past the checks, mapped onto the envelope instead of a 500:
 * - class 22, "data exception" (a NUL byte in text, a number out of range, an invalid date): 400;
 * - 23503, a foreign key: a row that names a missing record is 404; removing a record others still name is 409.
 */
const databaseRefusal = (error: unknown): ErrorCode | undefined => {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  if (state.code.startsWith('22')) return 'VALIDATION_FAILED';
  if (state.code === '23503') return /insert or update on/.test(state.message) ? 'NOT_FOUND' : 'CONFLICT';
  return undefined;
};

/**
 * Fastify's own errors (body parsing, limits) mapped onto the error table
 * (docs/architecture.md#api-contract).
 */
const frameworkError = (error: FastifyError): { code: ErrorCode; key: MessageKey } | undefined => {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { code: 'PAYLOAD_TOO_LARGE', key: 'PAYLOAD_TOO_LARGE' };
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'UNSUPPORTED_MEDIA_TYPE' };
  if (status === 429) return { code: 'RATE_LIMITED', key: 'RATE_LIMITED' };
  if (status === 404) return { code: 'NOT_FOUND', key: 'NOT_FOUND' };
  if (status === 400)
    return {
      code: 'VALIDATION_FAILED',
      key: error.code?.startsWith('FST_ERR_CTP') ? 'badJson' : 'VALIDATION_FAILED',
    };
  // Any other refusal of the framework or a plugin (a static file's 412 or 416): the status's own code where the
  // table has one, else a plain 400; never a 500 (docs/architecture.md#api-contract).
  if (status >= 400 && status < 500) {
    const code = errorCodeOfStatus(status);
    return code ? { code, key: code } : { code: 'VALIDATION_FAILED', key: 'badRequest' };
  }
  return undefined;
};

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED' && error.params.seconds !== undefined) {
        reply.header('retry-after', String(error.params.seconds));
      }
      const errors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, key]) => [
          field,
          // A field's message may name the same figures as the whole message ("500,000원 미수로 남기기").
          [isValidationKey(key) ? translateValidation(lang, key) : translate(lang, key, error.params)],
        ]),
      );
      return send(reply, request, {
        statusCode: error.statusCode,
        code: error.code,
        message: translate(lang, error.messageKey, error.params),
        reason: error.messageKey,
        ...(Object.keys(errors).length > 0 ? { errors } : {}),
        ...(Object.keys(error.details).length > 0 ? { details: error.details } : {}),
      });
    }
    if (error instanceof RequestValidationError) {
      return send(reply, request, {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: translate(lang, 'VALIDATION_FAILED'),
        reason: 'VALIDATION_FAILED',
        errors: fieldErrorsOf(lang, error.issues, error.context),
      });
    }
    const mapped = frameworkError(error);
    if (mapped) {
      const seconds = Number(reply.getHeader('retry-after') ?? 60);
      return send(reply, request, {
        statusCode: errorCodes[mapped.code],
        code: mapped.code,
        message: translate(lang, mapped.key, { seconds }),
        reason: mapped.key,
      });
    }
    const refused = databaseRefusal(error);
    if (refused) {
      // The input got past the checks, yet the database cannot hold it: the caller's input, not our fault.
      request.log.warn({ err: error }, 'input refused by the database');
      return send(reply, request, {
        statusCode: errorCodes[refused],
        code: refused,
        message: translate(lang, refused),
        reason: refused,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, {
      statusCode: 500,
      code: 'INTERNAL',
      message: translate(lang, 'INTERNAL'),
      reason: 'INTERNAL',
    });
  });
};

/**
 * The router's own refusals, before any route runs (Fastify's `frameworkErrors`): a malformed percent-encoding
 * (FST_ERR_BAD_URL) or a path parameter past the length limit (FST_ERR_MAX_PARAM_LENGTH, otherwise a bare 414).
 * Both are a bad request, answered in the one envelope.
 */
export const sendFrameworkError = (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  send(reply, request, {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: translate(requestLanguage(request), 'VALIDATION_FAILED'),
    reason: 'VALIDATION_FAILED',
  });

/** A JSON 404 for an unknown /web path; see app.ts for the SPA fallback of every other path. */
export const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  send(reply, request, {
    statusCode: 404,
    code: 'NOT_FOUND',
    message: translate(requestLanguage(request), 'routeNotFound', {
      method: request.method,
      url: request.url.split('?')[0] ?? '',
    }),
    reason: 'routeNotFound',
  });
