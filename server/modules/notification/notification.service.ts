import { and, count, desc, eq, not } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationKind, SubServiceType } from '#domain/enums.ts';
import type { notificationSchema } from '#domain/schemas/notification.ts';
import type { Db, Executor } from '../../db/client.ts';
import { gym, gymAuth, gymMember, notification } from '../../db/schema/index.ts';
import { enqueue } from '../../kernel/outbox.ts';

type Notice = {
  gymId: number;
  kind: NotificationKind;
  reason?: string | null;
  subServiceType?: SubServiceType | null;
};

/** The outbox topic of the notice bot (docs/architecture.md#outbox). */
export const NOTICE_TOPIC = 'notice';

/**
 * "The notice bot" (docs/rules.md#verification): an operator's decision, told to every member who holds the
 * facility's representative set. The decision enqueues the notice in its own transaction (they stand or fall
 * together); the outbox dispatcher then writes the notification rows (`deliverNotice`).
 */
export const notifyRepresentatives = async (tx: Db, message: Notice & { now: Date }) => {
  const { now, ...notice } = message;
  await enqueue(tx, { topic: NOTICE_TOPIC, payload: { ...notice, decidedAt: now.toISOString() }, now });
};

/** The dispatcher's handler for `notice`: one notification per representative (an ACTIVE link). */
export const deliverNotice = async (tx: Db, delivered: { payload: Record<string, unknown> }) => {
  const message = delivered.payload as Notice & { decidedAt: string };
  const representatives = await tx
    .select({ memberId: gymMember.memberId })
    .from(gymMember)
    .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(
      and(eq(gymMember.gymId, message.gymId), eq(gymMember.status, 'ACTIVE'), eq(gymAuth.representYn, true)),
    )
    .limit(100);
  if (representatives.length === 0) return;
  await tx.insert(notification).values(
    representatives.map(({ memberId }) => ({
      memberId,
      gymId: message.gymId,
      kind: message.kind,
      reason: message.reason ?? null,
      subServiceType: message.subServiceType ?? null,
      readYn: false,
      createDate: new Date(message.decidedAt),
    })),
  );
};

/** Counts stop here: a bell shows "99+" long before, and the count stays an index-bounded query. */
export const COUNT_CAP = 1000;

const columns = {
  id: notification.id,
  gymId: notification.gymId,
  gymName: gym.name,
  kind: notification.kind,
  reason: notification.reason,
  subServiceType: notification.subServiceType,
  readYn: notification.readYn,
  createDate: notification.createDate,
};

export const toRecord = (
  row: { createDate: Date } & Omit<z.infer<typeof notificationSchema>, 'createDate'>,
) => ({
  ...row,
  createDate: row.createDate.toISOString(),
});

/** How many of a member's notifications there are (or are unread), counted up to COUNT_CAP on their index. */
export const countNotifications = async (db: Executor, memberId: number, unreadOnly: boolean) => {
  const capped = db
    .select({ id: notification.id })
    .from(notification)
    .where(and(eq(notification.memberId, memberId), unreadOnly ? not(notification.readYn) : undefined))
    .limit(COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
};

/** A page of a member's notifications, newest first, with each facility's name. */
export const notificationPage = (db: Executor, memberId: number, start: number, end: number) =>
  db
    .select(columns)
    .from(notification)
    .innerJoin(gym, eq(gym.id, notification.gymId))
    .where(eq(notification.memberId, memberId))
    .orderBy(desc(notification.createDate), desc(notification.id))
    .limit(end - start)
    .offset(start);

export const markAllRead = (db: Executor, memberId: number) =>
  db
    .update(notification)
    .set({ readYn: true })
    .where(and(eq(notification.memberId, memberId), not(notification.readYn)));

/** Marks one of the member's own notifications read; undefined for another's or a missing one. */
export const markRead = async (db: Executor, memberId: number, id: number) => {
  const [updated] = await db
    .update(notification)
    .set({ readYn: true })
    .where(and(eq(notification.id, id), eq(notification.memberId, memberId)))
    .returning({ id: notification.id });
  if (!updated) return undefined;
  const [row] = await db
    .select(columns)
    .from(notification)
    .innerJoin(gym, eq(gym.id, notification.gymId))
    .where(eq(notification.id, updated.id))
    .limit(1);
  return row;
};
