import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gym, gymAuth, gymMember, member } from '../../db/schema/index.ts';
import { notFound, rateLimited } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { assertWritableIn } from '../../resources/engine.ts';
import { assignAuth } from '../gym-auth/gym-auth.commands.ts';
import { defaultSetOf } from '../gym-auth/gym-auth.queries.ts';
import type { GymMemberRow } from './gym-member.mappers.ts';
import { pendingInviteOf } from './gym-member.queries.ts';
import { refused } from './gym-member.refusals.ts';
import { invitableWhere } from './gym-member.sql.ts';

// The links' writes (docs/rules.md#permissions): a worker's request to join, the representative's invitations and
// the invited worker's answer, leaving. Each takes the caller's transaction; the audited ones leave their row in it.

/** A worker's request to join: a WAIT link with workerYn (the unique index refuses a second one). */
export const requestToJoin = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .insert(gymMember)
    .values({ gymId, memberId, status: 'WAIT', workerYn: true })
    .returning();
  return row!;
};

/** A member leaves every facility where they work; a representative closes the facility instead. */
export const quitEverywhere = async (db: Executor, memberId: number, now: Date) => {
  const links = await db
    .select({ id: gymMember.id, representYn: gymAuth.representYn })
    .from(gymMember)
    .leftJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(and(eq(gymMember.memberId, memberId), ne(gymMember.status, 'QUIT')))
    .limit(200);
  if (links.some((l) => l.representYn)) throw refused('representLinkProtected');
  if (links.length === 0) return;
  await db
    .update(gymMember)
    .set({ status: 'QUIT', modifiedDate: now })
    .where(
      inArray(
        gymMember.id,
        links.map((l) => l.id),
      ),
    );
};

/** Ends a link (QUIT) and keeps its history. */
export const endLink = async (tx: Executor, link: GymMemberRow, now: Date) => {
  await tx.update(gymMember).set({ status: 'QUIT', modifiedDate: now }).where(eq(gymMember.id, link.id));
};

/** How many invitations a facility, and an account, may send in an hour (docs/rules.md#permissions). */
export const INVITES_PER_HOUR = 100;

/**
 * The representative's invitations, by user id: a WAIT staff link per worker account not yet linked to the
 * facility, which only that worker accepts. Answers, per user id asked, whether an invitation was sent; a user id
 * that reaches no worker account, or one already linked, is simply not sent. A facility, and an inviting account,
 * send at most `INVITES_PER_HOUR` an hour (429 past it, nothing sent).
 */
export const invite = async (
  tx: Executor,
  values: { gymId: number; userIds: string[]; invitedBy: number; now: Date },
) => {
  const { gymId, invitedBy, now } = values;
  const asked = [...new Map(values.userIds.map((id) => [id.toLowerCase(), id])).values()];
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  // The facility's row serialises its inviters, so two calls cannot both pass the ceiling.
  await tx.select({ id: gym.id }).from(gym).where(eq(gym.id, gymId)).for('update');
  const [recent] = await tx
    .select({
      byGym: sql<number>`count(*) filter (where ${gymMember.gymId} = ${gymId})::int`,
      byAccount: sql<number>`count(*) filter (where ${gymMember.invitedBy} = ${invitedBy})::int`,
    })
    .from(gymMember)
    .where(
      and(
        sql`${gymMember.invitedAt} > ${since}`,
        or(eq(gymMember.gymId, gymId), eq(gymMember.invitedBy, invitedBy)),
      ),
    );
  const used = Math.max(recent?.byGym ?? 0, recent?.byAccount ?? 0);
  const accounts = await tx
    .select({ id: member.id, userId: member.userId })
    .from(member)
    .where(invitableWhere(asked));
  if (accounts.length > 0 && used + accounts.length > INVITES_PER_HOUR) {
    const oldest = await tx
      .select({ at: gymMember.invitedAt })
      .from(gymMember)
      .where(
        and(
          sql`${gymMember.invitedAt} > ${since}`,
          or(eq(gymMember.gymId, gymId), eq(gymMember.invitedBy, invitedBy)),
        ),
      )
      .orderBy(gymMember.invitedAt)
      .limit(1);
    const freesAt = (oldest[0]?.at?.getTime() ?? now.getTime()) + 60 * 60 * 1000;
    throw rateLimited(Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
  }
  const created =
    accounts.length === 0
      ? []
      : await tx
          .insert(gymMember)
          .values(
            accounts.map((account) => ({
              gymId,
              memberId: account.id,
              status: 'WAIT' as const,
              workerYn: true,
              invitedAt: now,
              invitedBy,
              createDate: now,
              modifiedDate: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ memberId: gymMember.memberId });
  const sentTo = new Set(
    accounts.filter((a) => created.some((c) => c.memberId === a.id)).map((a) => a.userId?.toLowerCase()),
  );
  return {
    results: asked.map((userId) => ({ userId, sent: sentTo.has(userId.toLowerCase()) })),
    links: created.length,
  };
};

/** The representative's invitations (`invite`), audited when any was sent. */
export const inviteWorkers = async (
  tx: Executor,
  actor: Actor & { memberId: number },
  gymId: number,
  userIds: string[],
) => {
  const sent = await invite(tx, { gymId, userIds, invitedBy: actor.memberId, now: actor.now });
  if (sent.links > 0)
    await audited(tx, actor, {
      gymId,
      action: 'gym-member.invite',
      entity: 'gym-member',
      entityId: null,
      before: null,
      after: { invited: sent.links },
    });
  return sent;
};

/**
 * The invited worker's answer to their own invitation (404 for anyone else's, or a link that is not a pending
 * invitation): accepted, the link becomes ACTIVE with the facility's default set (an open facility only); declined,
 * QUIT. Audited in the worker's name.
 */
export const answerInvite = async (
  tx: Executor,
  actor: Actor & { memberId: number },
  linkId: number,
  accept: boolean,
) => {
  const link = await pendingInviteOf(tx, linkId, actor.memberId);
  if (!link) throw notFound();
  if (accept) await assertWritableIn(tx, link.gymId);
  const gymAuthId = accept ? ((await defaultSetOf(tx, link.gymId)) ?? null) : null;
  const [updated] = await tx
    .update(gymMember)
    .set({ status: accept ? 'ACTIVE' : 'QUIT', modifiedDate: actor.now })
    .where(eq(gymMember.id, link.id))
    .returning();
  if (gymAuthId !== null) await assignAuth(tx, link.gymId, actor.memberId, gymAuthId, actor.now);
  await audited(tx, actor, {
    gymId: link.gymId,
    action: accept ? 'gym-member.accept' : 'gym-member.decline',
    entity: 'gym-member',
    entityId: link.id,
    before: link,
    after: { ...updated, gymAuthId },
  });
  // An update answers its row.
  return { ...updated!, gymAuthId: gymAuthId ?? updated!.gymAuthId };
};
