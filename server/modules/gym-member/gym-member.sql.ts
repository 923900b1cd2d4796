import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { GymMemberStatus } from '#domain/enums.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { cappedTotal } from '../../db/count.ts';
import { gym, gymMember, member } from '../../db/schema/index.ts';
import { preparedPages } from '../../db/shapes.ts';

// The links' statements (docs/rules.md#permissions): the list's page as one JSON value, and who an invitation
// reaches.

/** An invitation the invited worker has not accepted yet (docs/rules.md#permissions). */
const pendingInvite = sql<boolean>`(${gymMember.invitedAt} is not null and ${gymMember.status} = 'WAIT')`;

/** A link as the page statement sends it: one JSON array, in the order of `linkPage`'s `json_build_array`. */
export type LinkTuple = [
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

type LinkPageRow = { total: number; links: LinkTuple[] };

/**
 * One page of links as API records, with both summaries and the capped total: one statement that returns one row.
 * The database builds the page as one JSON array of arrays, so the driver parses one value per page instead of 15
 * per link; on PGlite that parse was the largest cost of a list (docs/architecture.md#resource-engine). The
 * statement is prepared once per shape of its filters and order (server/db/shapes.ts).
 */
export const linkPages = preparedPages<LinkPageRow[]>((db, { where, orderBy, limit, offset }) => {
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

/**
 * The worker account an invitation by user id reaches (docs/rules.md#permissions): the exact user id (user ids are
 * unique whatever their case), an account that can sign in, a worker (MEMBER), not closed. Never a facility's
 * customer (no login), a representative or the operator.
 */
export const invitableWhere = (userIds: string[]) =>
  and(
    inArray(
      sql`lower(${member.userId})`,
      userIds.map((id) => id.toLowerCase()),
    ),
    isNotNull(member.passwordHash),
    eq(member.authCode, 'MEMBER'),
    ne(member.status, 'QUIT'),
  );
