import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { gymMember } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { gymIdsWithRight } from '../../http/rights.ts';

/**
 * Who may read a person (an account or a customer) by their member id (docs/rules.md#reading-a-person):
 * - the person themself, and the operator;
 * - staff with `memberUseYn` in a facility where the person is a customer (a link that is neither a worker's nor a
 *   pending invitation: customers' links are made only by registering them);
 * - staff of a facility where the person is an accepted worker (an ACTIVE or INACTIVE staff link), the
 *   facility's staff roster's own right.
 *
 * Nobody else: an unaccepted invitation, a worker's request to join, a former worker (QUIT) or no link at all
 * reads as an id that does not exist (404, never 403).
 */
export const mayReadPerson = async (request: FastifyRequest, ctx: AppContext, memberId: number) => {
  const me = requireMember(request);
  if (memberId === me.id || me.authCode === 'SUPERADMIN') return true;
  const [customerGyms, staffGyms] = await Promise.all([
    gymIdsWithRight(request, ctx.loadRights, 'memberUseYn'),
    gymIdsWithRight(request, ctx.loadRights, 'staff'),
  ]);
  if (customerGyms.length === 0 && staffGyms.length === 0) return false;
  const asCustomer =
    customerGyms.length > 0
      ? and(
          inArray(gymMember.gymId, customerGyms),
          eq(gymMember.workerYn, false),
          isNull(gymMember.invitedAt),
          ne(gymMember.status, 'WAIT'),
        )
      : undefined;
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
