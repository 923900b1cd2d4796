import { and, eq, type InferSelectModel, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

// The permission sets' reads (docs/rules.md#permissions): a set's facility and kind, the default set, assignments.

export type GymAuthRow = InferSelectModel<typeof gymAuth>;
export type GymAuthMemberRow = InferSelectModel<typeof gymAuthMember>;

/** What a list of staff shows of each member. */
export const memberSummary = { id: member.id, userId: member.userId, name: member.name, phone: member.phone };
export type MemberSummary = { id: number; userId: string | null; name: string; phone: string };

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
