// The money bench data (`BENCH_ONLY=money npm run bench`, bench/money.ts): the members bench's facility
// (bench/members-setup.ts: 100,000 customers, 149,875 sold passes with their holds and usage) given three years
// of money history written with bulk SQL, true to the money tables' meaning (docs/rules.md#money):
// - every sale has its checkout: a pass sold from its own screen (PASS) or at the desk (DESK), a desk product
//   (DESK), a collection of a balance (COLLECT, total 0). A checkout's total is its sales' prices, its paid the
//   sum of its payment lines and its cash part the cash and transfer lines;
// - a PASS sale per sold pass at the pass's price (list price: the product's sale price), sold on or up to a week
//   before its start, never after today; about 13,000 desk products (drinks, wear, supplements) with their stock
//   movements (an initial stock adjustment, then one SALE movement per sale, `stock_after` running down);
// - payment lines: a pass of 100,000 won or more paid in full in one line (32%), two (card and cash or transfer,
//   52%) or three (two cards and cash, 16%), a cheaper one in one line; a pass paid half at the sale and the rest
//   collected later (COLLECT), or still owed, the oldest balances written off by the representative (a WRITE_OFF
//   adjustment); unpaid passes; a refunded pass
//   keeps its payments and has one REFUND line (negative, with its computation, no checkout) at its refund date;
// - the passes' caches (`paid_amount` = Σ APPROVE lines, `adjusted_amount` = Σ adjustments) and the customers'
//   `unpaid_amount` (Σ of what their sales are owed, refunded passes owing nothing) rebuilt from those rows;
// - expenses: rent, payroll, utilities, marketing, equipment and sundries every month for 37 months, and a few
//   reversing rows (negative, pointing at the row they undo);
// - for HOME's day: the ENTER and CONSULT add-ons approved, 5 staff members who sell and teach, 180 days of
//   check-ins (about 300 a day, today's up to now), lessons from 60 days ago to 14 days ahead with their
//   bookings, and 6,000 consultations over three years (the open leads recent, with follow-up dates).
//
// The members fill writes one payment line per pass, dated at the pass's start (which may be after today); this
// fill deletes those (they never reached the app) and writes the history above in their place. Values come from
// the row numbers through `hashint4`, as in the members fill; the dates follow `today` and, for today's rows, the
// time of the run. Ids are given explicitly (`overriding system value`, the sequences moved past them afterwards)
// so that a checkout, its sales and their lines are written by three INSERT … SELECT statements from one plan.

import { seoulToday } from '#domain/rules/seoul-time.ts';

type Run = (text: string) => Promise<Record<string, unknown>[]>;

export type MoneyFill = {
  seconds: number;
  counts: Record<string, number>;
};

/** Desk products sold over the three years. */
const PRODUCT_SALES = Number(process.env.BENCH_PRODUCT_SALES ?? 13_000);
/** Check-ins per day over the last 180 days. */
const ENTRIES_PER_DAY = 300;
/** Lessons per day from 60 days ago to 14 days ahead. */
const LESSONS_PER_DAY = 30;
const CONSULTS = 6_000;

const STAFF_NAMES = ['김하늘', '이준호', '박서윤', '최민재', '정다은'];

export const fillMoney = async (
  run: Run,
  input: { gymId: number; ownerId: number; today?: string },
): Promise<MoneyFill> => {
  const started = performance.now();
  const gymId = Math.trunc(input.gymId);
  const ownerId = Math.trunc(input.ownerId);
  const today = input.today ?? seoulToday(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`bad date ${today}`);
  const t = `date '${today}'`;
  const h = (x: string, salt: number) => `(hashint4((${x} * 16 + ${salt})::int)::bigint & 2147483647)`;
  /**
   * A Seoul wall-clock time on a day, as timestamptz; a time of today still to come moves to the day before, so
   * nothing is dated after the run.
   */
  const at = (day: string, minutes: string) => {
    const x = `((${day} + time '00:00' + (${minutes}) * interval '1 minute') at time zone 'Asia/Seoul')`;
    return `(case when ${x} > now() then ${x} - interval '1 day' else ${x} end)`;
  };
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    const rows = await run(text);
    if (process.env.BENCH_VERBOSE)
      console.log(`    money ${label}: ${Math.round(performance.now() - t0)} ms`);
    return rows;
  };
  const one = async (label: string, text: string) => (await step(label, text))[0] ?? {};

  await step('begin', 'begin');
  await step('facility active', `update gym set gym_status = 'ACTIVE' where id = ${gymId}`);
  await step(
    'add-ons',
    `insert into gym_sub_service (gym_id, sub_service_id, gym_sub_service_status)
     select ${gymId}, id, 'APPROVE' from sub_service where gym_sub_service_type in ('ENTER', 'CONSULT')
     on conflict do nothing`,
  );

  // Staff: five accounts (no usable password) linked ACTIVE to the facility with a trainers' permission set.
  const [set] = await step(
    'staff set',
    `insert into gym_auth (gym_id, name, member_use_yn, member_setting_yn, consult_use_yn, consult_setting_yn)
     values (${gymId}, '트레이너', true, true, true, true) returning id`,
  );
  const staff = await step(
    'staff',
    `insert into member (user_id, password_hash, name, phone, auth_code, status)
     select 'benchstaff' || ${gymId} || '_' || g, '!', (array[${STAFF_NAMES.map((n) => `'${n}'`).join(',')}])[g],
       '0109' || lpad((${gymId} % 1000)::text, 3, '0') || lpad(g::text, 4, '0'), 'MEMBER', 'ACTIVE'
     from generate_series(1, ${STAFF_NAMES.length}) g order by g returning id`,
  );
  const staffIds = staff.map((r) => Number(r.id));
  await step(
    'staff links',
    `insert into gym_member (gym_id, member_id, status, worker_yn, gym_auth_id)
     select ${gymId}, id, 'ACTIVE', true, ${Number(set!.id)} from member where id in (${staffIds.join(',')})`,
  );
  const sellers = `(array[${[ownerId, ...staffIds].join(',')}])`;
  const trainers = `(array[${staffIds.join(',')}])`;

  // Desk products: three groups, eight goods.
  await step(
    'product groups',
    `insert into product_group (gym_id, name, sort_order)
     values (${gymId}, '음료', 1), (${gymId}, '의류·용품', 2), (${gymId}, '보충제', 3)`,
  );
  await step(
    'products',
    `insert into product (gym_id, group_id, name, price, vat_mode, stock, low_stock_at, create_date, modified_date)
     select ${gymId}, g.id, p.name, p.price, p.vat, 0, p.low, ${t} - 1100, ${t} - 1100
     from (values
       ('음료', '생수', 1000, 'INCLUDED', 20), ('음료', '이온음료', 2000, 'INCLUDED', 20),
       ('음료', '프로틴 쉐이크', 5000, 'INCLUDED', 10), ('보충제', '단백질 바', 3000, 'INCLUDED', 10),
       ('보충제', '프로틴 보충제 2kg', 55000, 'INCLUDED', 3), ('의류·용품', '운동복 상의', 35000, 'INCLUDED', 5),
       ('의류·용품', '리프팅 스트랩', 15000, 'INCLUDED', 5), ('의류·용품', '수건', 3000, 'EXEMPT', 10)
     ) p(grp, name, price, vat, low)
     join product_group g on g.gym_id = ${gymId} and g.name = p.grp`,
  );

  // The members fill's single payment lines and sales go; the history below replaces them.
  await step('clear lines', `delete from payment_line where gym_id = ${gymId}`);
  await step('clear sales', `delete from sale where gym_id = ${gymId}`);
  const base = await one(
    'bases',
    `select coalesce((select max(id) from sale), 0) as sale, coalesce((select max(id) from checkout), 0) as checkout,
       coalesce((select max(id) from payment_line), 0) as line`,
  );

  // The plan: every sale, numbered in time order (its sale and checkout ids follow from the number).
  await step(
    'plan sales',
    `create temp table bench_sale on commit drop as
     with customers as (
       select id, row_number() over (order by id) as n from member where owner_gym_id = ${gymId}
     ),
     goods as (
       select id, name, price, row_number() over (order by id) as n from product where gym_id = ${gymId}
     ),
     passes as (
       select 'PASS'::text as kind, i.id as ref, i.member_id, i.ticket_name as item_name, null::int as product_id,
         1 as quantity, t.sale_price as list_price, i.price, i.status as pass_status, i.refunded_amount,
         case when i.paid_amount >= i.price then 'FULL' when i.paid_amount > 0 then 'HALF' else 'NONE' end as pay_class,
         -- Sold up to a week before its start; a pass starting after today was bought some day of the last 330.
         ${at(
           `case when i.start_date <= ${t} then i.start_date - (${h('i.id', 1)} % 8)::int
             else ${t} - (${h('i.id', 1)} % 330)::int end`,
           `540 + ${h('i.id', 2)} % 780`,
         )} as sold_at
       from ticket_issue i join ticket t on t.id = i.ticket_id
       where i.gym_id = ${gymId}
     ),
     desk as (
       select 'PRODUCT'::text, g::int, c.id, p.name, p.id,
         q.quantity, p.price * q.quantity, p.price * q.quantity, null::text, 0, 'FULL',
         ${at(`${t} - (${h('g', 3)} % 1095)::int`, `420 + ${h('g', 4)} % 900`)}
       from generate_series(1, ${PRODUCT_SALES}) g
       cross join lateral (
         select case when ${h('g', 5)} % 100 < 80 then 1 when ${h('g', 5)} % 100 < 95 then 2 else 3 end as quantity
       ) q
       join customers c on c.n = 1 + ${h('g', 6)} % (select count(*) from customers)
       join goods p on p.n = case when ${h('g', 7)} % 100 < 30 then 1 when ${h('g', 7)} % 100 < 50 then 2
         when ${h('g', 7)} % 100 < 70 then 3 when ${h('g', 7)} % 100 < 82 then 4 when ${h('g', 7)} % 100 < 86 then 5
         when ${h('g', 7)} % 100 < 90 then 6 when ${h('g', 7)} % 100 < 94 then 7 else 8 end
     ),
     s as (select * from passes union all select * from desk)
     select row_number() over (order by sold_at, kind, ref) as rn, s.*,
       ${sellers}[1 + ${h('s.ref', 8)} % ${staffIds.length + 1}] as sold_by,
       ${h('s.ref', 9)} % 100 as r
     from s`,
  );
  await step(
    'plan numbers',
    `alter table bench_sale add column sale_id int, add column checkout_id int, add column parts int,
       add column collect_at timestamptz, add column refund_at timestamptz, add column write_off_at timestamptz`,
  );
  await step(
    'plan details',
    `update bench_sale set sale_id = ${Number(base.sale)} + rn, checkout_id = ${Number(base.checkout)} + rn,
       parts = case when kind = 'PASS' and pay_class = 'FULL' and price >= 100000 then
         case when r < 32 then 1 when r < 84 then 2 else 3 end else 1 end,
       collect_at = case when pay_class = 'HALF' and r % 2 = 0
         and sold_at + (7 + r % 30) * interval '1 day' < now() then sold_at + (7 + r % 30) * interval '1 day' end,
       refund_at = case when pass_status = 'REFUND' then
         least(sold_at + (10 + r % 50) * interval '1 day', now() - interval '1 hour') end`,
  );
  await step(
    'plan write-offs',
    `update bench_sale set write_off_at = sold_at + interval '200 days'
     where kind = 'PASS' and pay_class <> 'FULL' and collect_at is null and pass_status = 'FIN'
       and sold_at < now() - interval '1 year' and r % 3 = 0`,
  );
  // Every line: at the sale, a later collection, or a refund; `via` names which.
  await step(
    'plan lines',
    `create temp table bench_line on commit drop as
     select s.rn, 'SALE'::text as via, k,
       case when s.parts = 1 then
           case when s.kind = 'PRODUCT' then (array['CARD','CARD','CARD','CASH','CASH','TRANSFER'])[1 + ${h('s.rn', 10)} % 6]
             when s.pay_class = 'HALF' then 'CARD'
             else (array['CARD','CARD','CARD','CARD','CASH','TRANSFER','TRANSFER'])[1 + ${h('s.rn', 10)} % 7] end
         when k = 1 or (s.parts = 3 and k = 2) then 'CARD'
         else (array['CASH','CASH','TRANSFER'])[1 + ${h('s.rn', 11)} % 3] end as method,
       case when s.pay_class = 'HALF' then s.price / 2000 * 1000
         when s.parts = 1 then s.price
         when s.parts = 2 then case when k = 1 then s.price * (30 + ${h('s.rn', 12)} % 41) / 100000 * 1000
           else s.price - s.price * (30 + ${h('s.rn', 12)} % 41) / 100000 * 1000 end
         else case when k < 3 then s.price / 3000 * 1000 else s.price - 2 * (s.price / 3000 * 1000) end
       end as amount,
       'APPROVE'::text as status, null::jsonb as computation, s.sold_at + (k - 1) * interval '1 second' as at,
       s.sold_by as by
     from bench_sale s cross join lateral generate_series(1, s.parts) k
     where s.pay_class <> 'NONE'
     union all
     select s.rn, 'COLLECT', 1, (array['CARD','CASH','TRANSFER'])[1 + ${h('s.rn', 13)} % 3],
       s.price - s.price / 2000 * 1000, 'APPROVE', null, s.collect_at, s.sold_by
     from bench_sale s where s.collect_at is not null
     union all
     select s.rn, 'REFUND', 1, 'CARD', -s.refunded_amount, 'REFUND',
       jsonb_build_object('fault', 'MEMBER', 'paid', s.price, 'penalty', s.price / 10,
         'used', s.price - s.price / 10 - s.refunded_amount, 'refund', s.refunded_amount,
         'amount', s.refunded_amount),
       s.refund_at, ${ownerId}
     from bench_sale s where s.refund_at is not null`,
  );
  await step(
    'plan paid',
    `create temp table bench_paid on commit drop as
     select rn, sum(amount) filter (where status = 'APPROVE') as paid,
       sum(amount) filter (where via = 'SALE') as at_sale,
       coalesce(sum(amount) filter (where via = 'SALE' and method in ('CASH', 'TRANSFER')), 0) as cash_at_sale
     from bench_line group by rn`,
  );
  await step('plan paid key', 'alter table bench_paid add primary key (rn)');
  await step('plan key', 'alter table bench_sale add primary key (rn)');
  const saleCount = Number((await one('sale count', 'select count(*) as n from bench_sale')).n);
  await step('collect numbers', `alter table bench_line add column checkout_id int`);
  await step(
    'line checkouts',
    `update bench_line l set checkout_id = case when l.via = 'SALE' then s.checkout_id end
     from bench_sale s where s.rn = l.rn`,
  );
  await step(
    'collect checkouts',
    `update bench_line l set checkout_id = ${Number(base.checkout) + saleCount} + c.n
     from (select rn, row_number() over (order by at, rn) as n from bench_line where via = 'COLLECT') c
     where l.via = 'COLLECT' and l.rn = c.rn`,
  );

  await step(
    'checkouts',
    `insert into checkout (id, gym_id, member_id, kind, total, paid, cash_paid, created_by_member_id, create_date)
     overriding system value
     select s.checkout_id, ${gymId}, s.member_id,
       case when s.kind = 'PRODUCT' or s.r % 10 < 3 then 'DESK' else 'PASS' end, s.price,
       coalesce(p.at_sale, 0), coalesce(p.cash_at_sale, 0), s.sold_by, s.sold_at
     from bench_sale s left join bench_paid p on p.rn = s.rn
     union all
     select l.checkout_id, ${gymId}, s.member_id, 'COLLECT', 0, l.amount,
       case when l.method in ('CASH', 'TRANSFER') then l.amount else 0 end, l.by, l.at
     from bench_line l join bench_sale s on s.rn = l.rn where l.via = 'COLLECT'
     order by 1`,
  );
  await step(
    'sales',
    `insert into sale (id, gym_id, member_id, item_type, item_name, ticket_issue_id, product_id, quantity, checkout_id,
       vat_mode, list_price, price, sold_by_member_id, create_date)
     overriding system value
     select s.sale_id, ${gymId}, s.member_id, s.kind, s.item_name, case when s.kind = 'PASS' then s.ref end,
       s.product_id, s.quantity, s.checkout_id, coalesce(p.vat_mode, 'INCLUDED'), s.list_price, s.price, s.sold_by,
       s.sold_at
     from bench_sale s left join product p on p.id = s.product_id
     order by s.sale_id`,
  );
  await step(
    'payment lines',
    `insert into payment_line (id, gym_id, sale_id, member_id, method, amount, status, computation, checkout_id,
       created_by_member_id, create_date)
     overriding system value
     select ${Number(base.line)} + row_number() over (order by l.at, l.rn, l.via, l.k), ${gymId}, s.sale_id,
       s.member_id, l.method, l.amount, l.status, l.computation, l.checkout_id, l.by, l.at
     from bench_line l join bench_sale s on s.rn = l.rn
     order by 1`,
  );
  await step(
    'write-offs',
    `insert into sale_adjustment (gym_id, sale_id, member_id, kind, amount, reason, created_by_member_id, create_date)
     select ${gymId}, s.sale_id, s.member_id, 'WRITE_OFF',
       s.price - coalesce(p.paid, 0), '장기 미수 정리', ${ownerId}, s.write_off_at
     from bench_sale s left join bench_paid p on p.rn = s.rn
     where s.write_off_at is not null order by s.write_off_at`,
  );
  for (const table of ['checkout', 'sale', 'payment_line', 'sale_adjustment'])
    await step(
      `sequence ${table}`,
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
    );

  // Stock: an opening stock adjustment per product three years ago, then one SALE movement per sale.
  await step(
    'stock opening',
    `insert into stock_movement (gym_id, product_id, kind, change, stock_after, note, created_by_member_id, create_date)
     select ${gymId}, p.id, 'ADJUST', coalesce(q.sold, 0) + 40, coalesce(q.sold, 0) + 40, '초기 입고', ${ownerId},
       (${t} - 1100 + time '09:00') at time zone 'Asia/Seoul'
     from product p left join (select product_id, sum(quantity) as sold from bench_sale where kind = 'PRODUCT'
       group by product_id) q on q.product_id = p.id
     where p.gym_id = ${gymId} order by p.id`,
  );
  await step(
    'stock sales',
    `insert into stock_movement (gym_id, product_id, kind, change, stock_after, sale_id, created_by_member_id,
       create_date)
     select ${gymId}, s.product_id, 'SALE', -s.quantity,
       o.change - sum(s.quantity) over (partition by s.product_id order by s.sold_at, s.sale_id),
       s.sale_id, s.sold_by, s.sold_at
     from bench_sale s join stock_movement o on o.product_id = s.product_id and o.kind = 'ADJUST'
     where s.kind = 'PRODUCT' order by s.sold_at, s.sale_id`,
  );
  await step('stock', `update product p set stock = 40 where p.gym_id = ${gymId}`);

  // The caches: the passes' paid and adjusted amounts, their refund dates; then the customers' unpaid amounts.
  await step(
    'pass caches',
    `update ticket_issue i set
       paid_amount = coalesce(m.paid, 0), adjusted_amount = coalesce(m.adjusted, 0),
       refunded_at = coalesce(s.refund_at, i.refunded_at), create_date = s.sold_at, modified_date = s.sold_at
     from bench_sale s
     left join bench_paid m0 on m0.rn = s.rn
     cross join lateral (
       select m0.paid,
         case when s.write_off_at is not null then s.price - coalesce(m0.paid, 0) else 0 end as adjusted
     ) m
     where s.kind = 'PASS' and i.id = s.ref`,
  );
  await step(
    'unpaid reset',
    `update member set unpaid_amount = 0 where owner_gym_id = ${gymId} and unpaid_amount <> 0`,
  );
  await step(
    'unpaid',
    `update member m set unpaid_amount = o.owed
     from (select member_id, sum(unpaid_amount)::int as owed from ticket_issue where gym_id = ${gymId}
       group by member_id having sum(unpaid_amount) > 0) o
     where m.id = o.member_id`,
  );

  // Expenses: 37 months of the usual, then a few reversals.
  await step(
    'expense categories',
    `insert into expense_category (gym_id, code, name, sort_order)
     values (${gymId}, 'RENT', '임대료', 0), (${gymId}, 'PAYROLL', '인건비', 1), (${gymId}, 'EQUIPMENT', '장비', 2),
       (${gymId}, 'UTILITIES', '공과금', 3), (${gymId}, 'MARKETING', '마케팅', 4), (${gymId}, 'OTHER', '기타', 5)
     on conflict do nothing`,
  );
  await step(
    'expenses',
    `insert into expense (gym_id, spent_on, category_id, amount, method, memo, created_by_member_id, create_date)
     select ${gymId}, e.spent_on, c.id, e.amount, e.method, e.memo, ${ownerId},
       (e.spent_on + time '18:00') at time zone 'Asia/Seoul'
     from generate_series(0, 36) mo
     cross join lateral (select (date_trunc('month', ${t}) - mo * interval '1 month')::date as first) m
     cross join lateral (
       select m.first + 4 as spent_on, 'RENT' as code, 3300000 as amount, 'TRANSFER' as method, '월 임대료' as memo
       union all
       select m.first + 9, 'PAYROLL', 2600000 + (${h('mo * 8 + k', 20)} % 7) * 100000, 'TRANSFER', '급여'
       from generate_series(1, 5) k
       union all
       select m.first + 19, 'UTILITIES', 400000 + ${h('mo', 21)} % 500 * 1000, 'TRANSFER', '전기요금'
       union all
       select m.first + 21, 'UTILITIES', 80000 + ${h('mo', 22)} % 70 * 1000, 'TRANSFER', '수도요금'
       union all
       select m.first + 14, 'MARKETING', 200000 + ${h('mo * 4 + k', 23)} % 800 * 1000, 'CARD', '온라인 광고'
       from generate_series(1, 1 + (${h('mo', 24)} % 2)::int) k
       union all
       select m.first + 11, 'EQUIPMENT', 1000000 + ${h('mo', 25)} % 4000 * 1000, 'CARD', '운동 기구 구입'
       where ${h('mo', 26)} % 4 = 0
       union all
       select m.first + (k * 7) % 27, 'OTHER', 20000 + ${h('mo * 4 + k', 27)} % 180 * 1000,
         (array['CASH','CARD'])[1 + (${h('mo * 4 + k', 28)} % 2)::int], '소모품'
       from generate_series(1, 3) k
     ) e
     join expense_category c on c.gym_id = ${gymId} and c.code = e.code
     where e.spent_on <= ${t}
     order by e.spent_on`,
  );
  await step(
    'expense reversals',
    `insert into expense (gym_id, spent_on, category_id, amount, method, memo, reverses_expense_id,
       created_by_member_id, create_date)
     select gym_id, spent_on + 2, category_id, -amount, method, '중복 입력 취소', id, ${ownerId}, create_date + interval '2 days'
     from expense where gym_id = ${gymId} and ${h('id', 29)} % 50 = 0 and spent_on + 2 <= ${t} order by id`,
  );

  // HOME's day: check-ins, lessons and their bookings, consultations.
  await step(
    'entries',
    `insert into entry_log (gym_id, member_id, method, result, reason, staff_member_id, note, create_date)
     select ${gymId}, c.id, (array['CARD','QR','QR','PHONE'])[1 + ${h('d * 1000 + k', 30)} % 4],
       case when x.r < 93 then 'ALLOWED' when x.r < 98 then 'REFUSED' else 'OVERRIDE' end,
       case when x.r >= 93 and x.r < 98 then 'expired' end,
       case when x.r >= 98 then ${ownerId} end,
       case when x.r >= 98 then '재등록 상담 예정' end,
       x.at
     from generate_series(0, 179) d
     cross join generate_series(1, ${ENTRIES_PER_DAY}) k
     cross join lateral (
       select ${h('d * 1000 + k', 31)} % 100 as r,
         ((${t} - d) + time '06:00' + (${h('d * 1000 + k', 32)} % 1020) * interval '1 minute')
           at time zone 'Asia/Seoul' as at
     ) x
     join (select id, row_number() over (order by id) as n from member where owner_gym_id = ${gymId}) c
       on c.n = 1 + ${h('d * 1000 + k', 33)} % (select count(*) from member where owner_gym_id = ${gymId})
     where x.at < now()
     order by x.at`,
  );
  await step(
    'lessons',
    `insert into lesson (gym_id, title, lesson_type, trainer_member_id, room, start_at, end_at, capacity, status,
       cancel_reason, created_by_member_id, create_date, modified_date)
     select ${gymId}, case when x.grp then (array['요가','필라테스','스피닝','크로스핏'])[1 + k % 4] else 'PT' end,
       case when x.grp then 'GROUP' else 'PT' end, ${trainers}[1 + k % ${staffIds.length}],
       case when x.grp then 'GX룸' else 'PT존' end, x.start_at, x.start_at + interval '50 minutes',
       case when x.grp then 12 + (k % 3) * 4 else 1 end,
       case when ${h('d * 100 + k', 40)} % 100 < 3 then 'CANCEL' else 'OPEN' end,
       case when ${h('d * 100 + k', 40)} % 100 < 3 then '강사 사정' end,
       ${ownerId}, x.start_at - interval '14 days', x.start_at - interval '14 days'
     from generate_series(-60, 14) d
     cross join generate_series(1, ${LESSONS_PER_DAY}) k
     cross join lateral (
       select k % 5 = 0 as grp,
         ((${t} + d) + time '06:00' + ((k - 1) % 16) * interval '1 hour' + ((k - 1) / 16) * interval '30 minutes')
           at time zone 'Asia/Seoul' as start_at
     ) x
     order by x.start_at`,
  );
  await step(
    'bookings',
    `insert into reservation (gym_id, lesson_id, member_id, ticket_issue_id, status, created_by_member_id,
       create_date, modified_date)
     with pool as (
       select member_id, id, row_number() over (order by hashint4(member_id)) as n
       from (select distinct on (member_id) member_id, id from ticket_issue
         where gym_id = ${gymId} and status = 'FIN' and (end_date is null or end_date >= ${t})
         order by member_id, id desc) p
     ),
     size as (select count(*) as n from pool)
     select ${gymId}, l.id, p.member_id, p.id,
       case when k <= l.capacity then
         case when ${h('l.id * 32 + k', 41)} % 100 < 8 then 'CANCEL' else 'COMPLETE' end else 'WAITING' end,
       ${ownerId}, l.start_at - interval '3 days', l.start_at - interval '3 days'
     from lesson l
     cross join size
     cross join lateral generate_series(1, case
       when l.capacity = 1 then (${h('l.id', 42)} % 100 < 70)::int
       else least(l.capacity + 2, (l.capacity * (40 + ${h('l.id', 43)} % 70) / 100)::int) end) k
     join pool p on p.n = 1 + ((l.id * 131) % size.n + k) % size.n
     where l.gym_id = ${gymId} and l.status = 'OPEN'
     order by l.id, k`,
  );
  await step(
    'consults',
    `insert into consult (gym_id, person_kind, channel, name, phone, status, stage, outcome, lost_reason, follow_up_date,
       source, staff_member_id, consult_date, closed_at, create_date, modified_date)
     select ${gymId}, 'NONMEMBER', (array['WALK_IN','PHONE','REVISIT'])[1 + ${h('g', 50)} % 3],
       (array['김','이','박','최','정'])[1 + ${h('g', 51)} % 5] || (array['지','서','민','하','도'])[1 + ${h('g', 52)} % 5]
         || (array['윤','아','준','연','우'])[1 + ${h('g', 53)} % 5],
       '010' || lpad((${h('g', 54)} % 100000000)::text, 8, '0'),
       case when x.stage = 'NEW' then 'WAIT' else 'COMPLETE' end, x.stage,
       case x.stage when 'REGISTERED' then 'REGISTERED' when 'LOST' then 'LOST'
         when 'NEW' then null else 'FOLLOW_UP' end,
       case when x.stage = 'LOST' then (array['PRICE','SCHEDULE','DISTANCE'])[1 + ${h('g', 55)} % 3] end,
       case when x.stage in ('NEW','CONSULTED','TRIAL') and ${h('g', 56)} % 100 < 70
         then x.day + (2 + ${h('g', 57)} % 13)::int end,
       (array['WALK_IN','REFERRAL','ONLINE','SNS'])[1 + ${h('g', 58)} % 4], ${trainers}[1 + ${h('g', 59)} % ${staffIds.length}],
       x.day,
       case when x.stage in ('REGISTERED','LOST') then x.at + interval '7 days' end,
       x.at, x.at
     from generate_series(1, ${CONSULTS}) g
     cross join lateral (
       select ${t} - (${h('g', 60)} % 1095)::int as day, ${h('g', 61)} % 100 as r
     ) y
     cross join lateral (
       select y.day, ${at('y.day', `600 + ${h('g', 62)} % 600`)} as at,
         case when ${t} - y.day > 60 then case when y.r < 55 then 'REGISTERED' else 'LOST' end
           when y.r < 20 then 'NEW' when y.r < 60 then 'CONSULTED' when y.r < 75 then 'TRIAL'
           when y.r < 90 then 'REGISTERED' else 'LOST' end as stage
     ) x
     order by x.at`,
  );
  await step('commit', 'commit');
  for (const table of [
    'checkout',
    'sale',
    'payment_line',
    'sale_adjustment',
    'ticket_issue',
    'member',
    'product',
    'stock_movement',
    'expense',
    'entry_log',
    'lesson',
    'reservation',
    'consult',
    'gym_sub_service',
  ])
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);

  const counts = await one(
    'counts',
    `select
       (select count(*) from sale where gym_id = ${gymId})::int as sales,
       (select count(*) from sale where gym_id = ${gymId} and item_type = 'PASS')::int as pass_sales,
       (select count(*) from sale where gym_id = ${gymId} and item_type = 'PRODUCT')::int as product_sales,
       (select count(*) from checkout where gym_id = ${gymId})::int as checkouts,
       (select count(*) from payment_line where gym_id = ${gymId})::int as payment_lines,
       (select count(*) from payment_line where gym_id = ${gymId} and status = 'REFUND')::int as refund_lines,
       (select count(*) from sale_adjustment where gym_id = ${gymId})::int as write_offs,
       (select count(*) from expense where gym_id = ${gymId})::int as expenses,
       (select min(create_date) from sale where gym_id = ${gymId})::date::text as first_sale,
       (select count(*) from ticket_issue where gym_id = ${gymId} and unpaid_amount > 0)::int as passes_owing,
       (select count(*) from entry_log where gym_id = ${gymId})::int as entries,
       (select count(*) from lesson where gym_id = ${gymId})::int as lessons,
       (select count(*) from reservation where gym_id = ${gymId})::int as bookings,
       (select count(*) from consult where gym_id = ${gymId})::int as consults`,
  );
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    counts: Object.fromEntries(
      Object.entries(counts).map(([k, v]) => [k, typeof v === 'string' && !/^\d+$/.test(v) ? v : Number(v)]),
    ) as Record<string, number>,
  };
};

/**
 * The books must hold (the crash bench's money checks, over this facility): each pass has exactly one PASS sale
 * at its price; `paid_amount` is the sum of its APPROVE lines; a sale's APPROVE lines never exceed its price; a
 * REFUND pass has exactly one REFUND line equal to minus its `refunded_amount`; each checkout's `paid` is the sum
 * of its lines; each customer's `unpaid_amount` is what their sales are owed. Every count must be 0.
 */
export const moneyChecks = async (run: Run, gymId: number) => {
  const g = Math.trunc(gymId);
  const [row] = await run(
    `with paid as (
       select sale_id, sum(amount) filter (where status = 'APPROVE') as paid,
         count(*) filter (where status = 'REFUND') as refunds, sum(amount) filter (where status = 'REFUND') as refunded
       from payment_line where gym_id = ${g} group by sale_id
     ),
     adj as (select sale_id, sum(amount) as adjusted from sale_adjustment where gym_id = ${g} group by sale_id),
     pass_sales as (
       select ticket_issue_id, count(*) as n, min(id) as sale_id, min(price) as price from sale
       where gym_id = ${g} and item_type = 'PASS' group by ticket_issue_id
     ),
     owed as (
       select s.member_id, sum(greatest(s.price - coalesce(a.adjusted, 0) - coalesce(p.paid, 0), 0)) as owed
       from sale s left join paid p on p.sale_id = s.id left join adj a on a.sale_id = s.id
       left join ticket_issue i on i.id = s.ticket_issue_id
       where s.gym_id = ${g} and (i.status is null or i.status <> 'REFUND') group by s.member_id
     ),
     checkout_lines as (
       select checkout_id, sum(amount) as paid from payment_line where gym_id = ${g} and checkout_id is not null
       group by checkout_id
     )
     select
       (select count(*) from ticket_issue i left join pass_sales ps on ps.ticket_issue_id = i.id
         where i.gym_id = ${g} and (ps.n is distinct from 1 or ps.price <> i.price))::int as pass_sale,
       (select count(*) from ticket_issue i join pass_sales ps on ps.ticket_issue_id = i.id
         left join paid p on p.sale_id = ps.sale_id
         where i.gym_id = ${g} and i.paid_amount <> coalesce(p.paid, 0))::int as paid_cache,
       (select count(*) from sale s join paid p on p.sale_id = s.id where s.gym_id = ${g} and p.paid > s.price)::int
         as overpaid,
       (select count(*) from ticket_issue i join pass_sales ps on ps.ticket_issue_id = i.id
         left join paid p on p.sale_id = ps.sale_id
         where i.gym_id = ${g} and ((i.status = 'REFUND') <> (coalesce(p.refunds, 0) = 1)
           or (i.status = 'REFUND' and p.refunded <> -i.refunded_amount)))::int as refund_line,
       (select count(*) from checkout c left join checkout_lines l on l.checkout_id = c.id
         where c.gym_id = ${g} and c.paid <> coalesce(l.paid, 0))::int as checkout_paid,
       (select count(*) from member m left join owed o on o.member_id = m.id
         where m.owner_gym_id = ${g} and m.unpaid_amount <> coalesce(o.owed, 0))::int as unpaid_summary,
       (select count(*) from payment_line pl join sale s on s.id = pl.sale_id where pl.gym_id = ${g}
         and pl.create_date < s.create_date)::int as line_before_sale,
       (select count(*) from sale where gym_id = ${g} and create_date > now())::int as future_sales`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
};
