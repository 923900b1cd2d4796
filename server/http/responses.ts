import { type ErrorCode, errorCodes, errorEnvelopeSchema } from '#domain/errors.ts';

/**
 * Documents the error answers a route can give, all in the one envelope (docs/architecture.md#api-contract).
 */
export const errorResponses = (...codes: ErrorCode[]) =>
  // Safe: one entry a code, its status to the envelope; Object.fromEntries only loses the keys' names.
  Object.fromEntries(codes.map((code) => [errorCodes[code], errorEnvelopeSchema])) as Record<
    number,
    typeof errorEnvelopeSchema
  >;
