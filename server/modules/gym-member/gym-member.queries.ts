import { and, eq, inArray } from 'drizzle-orm';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { Executor } from '../../db/client.ts';
import { gym, gymMember, member } from '../../db/schema/index.ts';
import type { PageRequest } from '../../db/shapes.ts';
import { memberSummariesOf } from '../gym-auth/gym-auth.queries.ts';
import { type GymMemberRow, isoFromJson, isPendingInvite, maskedSummary } from './gym-member.mappers.ts';
import { invitableWhere, linkPages } from './gym-member.sql.ts';

// The links' reads (docs/rules.md#permissions): a page of links, a member's own, one link, and the account an
// invitation would reach.

const gymSummary = { id: gym.id, name: gym.name, gymStatus: gym.gymStatus };

/** Links with the member's and the facility's summaries, as the records show them. */
export const withSummaries = async (db: Executor, rows: GymMemberRow[]) => {
  if (rows.length === 0) return [];
  const gymIds = [...new Set(rows.map((r) => r.gymId))];
  const [members, gyms] = await Promise.all([
    memberSummariesOf(
      db,
      rows.map((r) => r.memberId),
    ),
    db.select(gymSummary).from(gym).where(inArray(gym.id, gymIds)),
  ]);
  const gymById = new Map(gyms.map((g) => [g.id, g]));
  return rows.map((row) => ({ row, member: members.get(row.memberId), gym: gymById.get(row.gymId) }));
};

export const linkPage = async (
  db: Executor,
  page: PageRequest,
): Promise<{ records: GymMember[]; total: number }> => {
  const rows = await linkPages(db, page);
  const row = rows[0];
  const records = (row?.links ?? []).map(
    ([
      id,
      gymId,
      memberId,
      status,
      workerYn,
      gymAuthId,
      invited,
      userId,
      name,
      phone,
      gymName,
      gymStatus,
      created,
      modified,
    ]) => ({
      id,
      gymId,
      memberId,
      status,
      workerYn,
      gymAuthId,
      invited,
      member: invited
        ? maskedSummary({ id: memberId, userId, name, phone })
        : { id: memberId, userId, name, phone },
      gym: { id: gymId, name: gymName, gymStatus },
      createDate: isoFromJson(created),
      modifiedDate: isoFromJson(modified),
    }),
  );
  return { records, total: row?.total ?? 0 };
};

/** Whether the member works at the facility: an ACTIVE worker link (a trainer, a desk; docs/rules.md#schedule). */
export const isActiveWorker = async (db: Executor, gymId: number, memberId: number): Promise<boolean> => {
  const [link] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.memberId, memberId),
        eq(gymMember.workerYn, true),
        eq(gymMember.status, 'ACTIVE'),
      ),
    );
  return link !== undefined;
};

export const findLink = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select()
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
    .limit(1);
  return row;
};

/** The facility's status, for a worker's request to join it. */
export const gymStatusOf = async (db: Executor, gymId: number) => {
  const [target] = await db.select({ gymStatus: gym.gymStatus }).from(gym).where(eq(gym.id, gymId));
  return target?.gymStatus;
};

/** A member's own links, at most 200 (one per facility). */
export const linksOfMember = (db: Executor, memberId: number) =>
  db.select().from(gymMember).where(eq(gymMember.memberId, memberId)).orderBy(gymMember.id).limit(200);

/** The account an invitation by user id would reach, for the representative to confirm (masked by the route). */
export const invitableAccount = async (db: Executor, userId: string) => {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, name: member.name, phone: member.phone })
    .from(member)
    .where(invitableWhere([userId]))
    .limit(1);
  return row;
};

/** The invited worker's own pending invitation, locked for the answer; another's or none is undefined. */
export const pendingInviteOf = async (tx: Executor, linkId: number, memberId: number) => {
  const [row] = await tx
    .select()
    .from(gymMember)
    .where(and(eq(gymMember.id, linkId), eq(gymMember.memberId, memberId)))
    .for('update');
  return row && isPendingInvite(row) ? row : undefined;
};
