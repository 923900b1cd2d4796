import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OutboxStatus } from '#domain/api/outbox.ts';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import type { Db } from '../../db/client.ts';
import { countCapped } from '../../db/count.ts';
import { type OutboxRow, outbox } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { renderPayload, SEALED } from '../../kernel/message-text.ts';

/**
 * Claims up to `limit` due rows for one delivery attempt: `FOR UPDATE SKIP LOCKED` keeps two dispatchers off the
 * same row, and the claim moves the row's due time past a lease, so a crash mid-delivery retries it later.
 */
export const claimDue = async (db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> => {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['PENDING', 'FAILED']), lte(outbox.nextAttemptAt, now)))
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
};

/** Marks a row SENT, and erases its sealed secret: once delivered, nothing secret stays at rest. */
export const markSent = (db: Db, id: number, deliveredBy: string, now: Date) =>
  db
    .update(outbox)
    .set({
      status: 'SENT',
      deliveredBy,
      sentDate: now,
      lastError: null,
      payload: sql`${outbox.payload} - ${SEALED}::text`,
    })
    .where(eq(outbox.id, id));

export const markFailed = (db: Db, row: OutboxRow, error: string, nextAttemptAt: Date | null) =>
  db
    .update(outbox)
    .set({
      status: nextAttemptAt ? 'FAILED' : 'DEAD',
      lastError: error.slice(0, 1000),
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where(eq(outbox.id, row.id));

/** A row as the operator sees it: the secret masked, the seal left out (message-text.ts). */
const toEntry = (row: OutboxRow, publicUrl: string) => ({
  ...row,
  payload: renderPayload(row.payload as Record<string, unknown>, publicUrl, null),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  createDate: row.createDate.toISOString(),
  sentDate: row.sentDate?.toISOString() ?? null,
});

/** The operator's view: newest first, by status; the total is capped like every list. */
export const listOutbox = async (
  db: Db,
  status: OutboxStatus | undefined,
  start: number,
  end: number,
  publicUrl: string,
) => {
  const where = status ? eq(outbox.status, status) : undefined;
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(end - start)
    .offset(start);
  let total = start + rows.length;
  if (rows.length === end - start || (rows.length === 0 && start > 0)) {
    total = await countCapped(db, outbox, where);
  }
  return {
    data: rows.map((row) => toEntry(row, publicUrl)),
    total: Math.min(total, TOTAL_CAP),
    capped: total > TOTAL_CAP,
  };
};

/** A dead (or failed) letter goes back to the queue with a fresh set of attempts. */
export const retryMessage = async (db: Db, id: number, now: Date, publicUrl: string) => {
  const [existing] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  if (!existing) throw notFound();
  if (existing.status !== 'DEAD' && existing.status !== 'FAILED') {
    throw new AppError('CONFLICT', 'illegalTransition', { from: existing.status, to: 'PENDING' });
  }
  const [row] = await db
    .update(outbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['DEAD', 'FAILED'])))
    .returning();
  if (!row) throw new AppError('CONFLICT', 'illegalTransition', { from: existing.status, to: 'PENDING' });
  return toEntry(row, publicUrl);
};
