import { z } from 'zod';

// The API's error contract (docs/architecture.md#api-contract): the codes and their statuses, and the envelope
// every refusal comes in. The server's error handler and the web app's HttpError both read this file.

export const errorCodes = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCodes, value);

/** The code a status stands for (the first one in the table), or undefined for a status the API never sends. */
export const errorCodeOfStatus = (status: number): ErrorCode | undefined =>
  (Object.keys(errorCodes) as ErrorCode[]).find((code) => errorCodes[code] === status);

/**
 * The error envelope. `message` is translated for the caller; `reason` is the message key that produced it
 * (`joinAlreadyRequested`, `crossSite`, `VALIDATION_FAILED`...), the thing a client branches on; `errors` is keyed
 * by field path, the shape Refine's HttpError puts on form fields; `details` carries the figures of the message
 * (tries left, minutes to wait) so that a client can word it itself.
 */
export const errorEnvelopeSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    reason: z.string().meta({
      description: 'The message key that produced `message`; clients branch on it, never on the text.',
      example: 'joinAlreadyRequested',
    }),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    details: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({
        description:
          'Figures behind `message` that a client renders from its own texts: `remainingTries`, ' +
          '`retryAfterMinutes` on a refused sign-in.',
        example: { remainingTries: 2 },
      }),
    requestId: z.string(),
  })
  .meta({ id: 'Error' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
