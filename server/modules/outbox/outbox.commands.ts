import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OutboxRow, outbox } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { SEALED } from '../../kernel/message-text.ts';

import { toEntry } from './outbox.mappers.ts';

// The outbox's writes (docs/architecture.md#outbox): the dispatcher's claim and marks, and the operator's retry.

/**
 * Claims up to `limit` due rows for one delivery attempt: `FOR UPDATE SKIP LOCKED` keeps two dispatchers off the
 * same row, and the claim moves the row's due time past a lease, so a crash mid-delivery retries it later.
 */
export const claimDue = async (
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
  topics?: { only?: string[]; except?: string[] },
): Promise<OutboxRow[]> => {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['PENDING', 'FAILED']),
        lte(outbox.nextAttemptAt, now),
        topics?.only?.length ? inArray(outbox.topic, topics.only) : undefined,
        topics?.except?.length ? notInArray(outbox.topic, topics.except) : undefined,
      ),
    )
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
};

/** Marks rows of one topic SENT, in one statement, and erases their sealed secrets: nothing secret stays at rest. */
export const markSentMany = async (db: Db, ids: number[], deliveredBy: string, now: Date) => {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({
      status: 'SENT',
      deliveredBy,
      sentDate: now,
      lastError: null,
      payload: sql`${outbox.payload} - ${SEALED}::text`,
    })
    .where(inArray(outbox.id, ids));
};

/** `markSentMany` for one row. */
export const markSent = (db: Db, id: number, deliveredBy: string, now: Date) =>
  markSentMany(db, [id], deliveredBy, now);

/** `markFailed` for many rows, in one statement: each row's error, and its next attempt (null: DEAD). */
export const markFailedMany = async (
  db: Db,
  rows: { id: number; error: string; nextAttemptAt: Date | null }[],
) => {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::bigint, ${r.error.slice(0, 1000)}::text, ${r.nextAttemptAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`update ${outbox} o set
      status = case when v.next is null then 'DEAD' else 'FAILED' end,
      last_error = v.error,
      next_attempt_at = coalesce(v.next, o.next_attempt_at)
    from (values ${values}) as v(id, error, next)
    where o.id = v.id`);
};

export const markFailed = (db: Db, row: OutboxRow, error: string, nextAttemptAt: Date | null) =>
  db
    .update(outbox)
    .set({
      status: nextAttemptAt ? 'FAILED' : 'DEAD',
      lastError: error.slice(0, 1000),
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where(eq(outbox.id, row.id));

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
