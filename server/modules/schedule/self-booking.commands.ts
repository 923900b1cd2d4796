import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingToken, gym, member } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { RESERVATION_TOPIC } from './schedule.commands.ts';
import { tokenHashOf } from './self-booking.queries.ts';

// The customer's own booking page, its link (docs/rules.md#self-booking): a link per customer, valid for 30 days,
// revoked by a newer one.

/** The customer's booking page, as the link names it. */
export const BOOKING_PAGE = '/reservation/req';
const TTL_MS = 30 * 24 * 3_600_000;

/** Texts the link to the customer, signed with the facility's name; the token stays sealed until delivery. */
const sendLink = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  customer: { id: number; phone: string },
  token: string,
) => {
  // The delivery builds the absolute link from PUBLIC_URL (docs/architecture.md#outbox).
  const [facility] = await tx.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  const sign = facility?.name ?? '';
  await enqueue(tx, {
    topic: RESERVATION_TOPIC,
    payload: {
      gymId,
      to: customer.phone,
      memberId: customer.id,
      kind: 'bookingLink',
      link: BOOKING_PAGE,
      text: {
        ko: `[${sign}] 수업 예약 링크입니다(30일간 유효): {{link}}`,
        en: `[${sign}] Your class booking link (valid for 30 days): {{link}}`,
      },
    },
    secrets: { token },
    now: actor.now,
  });
};

/** Issues a new link for a customer (revoking the old ones); with `send`, the outbox texts it to them. */
export const issueBookingLink = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; memberId: number; send?: boolean | undefined },
) => {
  const [customer] = await tx
    .select({ id: member.id, phone: member.phone, status: member.status, erasedAt: member.erasedAt })
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, input.gymId)));
  if (!customer || customer.status === 'QUIT' || customer.erasedAt) throw notFound();
  await tx
    .update(bookingToken)
    .set({ revokedAt: actor.now })
    .where(
      and(
        eq(bookingToken.memberId, customer.id),
        eq(bookingToken.gymId, input.gymId),
        isNull(bookingToken.revokedAt),
      ),
    );
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(actor.now.getTime() + TTL_MS);
  await tx.insert(bookingToken).values({
    gymId: input.gymId,
    memberId: customer.id,
    tokenHash: tokenHashOf(token),
    expiresAt,
    createdByMemberId: actor.memberId,
    createDate: actor.now,
  });
  const path = `${BOOKING_PAGE}?token=${token}`;
  if (input.send) await sendLink(tx, actor, input.gymId, customer, token);
  return { token, path, expiresAt: expiresAt.toISOString() };
};
