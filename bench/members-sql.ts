// The members set's page statements, exactly as the app builds them, for the bare baseline (bench/baseline.ts) and
// the plans (bench/explain-members.ts). The list's come from `customerListQuery(...).toSQL()`
// (server/modules/customer/customer.sql.ts); the passes' from `issueDetails` (server/modules/pass/pass.queries.ts)
// run once on a client that only records the statement it is sent.

import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { customerListQuery, type customerSorts } from '#server/modules/customer/customer.sql.ts';
import { issueDetails } from '#server/modules/pass/pass.queries.ts';

export type Statement = { text: string; params: unknown[] };

let captured: Statement | undefined;
/** A Drizzle database with the app's options on a client that records each statement and answers no rows. */
const capture = drizzle({
  client: {
    query: async (config: string | { text: string }, params: unknown[]) => {
      captured = { text: typeof config === 'string' ? config : config.text, params };
      return { rows: [], fields: [] };
    },
  } as unknown as pg.Pool,
  schema,
  casing: 'snake_case',
}) as unknown as Db;

export type ListRequest = {
  gymId: number;
  segment: CustomerSegment;
  days?: number;
  q?: string | undefined;
  _start?: number;
  _end?: number;
  _sort?: keyof typeof customerSorts | undefined;
  _order?: 'asc' | 'desc' | undefined;
};

/** The customer list's page statement for a request, with the defaults listCustomers applies. */
export const customerListStatement = (request: ListRequest, today: string): Statement => {
  const start = request._start ?? 0;
  const end = Math.min(request._end ?? start + 20, start + 100);
  const sort = request._sort ?? 'id';
  const built = customerListQuery(capture, {
    gymId: request.gymId,
    segment: request.segment,
    days: request.days ?? 7,
    q: request.q,
    sort,
    order:
      request._order ??
      (sort === 'id' || sort === 'registeredOn' || sort === 'unpaidAmount' ? 'desc' : 'asc'),
    limit: Math.max(end - start, 0),
    offset: start,
    today,
    withTotal: true,
  }).toSQL();
  return { text: built.sql, params: built.params };
};

const SENTINEL = -7_654_321;

/** A customer's passes (`ticket-issue-list/{id}`): the statement and where the customer's id goes in it. */
export const customerPassesStatement = async (
  gymId: number,
): Promise<Statement & { withMember: (memberId: number) => unknown[] }> => {
  captured = undefined;
  await issueDetails(capture, { gymId, memberId: SENTINEL }, new Date());
  const found = captured as Statement | undefined;
  if (!found) throw new Error('issueDetails sent no statement');
  if (!found.params.includes(SENTINEL))
    throw new Error("the customer's id is not a parameter of issueDetails");
  return {
    ...found,
    withMember: (memberId) => found.params.map((p) => (p === SENTINEL ? memberId : p)),
  };
};
