// The plans of the members set's three page statements on PostgreSQL with the 100,000 customers of
// bench/members-setup.ts: EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the app sends (bench/members-sql.ts).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/explain-members.ts
// makes a scratch database, migrates it, adds an owner and a facility, fills it and drops it afterwards
// (BENCH_KEEP=1 keeps it; EXPLAIN_DATABASE=<name> reuses a kept one, its largest facility).

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { openPostgres } from '#server/db/client.ts';
import { fillMembersPostgres } from './members-setup.ts';
import { customerListStatement, customerPassesStatement, type Statement } from './members-sql.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server');
const reuse = process.env.EXPLAIN_DATABASE;
const name = reuse ?? `fitdesk_explain_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const client = new pg.Client({ connectionString: dbUrl.toString() });
try {
  let gymId: number;
  if (!reuse) {
    await admin.query(`create database ${name}`);
    const database = await openPostgres(dbUrl.toString());
    await database.migrate();
    await database.close();
    await client.connect();
    const owner = await client.query(
      `insert into member (user_id, password_hash, name, phone, auth_code)
       values ('explain_owner', 'x', 'Owner', '01000000000', 'ADMIN') returning id`,
    );
    const gym = await client.query(`insert into gym (name) values ('Bench Gym') returning id`);
    gymId = gym.rows[0].id;
    const filled = await fillMembersPostgres(dbUrl.toString(), { gymId, ownerId: owner.rows[0].id });
    console.log(`filled ${filled.customers} customers, ${filled.passes} passes in ${filled.seconds} s`);
    console.log(JSON.stringify(filled.shape));
  } else {
    await client.connect();
    const gym = await client.query(
      'select owner_gym_id as id from member where owner_gym_id is not null group by 1 order by count(*) desc limit 1',
    );
    gymId = gym.rows[0].id;
  }
  const today = seoulToday(new Date());
  const [{ id: customerId }] = (
    await client.query(
      `select member_id as id from ticket_issue where gym_id = $1 group by member_id having count(*) = 3
       order by hashint4(member_id) limit 1`,
      [gymId],
    )
  ).rows;
  const passes = await customerPassesStatement(gymId);
  const cases: [string, Statement][] = [
    [
      'total-list?q=김&_sort=passEndDate&_order=asc&_start=0&_end=20',
      customerListStatement(
        { gymId, segment: 'all', q: '김', _sort: 'passEndDate', _order: 'asc', _start: 0, _end: 20 },
        today,
      ),
    ],
    [
      // Two syllables (a given name): no trigram to look up, so the list cannot use member_name_trgm_idx.
      'total-list?q=민서&_sort=passEndDate&_order=asc&_start=0&_end=20 (not a bench scenario)',
      customerListStatement(
        { gymId, segment: 'all', q: '민서', _sort: 'passEndDate', _order: 'asc', _start: 0, _end: 20 },
        today,
      ),
    ],
    [
      'total-list?q=김민서 (three syllables, not a bench scenario)',
      customerListStatement({ gymId, segment: 'all', q: '김민서', _start: 0, _end: 20 }, today),
    ],
    [
      'will-inactive-list?days=7&_start=0&_end=20',
      customerListStatement({ gymId, segment: 'expiring', days: 7, _start: 0, _end: 20 }, today),
    ],
    [
      `ticket-issue-list/${customerId} (3 passes)`,
      { text: passes.text, params: passes.withMember(customerId) },
    ],
  ];
  const [{ version }] = (await client.query('select version()')).rows;
  console.log(`\n${version}\ntoday (Asia/Seoul) ${today}, facility ${gymId}`);
  for (const [label, { text, params }] of cases) {
    // Warm the cache the way a running server would have it, then plan and time the statement.
    await client.query(text, params);
    await client.query(text, params);
    const plan = await client.query(`explain (analyze, buffers) ${text}`, params);
    console.log(`\n### ${label}\n\n${text}\n-- ${JSON.stringify(params)}\n`);
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
  }
} finally {
  await client.end().catch(() => {});
  if (!reuse && !process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`\nkept database ${name}`);
  await admin.end();
}
