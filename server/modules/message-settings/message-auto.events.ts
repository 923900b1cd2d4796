import { and, eq, inArray } from 'drizzle-orm';
import type { eventDrivenAutoKinds } from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { messageAuto, messageAutoSent } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type Actor, systemActor } from '../../kernel/actor.ts';
import type { Cause } from './message-auto.causes.ts';
import { type AutoSender, claimCauses, deliveryOf, markSent, switchedOn } from './message-auto.run.ts';

// The booking notices (docs/rules.md#automatic-messages): BOOKING_CONFIRMED, BOOKING_CANCELLED and
// WAITLIST_PROMOTED are sent when the schedule writes the event, in the schedule's transaction, not at a send hour.
// Each reservation is told once per kind (its key claimed in `message_auto_sent`, like the run's causes). The
// schedule sends its own notice to whoever this did not tell: the kind switched off, the add-on not APPROVE, no
// approved number or template, nobody reachable, or the credits short. Such a failure rolls back to a savepoint, so
// the booking itself never fails for a message.

export type EventNoticeKind = (typeof eventDrivenAutoKinds)[number];

/** The key a reservation's notice of `kind` is sent once for. */
export const bookingNoticeKey = (kind: EventNoticeKind, reservationId: number) =>
  `${kind}:reservation:${reservationId}`;

/** Thrown inside the savepoint when no send was built: its claims roll back. */
class NotSent extends Error {}

const settingOf = async (db: Executor, gymId: number, kind: EventNoticeKind) => {
  const [row] = await db
    .select()
    .from(messageAuto)
    .where(and(eq(messageAuto.gymId, gymId), eq(messageAuto.kind, kind), switchedOn));
  return row;
};

/**
 * Sends one AUTO send of `kind` for the causes not told yet, in the caller's transaction (a savepoint): answers the
 * keys told, by it or by an earlier event. An empty set when the kind is off, so the caller's old notice goes out
 * exactly as before.
 */
export const sendEventNotices = async (
  tx: Executor,
  actor: Actor,
  sendAuto: AutoSender,
  gymId: number,
  kind: EventNoticeKind,
  causes: Cause[],
): Promise<Set<string>> => {
  const told = new Set<string>();
  if (causes.length === 0) return told;
  const setting = await settingOf(tx, gymId, kind);
  if (!setting) return told;
  const earlier = await tx
    .select({ key: messageAutoSent.causeKey })
    .from(messageAutoSent)
    .where(
      and(
        eq(messageAutoSent.gymId, gymId),
        inArray(
          messageAutoSent.causeKey,
          causes.map((c) => c.key),
        ),
      ),
    );
  for (const r of earlier) told.add(r.key);
  const fresh = causes.filter((c) => !told.has(c.key));
  if (fresh.length === 0) return told;
  try {
    await tx.transaction(async (sp) => {
      const delivery = await deliveryOf(sp, setting);
      if (!delivery) throw new NotSent();
      // A key a concurrent event claimed first is that event's to tell.
      const claimed = await claimCauses(sp, gymId, fresh, actor.now);
      if (claimed.length === 0) return;
      const memberIds = [...new Set(claimed.map((c) => c.memberId))];
      const sendId = await sendAuto(sp, systemActor(actor.now), {
        ...delivery,
        gymId,
        autoKind: kind,
        memberIds,
      });
      if (sendId === null) throw new NotSent();
      await markSent(
        sp,
        gymId,
        claimed.map((c) => c.key),
        sendId,
      );
    });
  } catch (error) {
    // Not sent (nobody reachable, no sender) or refused (the credits short): the schedule's notice goes instead.
    if (error instanceof NotSent || error instanceof AppError) return told;
    throw error;
  }
  for (const c of fresh) told.add(c.key);
  return told;
};
