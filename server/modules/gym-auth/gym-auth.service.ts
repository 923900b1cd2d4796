import {
  and,
  eq,
  type InferInsertModel,
  type InferSelectModel,
  inArray,
  isNotNull,
  ne,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { refused } from './gym-auth.refusals.ts';

export type GymAuthRow = InferSelectModel<typeof gymAuth>;
export type GymAuthMemberRow = InferSelectModel<typeof gymAuthMember>;

/** What a list of staff shows of each member. */
export const memberSummary = { id: member.id, userId: member.userId, name: member.name, phone: member.phone };
export type MemberSummary = { id: number; userId: string | null; name: string; phone: string };

/** Moving the default: the facility keeps exactly one default set (the partial unique index agrees). */
export const clearOtherDefaults = (tx: Executor, gymId: number, keepId?: number) =>
  tx
    .update(gymAuth)
    .set({ defaultYn: false })
    .where(
      and(eq(gymAuth.gymId, gymId), eq(gymAuth.defaultYn, true), ...(keepId ? [ne(gymAuth.id, keepId)] : [])),
    );

/** A new permission set; never a second representative set (docs/rules.md#permissions). */
export const createAuthSet = async (tx: Executor, values: InferInsertModel<typeof gymAuth>) => {
  if (values.defaultYn) await clearOtherDefaults(tx, values.gymId);
  const [row] = await tx
    .insert(gymAuth)
    .values({ ...values, representYn: false })
    .returning();
  return row!;
};

/** Deletes a set nobody active holds; links that have left keep no hold on it. */
export const deleteAuthSet = async (tx: Executor, set: GymAuthRow) => {
  if (set.representYn) throw refused('representSetProtected');
  if (set.defaultYn) throw refused('defaultRequired');
  const [used] = await tx
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.gymAuthId, set.id), ne(gymMember.status, 'QUIT')))
    .limit(1);
  if (used) throw refused('authInUse');
  await tx.update(gymMember).set({ gymAuthId: null }).where(eq(gymMember.gymAuthId, set.id));
  await tx.delete(gymAuthMember).where(eq(gymAuthMember.gymAuthId, set.id));
  await tx.delete(gymAuth).where(eq(gymAuth.id, set.id));
};

/** The set's facility, found through the set itself (the body names no facility). */
export const gymOfAuth = async (db: Executor, gymAuthId: number) => {
  const [row] = await db
    .select({ gymId: gymAuth.gymId })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId))
    .limit(1);
  return row?.gymId;
};

/** Whether a set is the facility's representative set. */
export const isRepresentSet = async (db: Executor, gymAuthId: number | null) => {
  if (gymAuthId === null) return false;
  const [set] = await db
    .select({ representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId));
  return set?.representYn === true;
};

/** The facility's default set. */
export const defaultSetOf = async (db: Executor, gymId: number) => {
  const [set] = await db
    .select({ id: gymAuth.id })
    .from(gymAuth)
    .where(and(eq(gymAuth.gymId, gymId), eq(gymAuth.defaultYn, true)))
    .limit(1);
  return set?.id;
};

/** A set named for a facility must be one of that facility's sets. */
export const assertSetOfGym = async (db: Executor, gymId: number, gymAuthId: number) => {
  if ((await gymOfAuth(db, gymAuthId)) !== gymId) {
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { gymAuthId: 'invalidValue' });
  }
};

/** Keeps gym_auth_member and the staff link's gymAuthId saying the same thing. */
export const assignAuth = async (
  tx: Executor,
  gymId: number,
  memberId: number,
  gymAuthId: number,
  now: Date,
): Promise<GymAuthMemberRow> => {
  const [link] = await tx
    .select({ id: gymMember.id, gymAuthId: gymMember.gymAuthId })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
    .limit(1);
  if (!link) throw notFound();
  const [current] = await tx
    .select({ gymAuthId: gymAuth.id, representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, link.gymAuthId ?? -1))
    .limit(1);
  if (current?.representYn && current.gymAuthId !== gymAuthId) throw refused('representLinkProtected');
  const [target] = await tx
    .select({ representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId));
  if (target?.representYn && !current?.representYn) throw refused('representSetProtected');
  await tx.update(gymMember).set({ gymAuthId, modifiedDate: now }).where(eq(gymMember.id, link.id));
  const [existing] = await tx
    .select({ id: gymAuthMember.id })
    .from(gymAuthMember)
    .where(and(eq(gymAuthMember.gymId, gymId), eq(gymAuthMember.memberId, memberId)))
    .limit(1);
  if (existing) {
    const [row] = await tx
      .update(gymAuthMember)
      .set({ gymAuthId })
      .where(eq(gymAuthMember.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await tx.insert(gymAuthMember).values({ gymId, memberId, gymAuthId }).returning();
  return row!;
};

/** Takes a member's set away: the assignment goes, the staff link keeps no set. Never the representative's. */
export const unassignAuth = async (tx: Executor, assignment: GymAuthMemberRow) => {
  if (await isRepresentSet(tx, assignment.gymAuthId)) throw refused('representLinkProtected');
  await tx
    .update(gymMember)
    .set({ gymAuthId: null })
    .where(and(eq(gymMember.gymId, assignment.gymId), eq(gymMember.memberId, assignment.memberId)));
  await tx.delete(gymAuthMember).where(eq(gymAuthMember.id, assignment.id));
};

/**
 * Whether the member's link to the facility is an invitation they have not accepted: it makes them nobody the
 * facility may name yet (docs/rules.md#people).
 */
export const hasPendingInvite = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.memberId, memberId),
        eq(gymMember.status, 'WAIT'),
        isNotNull(gymMember.invitedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The members' summaries by id, for records that show them. */
export const memberSummariesOf = async (db: Executor, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, MemberSummary>();
  const found = await db.select(memberSummary).from(member).where(inArray(member.id, unique));
  return new Map(found.map((m) => [m.id, m]));
};

/** One page of assignments with each member's summary and the capped total: one statement. */
export const assignmentPage = async (
  db: Executor,
  page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
) => {
  const rows = await db
    .select({
      link: gymAuthMember,
      member: memberSummary,
      total: cappedTotal(gymAuthMember, page.where),
    })
    .from(gymAuthMember)
    .innerJoin(member, eq(member.id, gymAuthMember.memberId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total };
};

/** The set of the member's ACTIVE link to the facility, if it has one. */
export const ownSetOf = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select({ set: gymAuth })
    .from(gymMember)
    .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId), eq(gymMember.status, 'ACTIVE')))
    .limit(1);
  return row?.set;
};
