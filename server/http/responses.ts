import { errorSchema } from '#domain/schemas/common.ts';
import { type ErrorCode, errorCodes } from './errors.ts';

/**
 * Documents the error answers a route can give, all in the one envelope (docs/architecture.md#api-contract).
 */
export const errorResponses = (...codes: ErrorCode[]) =>
  Object.fromEntries(codes.map((code) => [errorCodes[code], errorSchema])) as Record<
    number,
    typeof errorSchema
  >;
