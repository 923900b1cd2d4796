import { and, count, desc, eq, not } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gym, notification } from '../../db/schema/index.ts';

// A member's bell (docs/rules.md#notifications): the count and a page, newest first.

/** Counts stop here: a bell shows "99+" long before, and the count stays an index-bounded query. */
export const COUNT_CAP = 1000;

export const notificationColumns = {
  id: notification.id,
  gymId: notification.gymId,
  gymName: gym.name,
  kind: notification.kind,
  reason: notification.reason,
  subServiceType: notification.subServiceType,
  readYn: notification.readYn,
  createDate: notification.createDate,
};

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
    .select(notificationColumns)
    .from(notification)
    .innerJoin(gym, eq(gym.id, notification.gymId))
    .where(eq(notification.memberId, memberId))
    .orderBy(desc(notification.createDate), desc(notification.id))
    .limit(end - start)
    .offset(start);
