import { type ErrorCode, errorCodes, errorEnvelopeSchema } from '#domain/errors.ts';

/**
 * Documents the error answers a route can give, all in the one envelope (docs/architecture.md#api-contract).
 */
export const errorResponses = (...codes: ErrorCode[]) =>
  Object.fromEntries(codes.map((code) => [errorCodes[code], errorEnvelopeSchema])) as Record<
    number,
    typeof errorEnvelopeSchema
  >;
