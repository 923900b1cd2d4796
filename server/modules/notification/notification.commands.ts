import { and, eq, not } from 'drizzle-orm';
import type { NotificationKind, SubServiceType } from '#domain/enums.ts';
import type { Db, Executor } from '../../db/client.ts';
import { gym, gymAuth, gymMember, notification } from '../../db/schema/index.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { notificationColumns } from './notification.queries.ts';

// The bell's writes (docs/rules.md#notifications): a notice to a facility's representatives through the outbox, its
// delivery, and marking read.

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
  // Safe: the `notice` topic's payload is written by notifyRepresentatives alone, from a Notice and an ISO date.
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
    .select(notificationColumns)
    .from(notification)
    .innerJoin(gym, eq(gym.id, notification.gymId))
    .where(eq(notification.id, updated.id))
    .limit(1);
  return row;
};
