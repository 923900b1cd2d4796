// The plans of the messaging statements on the bench data (bench/message.ts with BENCH_KEEP=1):
//   BENCH_DATABASE_URL=postgres://…/fitdesk_bench_… node --import tsx bench/explain-message.ts
// EXPLAIN (ANALYZE, BUFFERS) of the live count's two statements (the count and the first recipient) for the segment
// `all` of the facility with the most customers, advertising and informational, as the sends module builds them.

import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { segmentWhere } from '#server/modules/customer/customer.queries.ts';
import {
  classifiedQuery,
  countQuery,
  peopleQuery,
  sampleQuery,
} from '#server/modules/message/message.sql.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to the kept bench database');
const client = new pg.Client({ connectionString: url });
await client.connect();
const [top] = (
  await client.query('select owner_gym_id as id from member group by 1 order by count(*) desc limit 1')
).rows;
const gymId = Number(top.id);
const dialect = new PgDialect({ casing: 'snake_case' });
for (const advertising of [true, false]) {
  const where = segmentWhere({ gymId, segment: 'all', days: 7 }, new Date());
  const rules = { gymId, channel: 'SMS' as const, advertising, nightExclude: advertising, duplicates: false };
  const classified = classifiedQuery(peopleQuery({ type: 'members', where }, 'SMS'), rules);
  for (const [label, statement] of [
    ['count', countQuery(classified)],
    ['first recipient', sampleQuery(classified)],
  ] as const) {
    const query = dialect.sqlToQuery(statement);
    const plan = await client.query(`explain (analyze, buffers) ${query.sql}`, query.params);
    console.log(`\n== ${advertising ? 'advertising' : 'informational'}: ${label}\n${query.sql}\n`);
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
  }
}
await client.end();
