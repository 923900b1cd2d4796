// The "members and passes" bench data (`BENCH_ONLY=members npm run bench`): one facility with 100,000 customers
// and 150,000 sold passes, written with bulk SQL (INSERT … SELECT over generate_series) straight into the
// database while the server is stopped, then the customers' list summary filled from the passes in one UPDATE and
// the tables vacuumed and analysed. The owner and the facility come from the API (bench/run.ts) like every bench.
//
// Everything is derived from the row number through `hashint4`, so two runs (and PGlite and PostgreSQL) hold the
// same data for the same `today`:
// - names: a family name drawn with its real weight (김 about 21%, 이 15%, 박 8%, …) and two given-name syllables;
//   phones '010' + 8 digits, unique (a bijection of the row number mod 10^8); birth dates 1960–2007; registered
//   over the last 3 years;
// - 8 products (period passes, period + session passes, one session-only pass without an end);
// - per customer 0 (5%), 1 (55%), 2 (25%) or 3 (15%) passes; the latest one expired (35%), ending within 7 days
//   (7%) or later (58%); earlier ones mostly expired, some refunded (4%); about 4% of the passes in force on hold
//   today; session passes with a usage ledger (one row per session used);
// - a sale per pass and its payment lines: 91% paid, 6% half paid, 3% unpaid; a refund line for a refunded pass.
//
// The list summary follows refreshCustomerSummary (server/kernel/customer-summary.ts): the passes in
// force (not refunded, not ended, not used up) give the shown pass (the latest started, else the next to start),
// the earliest start, the latest end (none when one has no end) and the sessions left; without one in force, the
// pass that ended last; the current or next hold of the passes in force; the unpaid balance of the sales.

import pg from 'pg';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { openPglite } from '#server/db/client.ts';

export type MembersFill = {
  customers: number;
  passes: number;
  /** Customers with 2 or 3 passes, spread over the table: the pass-list scenario rotates over them. */
  multiPassIds: number[];
  /** A few customers' figures, to see the data is what it claims. */
  shape: Record<string, number>;
  seconds: number;
};

type Run = (text: string) => Promise<Record<string, unknown>[]>;

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

// Family names with their approximate share (per mille) of the population; the rest share what is left.
const FAMILY: [string, number][] = [
  ['김', 215],
  ['이', 147],
  ['박', 84],
  ['최', 47],
  ['정', 43],
  ['강', 23],
  ['조', 21],
  ['윤', 20],
  ['장', 20],
  ['임', 16],
  ['한', 15],
  ['오', 15],
  ['서', 15],
  ['신', 15],
  ['권', 14],
  ['황', 14],
  ['안', 13],
  ['송', 13],
  ['전', 11],
  ['홍', 11],
  ['유', 11],
  ['고', 9],
  ['문', 9],
  ['양', 9],
  ['손', 9],
  ['배', 8],
  ['백', 7],
  ['허', 6],
  ['노', 6],
  ['남', 5],
  ['심', 5],
  ['하', 5],
  ['곽', 4],
  ['성', 4],
  ['차', 4],
  ['주', 4],
  ['우', 4],
  ['구', 4],
  ['민', 3],
  ['류', 3],
];
const GIVEN = [...'민서지현준영수우진하윤은예도연성재유아승혜정원태호희경주나채소동상시건다린가혁빈훈'];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** The data, written through `run` (one statement at a time, in one transaction). */
export const fillMembers = async (
  run: Run,
  input: { gymId: number; ownerId: number; today?: string },
): Promise<MembersFill> => {
  const started = performance.now();
  const gymId = Math.trunc(input.gymId);
  const ownerId = Math.trunc(input.ownerId);
  const today = input.today ?? seoulToday(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`bad date ${today}`);
  const t = `date '${today}'`;
  const family = FAMILY.flatMap(([name, weight]) => Array<string>(weight).fill(name));
  // h(x, salt): a well-mixed non-negative int from a row number.
  const h = (x: string, salt: number) => `(hashint4((${x} * 16 + ${salt})::int)::bigint & 2147483647)`;
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    const rows = await run(text);
    if (process.env.BENCH_VERBOSE) console.log(`    ${label}: ${Math.round(performance.now() - t0)} ms`);
    return rows;
  };

  await step('begin', 'begin');
  await step(
    'products',
    `insert into ticket (gym_id, name, period_amount, period_unit, session_count, origin_price, sale_price,
       hold_max_count, hold_max_days, hold_min_days, entry_uses_session, transfer_fee, color)
     values
       (${gymId}, '헬스 1개월', 1, 'MONTH', null, 110000, 99000, 1, 14, 3, false, 10000, '#1677ff'),
       (${gymId}, '헬스 3개월', 3, 'MONTH', null, 300000, 270000, 2, 30, 3, false, 10000, '#1677ff'),
       (${gymId}, '헬스 6개월', 6, 'MONTH', null, 540000, 480000, 3, 60, 3, false, 10000, '#1677ff'),
       (${gymId}, '헬스 12개월', 1, 'YEAR', null, 960000, 840000, 4, 90, 3, false, 10000, '#1677ff'),
       (${gymId}, 'PT 10회', 2, 'MONTH', 10, 770000, 700000, 1, 14, 3, false, 30000, '#fa541c'),
       (${gymId}, 'PT 30회', 6, 'MONTH', 30, 2100000, 1800000, 2, 30, 3, false, 30000, '#fa541c'),
       (${gymId}, '필라테스 20회', 3, 'MONTH', 20, 1000000, 900000, 2, 30, 3, false, 20000, '#722ed1'),
       (${gymId}, 'GX 10회', null, null, 10, 170000, 150000, null, null, null, true, 0, '#13c2c2')`,
  );
  await step(
    'customers',
    `insert into member (name, phone, gender, birth_date, auth_code, status, owner_gym_id, registered_on,
       lead_source, create_date, modified_date)
     select name, phone, gender, birth_date, 'MEMBER', 'ACTIVE', ${gymId}, registered_on, lead_source,
       (registered_on + time '10:00') at time zone 'Asia/Seoul', (registered_on + time '10:00') at time zone 'Asia/Seoul'
     from (
       select
         (${sqlArray(family)})[1 + ${h('g', 1)} % ${family.length}]
           || (${sqlArray(GIVEN)})[1 + ${h('g', 2)} % ${GIVEN.length}]
           || (${sqlArray(GIVEN)})[1 + ${h('g', 3)} % ${GIVEN.length}] as name,
         '010' || lpad(((g::bigint * 48271 + 13579) % 100000000)::text, 8, '0') as phone,
         case when ${h('g', 4)} % 100 < 55 then 'FEMALE' else 'MALE' end as gender,
         date '1960-01-01' + (${h('g', 5)} % 17500)::int as birth_date,
         ${t} - (${h('g', 6)} % 1095)::int as registered_on,
         (array['WALK_IN','REFERRAL','ONLINE','SNS','FLYER','CONSULT','OTHER'])[1 + ${h('g', 7)} % 7] as lead_source
       from generate_series(1, ${CUSTOMERS}) g
     ) c
     order by registered_on`,
  );
  await step(
    'links',
    `insert into gym_member (gym_id, member_id, status, worker_yn)
     select ${gymId}, id, 'ACTIVE', false from member where owner_gym_id = ${gymId} order by id`,
  );
  // Which product each pass is: the weights of the 8 products, in per cent.
  const productOf = (x: string) =>
    `case when ${x} < 25 then 1 when ${x} < 45 then 2 when ${x} < 57 then 3 when ${x} < 65 then 4
       when ${x} < 77 then 5 when ${x} < 82 then 6 when ${x} < 92 then 7 else 8 end`;
  await step(
    'passes',
    `insert into ticket_issue (gym_id, member_id, ticket_id, ticket_name, period_amount, period_unit, start_date,
       end_date, session_count, status, price, paid_amount, refunded_amount, sold_by_member_id, refunded_at,
       create_date, modified_date)
     with c as (
       select id, ord,
         case when ${h('ord', 8)} % 100 < 5 then 0 when ${h('ord', 8)} % 100 < 60 then 1
           when ${h('ord', 8)} % 100 < 85 then 2 else 3 end as npass
       from (select id, row_number() over (order by id) as ord from member where owner_gym_id = ${gymId}) m
     ),
     products as (
       select id, name, period_amount, period_unit, session_count, sale_price,
         row_number() over (order by id) as n
       from ticket where gym_id = ${gymId}
     ),
     p as (
       select c.id as member_id, c.ord, j, c.npass,
         ${productOf(`${h('(c.ord * 4 + j)', 9)} % 100`)} as product,
         ${h('(c.ord * 4 + j)', 10)} % 1000 as r,
         ${h('(c.ord * 4 + j)', 11)} as r2,
         ${h('(c.ord * 4 + j)', 12)} % 100 as pay
       from c cross join lateral generate_series(1, c.npass) j
     ),
     d as (
       select p.*, t.id as ticket_id, t.name, t.period_amount, t.period_unit, t.session_count, t.sale_price,
         case
           when t.period_amount is null then null
           -- The latest pass: expired (35%), ending within 7 days (7%) or later.
           when p.j = p.npass and p.r < 350 then ${t} - 1 - (p.r2 % 900)::int
           when p.j = p.npass and p.r < 420 then ${t} + (p.r2 % 8)::int
           when p.j = p.npass then ${t} + 8 + (p.r2 % 330)::int
           -- Earlier passes: renewals before it, mostly over.
           else ${t} - (p.npass - p.j) * 200 + 30 - (p.r2 % 120)::int
         end as end_date
       from p join products t on t.n = p.product
     ),
     e as (
       select d.*,
         case when end_date is null then ${t} - (r2 % 300)::int - (npass - j) * 150
           else (end_date - (period_amount || ' ' || period_unit)::interval + interval '1 day')::date end
           as start_date
       from d
     )
     select ${gymId}, member_id, ticket_id, name, period_amount, period_unit, start_date, end_date, session_count,
       case when j < npass and pay < 4 then 'REFUND' else 'FIN' end,
       sale_price,
       case when pay < 91 then sale_price when pay < 97 then sale_price / 2000 * 1000 else 0 end,
       case when j < npass and pay < 4 then sale_price / 2000 * 1000 else 0 end,
       ${ownerId},
       case when j < npass and pay < 4 then now() - (r2 % 300) * interval '1 day' end,
       (start_date + time '10:00') at time zone 'Asia/Seoul',
       (start_date + time '10:00') at time zone 'Asia/Seoul'
     from e
     order by member_id, j`,
  );
  await step(
    'sales',
    `insert into sale (gym_id, member_id, item_type, item_name, ticket_issue_id, list_price, price, sold_by_member_id,
       create_date)
     select i.gym_id, i.member_id, 'PASS', i.ticket_name, i.id, t.origin_price, i.price, i.sold_by_member_id,
       i.create_date
     from ticket_issue i join ticket t on t.id = i.ticket_id
     where i.gym_id = ${gymId} order by i.id`,
  );
  await step(
    'payments',
    `insert into payment_line (gym_id, sale_id, member_id, method, amount, status, computation, created_by_member_id,
       create_date)
     select s.gym_id, s.id, s.member_id, x.method, x.amount, x.status, x.computation, s.sold_by_member_id, x.at
     from sale s join ticket_issue i on i.id = s.ticket_issue_id
     cross join lateral (
       select (array['CARD','CARD','CARD','CASH','TRANSFER'])[1 + ${h('s.id', 13)} % 5] as method,
         i.paid_amount as amount, 'APPROVE' as status, null::jsonb as computation, s.create_date as at
       where i.paid_amount > 0
       union all
       select 'CARD', -i.refunded_amount, 'REFUND',
         jsonb_build_object('paid', i.paid_amount, 'refund', i.refunded_amount), i.refunded_at
       where i.status = 'REFUND'
     ) x
     where s.gym_id = ${gymId} order by s.id`,
  );
  await step(
    'usage',
    // The last two sessions as entries of their own and the rest as one earlier row: the sums are what a pass
    // with one row per session would give, at a third of the rows.
    `insert into ticket_usage (gym_id, ticket_issue_id, member_id, kind, sessions, created_by_member_id, create_date)
     select i.gym_id, i.id, i.member_id, case when n = 1 and u.used > 2 then 'ADJUST' else 'ATTEND' end,
       case when n = 1 then u.used - least(u.used, 3) + 1 else 1 end,
       i.sold_by_member_id, i.create_date + n * interval '3 days'
     from ticket_issue i
     cross join lateral (
       select case
         -- Passes over: used up half the time; passes in force: part used, a few with 2 or fewer left.
         when i.end_date < ${t} and ${h('i.id', 14)} % 2 = 0 then i.session_count
         when ${h('i.id', 14)} % 100 < 8 then i.session_count - 1 - (${h('i.id', 15)} % 2)::int
         else (${h('i.id', 15)} % (i.session_count - 2))::int
       end as used
     ) u
     cross join lateral generate_series(1, least(u.used, 3)) n
     where i.gym_id = ${gymId} and i.session_count is not null
     order by i.id, n`,
  );
  // Statistics before the summary: without them the planner joins 150,000 passes by nested loops.
  await step('analyze', 'analyze ticket_issue, ticket_usage, ticket_hold, sale, payment_line, member');
  await step(
    'holds',
    `insert into ticket_hold (gym_id, ticket_issue_id, start_date, end_date, planned_end_date, reason,
       created_by_member_id)
     select i.gym_id, i.id, s, e, e, '개인 사정', i.sold_by_member_id
     from ticket_issue i
     cross join lateral (
       select
         -- On hold today (about 4% of the passes in force), else a hold that is over.
         case when i.end_date >= ${t} + 10 and ${h('i.id', 16)} % 100 < 4 then ${t} - (${h('i.id', 17)} % 7)::int
           else i.start_date + 5 end as s,
         case when i.end_date >= ${t} + 10 and ${h('i.id', 16)} % 100 < 4 then ${t} + 3 + (${h('i.id', 17)} % 11)::int
           else i.start_date + 11 end as e
     ) x
     where i.gym_id = ${gymId} and i.status = 'FIN' and i.end_date is not null
       and (i.end_date >= ${t} + 10 and ${h('i.id', 16)} % 100 < 4
         or i.end_date < ${t} and i.end_date - i.start_date > 40 and ${h('i.id', 16)} % 100 < 10)
     order by i.id`,
  );
  // The customers' list summary, in one statement (the same rules as refreshCustomerSummary).
  await step(
    'summary',
    `with used as (
       select ticket_issue_id, sum(sessions)::int as used from ticket_usage where gym_id = ${gymId}
       group by ticket_issue_id
     ),
     f as (
       select i.id, i.member_id, i.ticket_name, i.start_date, i.end_date, l.left_,
         (i.end_date is null or i.end_date >= ${t}) and (l.left_ is null or l.left_ <> 0) as in_force
       from ticket_issue i
       left join used u on u.ticket_issue_id = i.id
       cross join lateral (select i.session_count - coalesce(u.used, 0) as left_) l
       where i.gym_id = ${gymId} and i.status = 'FIN'
     ),
     spans as (
       select member_id, bool_or(in_force) as any_force, min(start_date) filter (where in_force) as start_date,
         case when bool_or(in_force and end_date is null) then null
           else max(end_date) filter (where in_force) end as end_date,
         sum(left_) filter (where in_force and left_ is not null) as left_
       from f group by member_id
     ),
     shown as (
       select distinct on (member_id) member_id, id, ticket_name
       from f where in_force
       order by member_id, (start_date <= ${t}) desc,
         case when start_date <= ${t} then start_date end desc, case when start_date <= ${t} then id end desc,
         start_date, id
     ),
     last as (
       select distinct on (member_id) member_id, id, ticket_name, start_date, end_date, left_
       from f order by member_id, coalesce(end_date, date '9999-12-31') desc, id desc
     ),
     hold as (
       select distinct on (f.member_id) f.member_id, h.start_date, h.end_date
       from f join ticket_hold h on h.ticket_issue_id = f.id
       where f.in_force and h.end_date >= ${t} and h.end_date >= h.start_date
       order by f.member_id, h.start_date
     ),
     owed as (
       select s.member_id, sum(greatest(s.price - coalesce(p.paid, 0), 0))::int as unpaid
       from sale s
       left join (select sale_id, sum(amount) as paid from payment_line where gym_id = ${gymId} and status = 'APPROVE'
         group by sale_id) p on p.sale_id = s.id
       left join ticket_issue i on i.id = s.ticket_issue_id and s.item_type = 'PASS'
       where s.gym_id = ${gymId} and (i.status is null or i.status <> 'REFUND')
       group by s.member_id
     ),
     summary as (
       select sp.member_id,
         case when sp.any_force then sh.id else la.id end as ticket_issue_id,
         case when sp.any_force then sh.ticket_name else la.ticket_name end as pass_name,
         case when sp.any_force then sp.start_date else la.start_date end as start_date,
         case when sp.any_force then sp.end_date else la.end_date end as end_date,
         case when sp.any_force then sp.left_ else la.left_ end as left_,
         ho.start_date as hold_start, ho.end_date as hold_end
       from spans sp
       join last la on la.member_id = sp.member_id
       left join shown sh on sh.member_id = sp.member_id
       left join hold ho on ho.member_id = sp.member_id
     )
     update member m set
       current_ticket_issue_id = s.ticket_issue_id, pass_name = s.pass_name, pass_start_date = s.start_date,
       pass_end_date = s.end_date, sessions_left = s.left_, hold_start_date = s.hold_start,
       hold_end_date = s.hold_end, unpaid_amount = coalesce(o.unpaid, 0)
     from summary s left join owed o on o.member_id = s.member_id
     where m.id = s.member_id and m.owner_gym_id = ${gymId}`,
  );
  // A customer whose passes were all refunded keeps the empty summary (no pass, nothing owed), as in the service.
  await step('commit', 'commit');
  for (const table of [
    'member',
    'gym_member',
    'ticket',
    'ticket_issue',
    'ticket_hold',
    'ticket_usage',
    'sale',
    'payment_line',
  ])
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);

  const [counts] = await run(
    `select
       (select count(*) from member where owner_gym_id = ${gymId})::int as customers,
       (select count(*) from ticket_issue where gym_id = ${gymId})::int as passes,
       (select count(*) from ticket_usage where gym_id = ${gymId})::int as usage_rows,
       (select count(*) from payment_line where gym_id = ${gymId})::int as payment_lines,
       (select count(*) from ticket_hold where gym_id = ${gymId})::int as holds,
       (select count(*) from member where owner_gym_id = ${gymId} and name like '%김%')::int as name_kim,
       (select count(*) from member where owner_gym_id = ${gymId} and current_ticket_issue_id is null)::int as no_pass,
       (select count(*) from member where owner_gym_id = ${gymId} and pass_end_date < ${t})::int as expired,
       (select count(*) from member where owner_gym_id = ${gymId}
         and pass_end_date between ${t} and ${t} + 7)::int as ending_7d,
       (select count(*) from member where owner_gym_id = ${gymId}
         and hold_start_date <= ${t} and hold_end_date >= ${t})::int as on_hold,
       (select count(*) from member where owner_gym_id = ${gymId} and unpaid_amount > 0)::int as unpaid,
       (select count(*) from member where owner_gym_id = ${gymId} and sessions_left <= 2)::int as sessions_le_2`,
  );
  const multi = await run(
    `select member_id from ticket_issue where gym_id = ${gymId} group by member_id having count(*) between 2 and 3
     order by hashint4(member_id) limit 500`,
  );
  const shape = Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]));
  return {
    customers: shape.customers!,
    passes: shape.passes!,
    multiPassIds: multi.map((r) => Number(r.member_id)),
    shape,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
};

/** Fills a PGlite data folder (`DATA_DIR`, its server stopped), taking the server's lock meanwhile. */
export const fillMembersPglite = async (dataDir: string, input: { gymId: number; ownerId: number }) => {
  const database = await openPglite({ dataDir });
  try {
    const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
    return await fillMembers(async (text) => (await client.query<Record<string, unknown>>(text)).rows, input);
  } finally {
    await database.close();
  }
};

/** Fills a PostgreSQL database over one connection. */
export const fillMembersPostgres = async (url: string, input: { gymId: number; ownerId: number }) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fillMembers(async (text) => (await client.query(text)).rows, input);
  } finally {
    await client.end();
  }
};
