import { z } from 'zod';

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** `{id}` in a path: the one id-parameter schema of every route (docs/architecture.md#api-contract). */
export const idParamsSchema = z.object({ id: idSchema });
/** `{gymId}` in a path: the facility a special route works in. */
export const gymIdParamsSchema = z.object({ gymId: idSchema });
/** `{memberId}` in a path: the account a route is about. */
export const memberIdParamsSchema = z.object({ memberId: idSchema });

export const isoDateTime = z.string().meta({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' });
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat');

/** The error envelope (docs/architecture.md#api-contract) lives with the error codes. */
export { errorEnvelopeSchema as errorSchema } from '../errors.ts';

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A list answer: the page and the total (also in `X-Total-Count`). */
export const listOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), total: z.number().int() });
