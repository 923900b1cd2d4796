// The SQL of the check-in set (`BENCH_ONLY=checkin`, bench/checkin.ts), kept in one place:
// - `setupCheckin`: after the members fill (bench/members-setup.ts), 5,000 of its customers get a card number and a
//   pass of their own whose product uses a session per entry;
// - the bare baseline's statements (bench/checkin-baseline.ts): the core of a kiosk check-in, hand-written in the
//   shape of the app's (server/modules/entry/check-in.commands.ts);
// - `ledgerChecks`: the counts taken after the runs, the server stopped, to see that every entry used at most one
//   session and that the usage ledger matches the entry log.

type Run = (text: string) => Promise<Record<string, unknown>[]>;

/** The bench's pass: three months, 30 sessions, and a check-in uses one (`entry_uses_session`). */
export const CHECKIN_PRODUCT = { name: '출입 30회', sessions: 30, months: 3, price: 300_000 } as const;

/** How the customers with a card are split: the measured runs and their warm-ups, app and bare apart. */
export const CHECKIN_GROUPS = { app: 2_000, bare: 2_000, appWarmup: 500, bareWarmup: 500 } as const;
const CARD_CUSTOMERS =
  CHECKIN_GROUPS.app + CHECKIN_GROUPS.bare + CHECKIN_GROUPS.appWarmup + CHECKIN_GROUPS.bareWarmup;

export type CheckinCards = {
  app: string[];
  bare: string[];
  appWarmup: string[];
  bareWarmup: string[];
  /** A few figures of the set-up, to see the data is what it claims. */
  shape: Record<string, number>;
  seconds: number;
};

/**
 * The check-in data on top of the members fill: a product whose entries use a session, 5,000 customers without
 * a pass in force (no pass, or all expired, used up or refunded, so that the new pass is the only one the
 * decision can choose) given a card number `C<id>` and one such pass (started in the last 60 days, 0–24 sessions
 * used before, one in ten with only its last session left), its sale paid in full, and the customer's list summary
 * set from it. Every value comes from the row number through `hashint4`, like the members fill.
 */
export const setupCheckin = async (
  run: Run,
  input: { gymId: number; ownerId: number; today: string },
): Promise<CheckinCards> => {
  const started = performance.now();
  const gymId = Math.trunc(input.gymId);
  const ownerId = Math.trunc(input.ownerId);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.today)) throw new Error(`bad date ${input.today}`);
  const t = `date '${input.today}'`;
  const h = (x: string, salt: number) => `(hashint4((${x} * 16 + ${salt})::int) & 2147483647)`;
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    const rows = await run(text);
    if (process.env.BENCH_VERBOSE) console.log(`    ${label}: ${Math.round(performance.now() - t0)} ms`);
    return rows;
  };
  const p = CHECKIN_PRODUCT;

  await step('begin', 'begin');
  const [product] = await step(
    'product',
    `insert into ticket (gym_id, name, period_amount, period_unit, session_count, origin_price, sale_price,
       hold_max_count, hold_max_days, hold_min_days, entry_uses_session, transfer_fee, color)
     values (${gymId}, '${p.name}', ${p.months}, 'MONTH', ${p.sessions}, ${p.price + 30_000}, ${p.price}, 1, 14, 3,
       true, 10000, '#52c41a')
     returning id`,
  );
  const productId = Math.trunc(Number(product!.id));
  await step(
    'cards',
    `update member m set card_number = 'C' || m.id
     from (
       select c.id from member c
       where c.owner_gym_id = ${gymId} and c.status = 'ACTIVE' and c.erased_at is null
         and not exists (
           select 1 from ticket_issue i
           where i.member_id = c.id and i.status <> 'REFUND' and (i.end_date is null or i.end_date >= ${t}))
       order by hashint4(c.id), c.id
       limit ${CARD_CUSTOMERS}
     ) pick
     where m.id = pick.id`,
  );
  await step(
    'passes',
    `insert into ticket_issue (gym_id, member_id, ticket_id, ticket_name, period_amount, period_unit, start_date,
       end_date, session_count, status, price, paid_amount, refunded_amount, sold_by_member_id, create_date,
       modified_date)
     select ${gymId}, m.id, t.id, t.name, t.period_amount, t.period_unit, s.start_date,
       (s.start_date + (t.period_amount || ' month')::interval - interval '1 day')::date, t.session_count, 'FIN',
       t.sale_price, t.sale_price, 0, ${ownerId}, s.at, s.at
     from member m
     cross join (select * from ticket where id = ${productId}) t
     cross join lateral (
       select ${t} - (${h('m.id', 1)} % 60)::int as start_date,
         least(now() - interval '1 hour', ((${t} - (${h('m.id', 1)} % 60)::int) + time '10:00') at time zone 'Asia/Seoul')
           as at
     ) s
     where m.owner_gym_id = ${gymId} and m.card_number is not null
     order by m.id`,
  );
  await step(
    'sales',
    `insert into sale (gym_id, member_id, item_type, item_name, ticket_issue_id, list_price, price, sold_by_member_id,
       create_date)
     select i.gym_id, i.member_id, 'PASS', i.ticket_name, i.id, t.origin_price, i.price, i.sold_by_member_id,
       i.create_date
     from ticket_issue i join ticket t on t.id = i.ticket_id
     where i.ticket_id = ${productId} order by i.id`,
  );
  await step(
    'payments',
    `insert into payment_line (gym_id, sale_id, member_id, method, amount, status, created_by_member_id, create_date)
     select s.gym_id, s.id, s.member_id, 'CARD', s.price, 'APPROVE', s.sold_by_member_id, s.create_date
     from sale s join ticket_issue i on i.id = s.ticket_issue_id
     where i.ticket_id = ${productId} order by s.id`,
  );
  // Sessions used before today, as one ADJUST row a pass (no ENTRY rows: those belong to entries of the log).
  await step(
    'usage',
    `insert into ticket_usage (gym_id, ticket_issue_id, member_id, kind, sessions, note, created_by_member_id,
       create_date)
     select i.gym_id, i.id, i.member_id, 'ADJUST', u.used, '이전 사용', i.sold_by_member_id, i.create_date
     from ticket_issue i
     cross join lateral (
       select case when ${h('i.member_id', 2)} % 10 = 0 then i.session_count - 1
         else (${h('i.member_id', 3)} % 25)::int end as used
     ) u
     where i.ticket_id = ${productId} and u.used > 0
     order by i.id`,
  );
  await step(
    'summary',
    `update member m set current_ticket_issue_id = i.id, pass_name = i.ticket_name, pass_start_date = i.start_date,
       pass_end_date = i.end_date, sessions_left = i.session_count - coalesce(u.used, 0), hold_start_date = null,
       hold_end_date = null
     from ticket_issue i
     left join (select ticket_issue_id, sum(sessions)::int as used from ticket_usage group by ticket_issue_id) u
       on u.ticket_issue_id = i.id
     where i.ticket_id = ${productId} and m.id = i.member_id`,
  );
  await step('commit', 'commit');
  for (const table of [
    'member',
    'ticket',
    'ticket_issue',
    'ticket_usage',
    'sale',
    'payment_line',
    'entry_log',
  ])
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);

  const cards = (
    await run(
      `select card_number from member where owner_gym_id = ${gymId} and card_number is not null
       order by hashint4(id), id`,
    )
  ).map((r) => String(r.card_number));
  if (cards.length !== CARD_CUSTOMERS)
    throw new Error(
      `only ${cards.length} customers without a pass in force were found, not ${CARD_CUSTOMERS}`,
    );
  const [shape] = await run(
    `select count(*)::int as passes,
       count(*) filter (where i.session_count - coalesce(u.used, 0) = 1)::int as last_session,
       min(i.session_count - coalesce(u.used, 0))::int as min_left,
       max(i.session_count - coalesce(u.used, 0))::int as max_left,
       min(i.end_date - ${t})::int as min_days_to_end
     from ticket_issue i
     left join (select ticket_issue_id, sum(sessions)::int as used from ticket_usage group by ticket_issue_id) u
       on u.ticket_issue_id = i.id
     where i.ticket_id = ${productId}`,
  );
  const g = CHECKIN_GROUPS;
  let at = 0;
  const take = (n: number) => {
    at += n;
    return cards.slice(at - n, at);
  };
  return {
    app: take(g.app),
    bare: take(g.bare),
    appWarmup: take(g.appWarmup),
    bareWarmup: take(g.bareWarmup),
    shape: Object.fromEntries(Object.entries(shape!).map(([k, v]) => [k, Number(v)])),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
};

// ---------------------------------------------------------------------------------------------------------
// The bare baseline's statements

/** The kiosk of a token (its SHA-256), open and unexpired, with the facility's ENTER add-on approved. */
export const KIOSK_SQL = `select k.id, k.gym_id from entry_kiosk k
  where k.token_hash = $1 and k.closed_at is null and k.expires_at > $2
    and exists (select 1 from gym_sub_service gs inner join sub_service s on s.id = gs.sub_service_id
      where gs.gym_id = k.gym_id and s.gym_sub_service_type = 'ENTER' and gs.gym_sub_service_status = 'APPROVE')`;

/** The facility's live customer with this card number, locked so that two taps of theirs queue. */
export const CUSTOMER_BY_CARD_SQL = `select m.id, m.name, m.image, m.unpaid_amount from member m
  where m.owner_gym_id = $1 and m.card_number = $2 and m.status <> 'QUIT' and m.erased_at is null
  order by m.name, m.id limit 20 for update`;

/** The customer's allowed entry of the last 60 seconds (a double tap is answered again, nothing written). */
export const RECENT_ENTRY_SQL = `select e.id, e.result, e.ticket_issue_id, e.pass_name, e.session_used, e.sessions_left,
    e.days_left
  from entry_log e
  where e.member_id = $1 and e.create_date >= $2 and e.create_date <= $3 and e.result in ('ALLOWED', 'OVERRIDE')
  order by e.create_date desc, e.id desc limit 1`;

/** The customer's passes with their sessions used, holds and today's ENTRY use: the app's `passesOf`. */
export const PASSES_SQL = `select i.id, i.ticket_name, i.status, i.start_date::text as start_date,
    i.end_date::text as end_date, i.session_count, i.period_amount, t.entry_uses_session,
    (select coalesce(sum(u.sessions), 0) from ticket_usage u where u.ticket_issue_id = i.id)::int as sessions_used,
    coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date)
      order by h.start_date) from ticket_hold h where h.ticket_issue_id = i.id), '[]'::json) as holds,
    exists (select 1 from ticket_usage u where u.ticket_issue_id = i.id and u.kind = 'ENTRY' and u.sessions > 0
      and u.create_date >= $3 and u.create_date < $4) as session_used_today
  from ticket_issue i inner join ticket t on t.id = i.ticket_id
  where i.gym_id = $1 and i.member_id = $2
  order by i.id desc limit 200`;

export const INSERT_ENTRY_SQL = `insert into entry_log (gym_id, member_id, method, result, reason, reason_date,
    ticket_issue_id, pass_name, session_used, sessions_left, days_left, kiosk_id, create_date)
  values ($1, $2, 'CARD', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
  returning id`;

export const INSERT_USAGE_SQL = `insert into ticket_usage (gym_id, ticket_issue_id, member_id, kind, sessions,
    entry_log_id, create_date)
  values ($1, $2, $3, 'ENTRY', 1, $4, $5)`;

// ---------------------------------------------------------------------------------------------------------
// After the runs

export type LedgerChecks = {
  /** Entry rows by kiosk ('app' / 'bare' / other) and result, with those that used a session. */
  byKiosk: { kiosk: string; result: string; rows: number; sessionUsed: number; customers: number }[];
  entries: number;
  sessionEntries: number;
  entryUsageRows: number;
  /** Entries with session_used whose ENTRY usage rows are not exactly one (of one session, on the entry's pass). */
  sessionEntriesNotOne: number;
  /** Entries without session_used that nonetheless have a usage row. */
  freeEntriesWithUsage: number;
  /** ENTRY usage rows without an entry that used a session. */
  orphanEntryUsage: number;
  /** Passes whose ledger holds more sessions than they have. */
  passesOver: number;
  /** Customers with more than one entry row (each is checked in once; a second tap within 60 s writes nothing). */
  customersWithTwoEntries: number;
  /** The app's customers whose list summary (sessions left) disagrees with the ledger. */
  appSummaryMismatch: number;
};

/** The counts of the ledger and the entry log after the runs (the server stopped). */
export const ledgerChecks = async (
  run: Run,
  input: { gymId: number; appKioskId: number; bareKioskId: number },
): Promise<LedgerChecks> => {
  const gymId = Math.trunc(input.gymId);
  const app = Math.trunc(input.appKioskId);
  const bare = Math.trunc(input.bareKioskId);
  const byKiosk = await run(
    `select case kiosk_id when ${app} then 'app' when ${bare} then 'bare' else coalesce(kiosk_id::text, 'none') end
         as kiosk,
       result, count(*)::int as rows, count(*) filter (where session_used)::int as session_used,
       count(distinct member_id)::int as customers
     from entry_log where gym_id = ${gymId} group by 1, 2 order by 1, 2`,
  );
  const [counts] = await run(
    `select
       (select count(*) from entry_log where gym_id = ${gymId})::int as entries,
       (select count(*) from entry_log where gym_id = ${gymId} and session_used)::int as session_entries,
       (select count(*) from ticket_usage where gym_id = ${gymId} and kind = 'ENTRY')::int as entry_usage_rows,
       (select count(*) from entry_log e
         where e.gym_id = ${gymId} and e.session_used
           and ((select count(*) from ticket_usage u
               where u.entry_log_id = e.id and u.kind = 'ENTRY' and u.sessions = 1
                 and u.ticket_issue_id = e.ticket_issue_id and u.member_id = e.member_id) <> 1
             or exists (select 1 from ticket_usage u where u.entry_log_id = e.id and u.kind <> 'ENTRY'))
       )::int as session_entries_not_one,
       (select count(*) from entry_log e
         where e.gym_id = ${gymId} and not e.session_used
           and exists (select 1 from ticket_usage u where u.entry_log_id = e.id))::int as free_entries_with_usage,
       (select count(*) from ticket_usage u
         where u.gym_id = ${gymId} and u.kind = 'ENTRY'
           and not exists (select 1 from entry_log e where e.id = u.entry_log_id and e.session_used))::int
         as orphan_entry_usage,
       (select count(*) from (
         select i.id from ticket_issue i join ticket_usage u on u.ticket_issue_id = i.id
         where i.gym_id = ${gymId} and i.session_count is not null
         group by i.id, i.session_count having sum(u.sessions) > i.session_count) x)::int as passes_over,
       (select count(*) from (
         select member_id from entry_log where gym_id = ${gymId} group by member_id having count(*) > 1) x)::int
         as customers_with_two_entries,
       (select count(*) from member m
         join ticket_issue i on i.id = m.current_ticket_issue_id
         where m.owner_gym_id = ${gymId}
           and exists (select 1 from entry_log e where e.member_id = m.id and e.kiosk_id = ${app} and e.session_used)
           and m.sessions_left is distinct from
             i.session_count - (select coalesce(sum(u.sessions), 0) from ticket_usage u where u.ticket_issue_id = i.id)
       )::int as app_summary_mismatch`,
  );
  const n = (v: unknown) => Number(v);
  return {
    byKiosk: byKiosk.map((r) => ({
      kiosk: String(r.kiosk),
      result: String(r.result),
      rows: n(r.rows),
      sessionUsed: n(r.session_used),
      customers: n(r.customers),
    })),
    entries: n(counts!.entries),
    sessionEntries: n(counts!.session_entries),
    entryUsageRows: n(counts!.entry_usage_rows),
    sessionEntriesNotOne: n(counts!.session_entries_not_one),
    freeEntriesWithUsage: n(counts!.free_entries_with_usage),
    orphanEntryUsage: n(counts!.orphan_entry_usage),
    passesOver: n(counts!.passes_over),
    customersWithTwoEntries: n(counts!.customers_with_two_entries),
    appSummaryMismatch: n(counts!.app_summary_mismatch),
  };
};

/**
 * What broke, in words; empty when the ledger matches. `repeatsWrite`: a run of 60 s or more, where a card comes
 * round again after the double-tap window and a second entry of one customer is right.
 */
export const ledgerFailures = (k: LedgerChecks, repeatsWrite = false): string[] => {
  const failures: string[] = [];
  if (k.sessionEntriesNotOne > 0)
    failures.push(`${k.sessionEntriesNotOne} entries with session_used without exactly one ENTRY usage row`);
  if (k.freeEntriesWithUsage > 0)
    failures.push(`${k.freeEntriesWithUsage} entries without a session have usage`);
  if (k.orphanEntryUsage > 0) failures.push(`${k.orphanEntryUsage} ENTRY usage rows without a session entry`);
  if (k.entryUsageRows !== k.sessionEntries)
    failures.push(
      `${k.entryUsageRows} ENTRY usage rows against ${k.sessionEntries} entries that used a session`,
    );
  if (k.passesOver > 0) failures.push(`${k.passesOver} passes with more sessions used than they have`);
  if (k.customersWithTwoEntries > 0 && !repeatsWrite)
    failures.push(`${k.customersWithTwoEntries} customers with two entries (a repeat tap wrote a row)`);
  if (k.appSummaryMismatch > 0)
    failures.push(
      `${k.appSummaryMismatch} of the app's customers with a summary that disagrees with the ledger`,
    );
  return failures;
};
