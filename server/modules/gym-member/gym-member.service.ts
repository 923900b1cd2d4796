import { and, eq, type InferSelectModel, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { GymMemberStatus } from '#domain/enums.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { gym, gymAuth, gymMember, member } from '../../db/schema/index.ts';
import { type PageRequest, preparedPages } from '../../db/shapes.ts';
import { AppError, rateLimited } from '../../http/errors.ts';
import { maskName, maskPhone } from '../../kernel/mask.ts';
import { type MemberSummary, memberSummariesOf } from '../gym-auth/gym-auth.service.ts';

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

/** An invitation the invited worker has not accepted yet (docs/rules.md#permissions). */
const pendingInvite = sql<boolean>`(${gymMember.invitedAt} is not null and ${gymMember.status} = 'WAIT')`;

/** Whether a link is an invitation still waiting for the invited person. */
export const isPendingInvite = (row: Pick<GymMemberRow, 'invitedAt' | 'status'>) =>
  row.invitedAt !== null && row.status === 'WAIT';

/** Until they accept, the facility sees an invited person's name and phone masked. */
export const maskedSummary = (summary: MemberSummary): MemberSummary => ({
  ...summary,
  name: maskName(summary.name),
  phone: maskPhone(summary.phone),
});

/** A link as the page statement sends it: one JSON array, in the order of `linkPage`'s `json_build_array`. */
type LinkTuple = [
  id: number,
  gymId: number,
  memberId: number,
  status: GymMemberStatus,
  workerYn: boolean,
  gymAuthId: number | null,
  invited: boolean,
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
        ${gymMember.status}, ${gymMember.workerYn}, ${gymMember.gymAuthId}, ${pendingInvite}, ${member.userId}, ${member.name},
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

/** A worker's request to join: a WAIT link with workerYn (the unique index refuses a second one). */
export const requestToJoin = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .insert(gymMember)
    .values({ gymId, memberId, status: 'WAIT', workerYn: true })
    .returning();
  return row!;
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

/**
 * The worker account an invitation by user id reaches (docs/rules.md#permissions): the exact user id (user ids are
 * unique whatever their case), an account that can sign in, a worker (MEMBER), not closed. Never a facility's
 * customer (no login), a representative or the operator.
 */
const invitableWhere = (userIds: string[]) =>
  and(
    inArray(
      sql`lower(${member.userId})`,
      userIds.map((id) => id.toLowerCase()),
    ),
    isNotNull(member.passwordHash),
    eq(member.authCode, 'MEMBER'),
    ne(member.status, 'QUIT'),
  );

/** The account an invitation by user id would reach, for the representative to confirm (masked by the route). */
export const invitableAccount = async (db: Executor, userId: string) => {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, name: member.name, phone: member.phone })
    .from(member)
    .where(invitableWhere([userId]))
    .limit(1);
  return row;
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

/** The invited worker's own pending invitation, locked for the answer; another's or none is undefined. */
export const pendingInviteOf = async (tx: Executor, linkId: number, memberId: number) => {
  const [row] = await tx
    .select()
    .from(gymMember)
    .where(and(eq(gymMember.id, linkId), eq(gymMember.memberId, memberId)))
    .for('update');
  return row && isPendingInvite(row) ? row : undefined;
};
