import { z } from 'zod';
import { checkPage } from '../resources/define.ts';
import { isoDateTime } from '../schemas/common.ts';

export const outboxStatuses = ['PENDING', 'SENT', 'FAILED', 'DEAD'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** `GET /web/outbox?status=`: the operator's view of the outbox (dead letters first of all), paged. */
export const outboxListQuerySchema = z
  .strictObject({
    status: z.enum(outboxStatuses, 'invalidValue').optional(),
    _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
    _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
  })
  .superRefine((q, issue) => {
    const start = q._start ?? 0;
    const end = q._end ?? start + 10;
    checkPage(start, end, issue);
  });

export const outboxEntrySchema = z
  .object({
    id: z.number().int(),
    topic: z.string(),
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(outboxStatuses),
    attempts: z.number().int(),
    nextAttemptAt: isoDateTime,
    lastError: z.string().nullable(),
    deliveredBy: z.string().nullable(),
    createDate: isoDateTime,
    sentDate: isoDateTime.nullable(),
  })
  .meta({ id: 'OutboxEntry' });
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxListResponseSchema = z.object({
  data: z.array(outboxEntrySchema),
  total: z.number().int(),
});

/**
 * A message as the test-mode provider delivered it (its code and link in place): what the operator reads in test
 * mode, since nothing leaves then (docs/architecture.md#outbox).
 */
export const outboxDeliveredSchema = z
  .object({
    id: z.number().int(),
    topic: z.string(),
    payload: z.record(z.string(), z.unknown()),
    attempt: z.number().int(),
  })
  .meta({ id: 'OutboxDelivered' });
export type OutboxDelivered = z.infer<typeof outboxDeliveredSchema>;

export const outboxPaths = {
  list: '/outbox',
  retry: (id: number | string) => `/outbox/${id}/retry`,
  delivered: (id: number | string) => `/outbox/${id}/delivered`,
} as const;
