import { and, eq, type InferSelectModel, inArray, ne, sql } from 'drizzle-orm';
import type { GymMemberStatus } from '#domain/enums.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { gym, gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { type PageRequest, preparedPages } from '../../db/shapes.ts';
import { AppError } from '../../http/errors.ts';
import { memberSummariesOf } from '../gym-auth/gym-auth.service.ts';

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

/** A link as the page statement sends it: one JSON array, in the order of `linkPage`'s `json_build_array`. */
type LinkTuple = [
  id: number,
  gymId: number,
  memberId: number,
  status: GymMemberStatus,
  workerYn: boolean,
  gymAuthId: number | null,
  memberUserId: string | null,
  memberName: string,
  memberPhone: string,
  gymName: string,
  gymStatus: GymMember['gym']['gymStatus'],
  createDate: string,
  modifiedDate: string,
];

/** PostgreSQL's JSON text of a UTC timestamp: seconds, up to six fraction digits, `+00:00`. */
const UTC_JSON_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp from JSON as the API writes it (`Date#toISOString`: UTC, milliseconds, truncated as Drizzle's own
 * mapping truncates). The UTC text is rewritten without parsing a date (it was 4% of a list's CPU); another offset
 * (a server with its own TimeZone) goes through `Date`.
 */
export const isoFromJson = (text: string): string => {
  const utc = UTC_JSON_TIME.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
};

type LinkPageRow = { total: number; links: LinkTuple[] };

/**
 * One page of links as API records, with both summaries and the capped total: one statement that returns one row.
 * The database builds the page as one JSON array of arrays, so the driver parses one value per page instead of 15
 * per link; on PGlite that parse was the largest cost of a list (docs/architecture.md#resource-engine). The
 * statement is prepared once per shape of its filters and order (server/db/shapes.ts).
 */
const linkPages = preparedPages<LinkPageRow[]>((db, { where, orderBy, limit, offset }) => {
  const links = db
    .select({
      link: sql<LinkTuple>`json_build_array(${gymMember.id}, ${gymMember.gymId}, ${gymMember.memberId},
        ${gymMember.status}, ${gymMember.workerYn}, ${gymMember.gymAuthId}, ${member.userId}, ${member.name},
        ${member.phone}, ${gym.name}, ${gym.gymStatus}, ${gymMember.createDate}, ${gymMember.modifiedDate})`.as(
        'link',
      ),
    })
    .from(gymMember)
    .innerJoin(member, eq(member.id, gymMember.memberId))
    .innerJoin(gym, eq(gym.id, gymMember.gymId))
    .where(where)
    .orderBy(orderBy)
    .limit(limit)
    .offset(offset)
    .as('links');
  // json_agg keeps the order of the sorted subquery it reads (nothing else is joined at this level).
  return db
    .select({
      total: cappedTotal(gymMember, where),
      links: sql<LinkTuple[]>`coalesce(json_agg(${links.link}), '[]'::json)`,
    })
    .from(links);
});

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
      member: { id: memberId, userId, name, phone },
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
