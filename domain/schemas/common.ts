import { z } from 'zod';

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const isoDateTime = z.string().meta({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' });
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat');

/** The error envelope (docs/architecture.md#api-contract). */
export const errorSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Error' });

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
