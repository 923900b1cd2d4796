import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

// The app's log (docs/operations.md#logs): one JSON line per request, and nothing personal in any line.

/** The route label of a request that matched no route (an unknown path, the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern (`/web/customer/:id`), never the URL: the URL carries ids and query strings (a phone number
 * in `?phone=`), and as a metrics label it would grow without bound.
 */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? UNMATCHED_ROUTE;

/** A Korean mobile number, with or without dashes: what the log must never hold. */
export const PHONE_PATTERN = /(?<!\d)01[016789]-?\d{3,4}-?\d{4}(?!\d)/g;

/** Error text as it may be logged: no query parameters, no key values, no phone numbers. */
const scrubText = (text: string): string =>
  text
    // Drizzle's DrizzleQueryError puts the statement's parameters (names, phones...) in its message and stack.
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]')
    // PostgreSQL's "Key (phone)=(010...) already exists", should it appear in a message.
    .replace(/\)=\([^\n]*?\)(?= |$|\n)/g, ')=([redacted])')
    // Class 22 messages quote the input that was refused.
    .replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^"\n]*"/g, '$1"[redacted]"')
    .replace(PHONE_PATTERN, '[phone]');

/**
 * Fields of an error (pg's DatabaseError, Fastify's, ours) that name things but hold no values. PostgreSQL's
 * `detail` ("Key (phone)=(01012345678) already exists"), `where` and `hint`, Drizzle's `params` and `query`, and
 * anything a library hangs on an error (a request body, a config) are left out.
 */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
] as const;

/** The `err` (and `error`) serializer: an allow-list, so a new field on some error never leaks by default. */
export const safeError = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (!(value instanceof Error)) return { type: value.constructor?.name ?? 'Object' };
  // Safe: an Error (checked above), read for its own extra fields, each of which is checked before it is copied.
  const source = value as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: source.constructor?.name ?? source.name,
    message: scrubText(source.message),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const v = source[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  if (source.stack) out.stack = scrubText(source.stack);
  if (source.cause !== undefined && depth < 3) out.cause = safeError(source.cause, depth + 1);
  if (value instanceof AggregateError && depth < 3)
    out.errors = value.errors.slice(0, 5).map((e) => safeError(e, depth + 1));
  return out;
};

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Applies the log's hygiene to whatever logger options the app is given (server/main.ts, the API tests):
 * the error serializers above, a request serializer without the URL, and redaction of the headers and fields
 * that carry secrets, should anything log them.
 */
export const withLogHygiene = (logger: LoggerOption): LoggerOption => {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  const hygiene = {
    ...options,
    serializers: {
      ...options.serializers,
      err: safeError,
      error: safeError,
      // Whatever logs a request gets its method and route pattern: no URL, no headers, no address.
      req: (request: Partial<FastifyRequest>) => ({
        method: request.method,
        route: request.routeOptions?.url ?? UNMATCHED_ROUTE,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-kiosk-token"]',
        'req.headers["x-booking-token"]',
        'req.headers["x-entry-token"]',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'token',
        '*.token',
        'phone',
        '*.phone',
        'body',
        '*.body',
      ],
      censor: '[redacted]',
    },
  };
  // why: Fastify types `err` as returning pino's shape; ours is a narrower allow-list of the same fields.
  return hygiene as LoggerOption;
};

/**
 * One line per request at info, from onResponse (Fastify's own two lines are off: `disableRequestLogging`):
 * `reqId` (the child logger's binding), `method`, `route`, `status`, `ms` and `memberId` (null without a session).
 */
export const registerRequestLog = (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: routeOf(request),
        status: reply.statusCode,
        // Three decimals at most: a long fraction is noise, and could read as a phone number to the log's test.
        ms: Math.round(reply.elapsedTime * 1000) / 1000,
        memberId: request.member?.id ?? null,
      },
      'request completed',
    );
  });
};
