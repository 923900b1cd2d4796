import { and, eq, type InferSelectModel, inArray, ne, type SQL } from 'drizzle-orm';
import type { GymMemberStatus } from '#domain/enums.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { gym, gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { memberSummariesOf, memberSummary } from '../gym-auth/gym-auth.service.ts';

export type GymMemberRow = InferSelectModel<typeof gymMember>;

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

/** One page of links with both summaries and the capped total: one statement. */
export const linkPage = async (
  db: Executor,
  page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
) => {
  const rows = await db
    .select({
      row: gymMember,
      member: memberSummary,
      gym: gymSummary,
      total: cappedTotal(gymMember, page.where),
    })
    .from(gymMember)
    .innerJoin(member, eq(member.id, gymMember.memberId))
    .innerJoin(gym, eq(gym.id, gymMember.gymId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total };
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

export const memberExists = async (db: Executor, memberId: number) => {
  const [row] = await db.select({ id: member.id }).from(member).where(eq(member.id, memberId));
  return row !== undefined;
};

export const findLink = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select()
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
    .limit(1);
  return row;
};

/** A new link; with a set, its assignment too. */
export const createLink = async (
  tx: Executor,
  values: {
    gymId: number;
    memberId: number;
    status: GymMemberStatus;
    workerYn: boolean;
    gymAuthId: number | null;
    now: Date;
  },
) => {
  const { now, ...link } = values;
  const [row] = await tx
    .insert(gymMember)
    .values({ ...link, createDate: now, modifiedDate: now })
    .returning();
  if (link.gymAuthId !== null) {
    await tx
      .insert(gymAuthMember)
      .values({ gymId: link.gymId, memberId: link.memberId, gymAuthId: link.gymAuthId });
  }
  return row!;
};

/** The facility's status, for a worker's request to join it. */
export const gymStatusOf = async (db: Executor, gymId: number) => {
  const [target] = await db.select({ gymStatus: gym.gymStatus }).from(gym).where(eq(gym.id, gymId));
  return target?.gymStatus;
};

/** A worker's request to join: a WAIT link with workerYn (the unique index refuses a second one). */
export const requestToJoin = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .insert(gymMember)
    .values({ gymId, memberId, status: 'WAIT', workerYn: true })
    .returning();
  return row!;
};

/** The representative's invitations: WAIT links for members not yet linked; every id must be an account. */
export const invite = async (db: Executor, gymId: number, memberIds: number[]) => {
  const ids = [...new Set(memberIds)];
  const found = await db.select({ id: member.id }).from(member).where(inArray(member.id, ids));
  if (ids.some((id) => !found.some((m) => m.id === id))) {
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { targetList: 'memberNotFound' });
  }
  return db
    .insert(gymMember)
    .values(ids.map((memberId) => ({ gymId, memberId, status: 'WAIT' as const, workerYn: false })))
    .onConflictDoNothing()
    .returning();
};

/** A member's own links, at most 200 (one per facility). */
export const linksOfMember = (db: Executor, memberId: number) =>
  db.select().from(gymMember).where(eq(gymMember.memberId, memberId)).orderBy(gymMember.id).limit(200);

/** A member leaves every facility where they work; a representative closes the facility instead. */
export const quitEverywhere = async (db: Executor, memberId: number, now: Date) => {
  const links = await db
    .select({ id: gymMember.id, representYn: gymAuth.representYn })
    .from(gymMember)
    .leftJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(and(eq(gymMember.memberId, memberId), ne(gymMember.status, 'QUIT')))
    .limit(200);
  if (links.some((l) => l.representYn)) throw new AppError('CONFLICT', 'representLinkProtected');
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

/** The account an invitation by user id would reach: exact match, open (not QUIT), never the operator. */
export const invitableAccount = async (db: Executor, userId: string) => {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, name: member.name, phone: member.phone })
    .from(member)
    .where(and(eq(member.userId, userId), ne(member.status, 'QUIT'), ne(member.authCode, 'SUPERADMIN')))
    .limit(1);
  return row;
};
