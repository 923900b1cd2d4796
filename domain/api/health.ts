import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import { defineRoute } from './define.ts';

export const healthSchema = z
  .object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Health' });

/** `GET /web/health`: liveness, with a database round trip. */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  status: 200,
  response: dataOf(healthSchema),
});
