import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasRight, reachesAssignedOnly } from '#domain/permissions.ts';
import type { AppContext } from '../../context.ts';
import { gymMember, member } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { gymIdsWithRight, rightsOf } from '../../http/rights.ts';

/**
 * Who may read a person (an account or a customer) by their member id (docs/rules.md#reading-a-person):
 * - the person themself, and the operator;
 * - staff with `memberUseYn` in a facility where the person is a customer (a link that is neither a worker's nor a
 *   pending invitation: customers' links are made only by registering them), and, for a set that reaches assigned
 *   customers only (docs/rules.md#customer-reach), a customer assigned to them;
 * - staff of a facility where the person is an accepted worker (an ACTIVE or INACTIVE staff link), the
 *   facility's staff roster's own right.
 *
 * Nobody else: an unaccepted invitation, a worker's request to join, a former worker (QUIT) or no link at all
 * reads as an id that does not exist (404, never 403).
 */
export const mayReadPerson = async (request: FastifyRequest, ctx: AppContext, memberId: number) => {
  const me = requireMember(request);
  if (memberId === me.id || me.authCode === 'SUPERADMIN') return true;
  const [rights, staffGyms] = await Promise.all([
    rightsOf(request, ctx.loadRights),
    gymIdsWithRight(request, ctx.loadRights, 'staff'),
  ]);
  const customerGyms: number[] = [];
  const assignedGyms: number[] = [];
  for (const [gymId, set] of rights)
    if (hasRight(set, 'memberUseYn')) (reachesAssignedOnly(set) ? assignedGyms : customerGyms).push(gymId);
  if (customerGyms.length === 0 && assignedGyms.length === 0 && staffGyms.length === 0) return false;
  const customerLink = (gymIds: number[]) =>
    and(
      inArray(gymMember.gymId, gymIds),
      eq(gymMember.workerYn, false),
      isNull(gymMember.invitedAt),
      ne(gymMember.status, 'WAIT'),
    );
  const asCustomer = or(
    customerGyms.length > 0 ? customerLink(customerGyms) : undefined,
    assignedGyms.length > 0
      ? and(
          customerLink(assignedGyms),
          sql`exists (select 1 from ${member} m where m.id = ${gymMember.memberId} and m.trainer_member_id = ${me.id})`,
        )
      : undefined,
  );
  const asWorker =
    staffGyms.length > 0
      ? and(
          inArray(gymMember.gymId, staffGyms),
          eq(gymMember.workerYn, true),
          inArray(gymMember.status, ['ACTIVE', 'INACTIVE']),
        )
      : undefined;
  const [link] = await ctx.db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.memberId, memberId), or(asCustomer, asWorker)))
    .limit(1);
  return link !== undefined;
};
