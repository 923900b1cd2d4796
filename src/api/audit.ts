import { z } from 'zod';
import {
  auditListQuerySchema,
  auditListResponseSchema,
  auditPaths,
  auditVerifyQuerySchema,
  auditVerifySchema,
} from '#domain/api/audit.ts';
import { defineRoute } from '#domain/api/define.ts';
import {
  outboxDeliveredSchema,
  outboxEntrySchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  outboxPaths,
} from '#domain/api/outbox.ts';
import { dataOf } from '#domain/schemas/common.ts';

// The audit log's and the outbox's routes, from their contracts in domain/api/ (paths and schemas).

/** `GET /web/audit?gymId=`: a facility's audit rows, newest first, paged. */
export const auditListRoute = defineRoute({
  method: 'GET',
  path: auditPaths.list,
  query: auditListQuerySchema,
  status: 200,
  response: auditListResponseSchema,
});

/** `GET /web/audit/verify?gymId=`: whether the chain holds, and where it breaks. */
export const auditVerifyRoute = defineRoute({
  method: 'GET',
  path: auditPaths.verify,
  query: auditVerifyQuerySchema,
  status: 200,
  response: dataOf(auditVerifySchema),
});

/** `GET /web/outbox?status=`: the operator's view of the outbox, paged. */
export const outboxListRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.list,
  query: outboxListQuerySchema,
  status: 200,
  response: outboxListResponseSchema,
});

/** `POST /web/outbox/{id}/retry`: a message back in the queue. */
export const outboxRetryRoute = defineRoute({
  method: 'POST',
  path: outboxPaths.retry(':id'),
  params: z.object({ id: z.coerce.number().int().positive() }),
  status: 200,
  response: dataOf(outboxEntrySchema),
});

/** `GET /web/outbox/{id}/delivered`: in test mode, a message as it was delivered (the operator only). */
export const outboxDeliveredRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.delivered(':id'),
  params: z.object({ id: z.coerce.number().int().positive() }),
  status: 200,
  response: dataOf(outboxDeliveredSchema),
});
