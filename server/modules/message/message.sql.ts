import { and, type SQL, sql } from 'drizzle-orm';
import type { MessageChannel } from '#domain/rules/message.ts';
import type { Executor } from '../../db/client.ts';
import { customerConsent, member, messageRecipient } from '../../db/schema/index.ts';

// The group messages' audience SQL (docs/rules.md#messaging): the people an audience names, one row each in the
// audience's order, with the summary columns the variables read, then each person's exclusion decided in the same
// statement. The live count and the send both read these, so what the compose screen counts is what is written.

/** Where the people come from: a segment's condition on the member table, picked ids, CSV lines, or a send's failed rows. */
export type PeopleSource =
  | { type: 'members'; where: SQL | undefined }
  | { type: 'phones'; gymId: number; phones: string[]; trainerMemberId: number | null }
  | { type: 'recipients'; sendId: number };

export type ExclusionRules = {
  gymId: number;
  channel: MessageChannel;
  advertising: boolean;
  /** Advertising at night with EXCLUDE (or the count's estimate): those without NIGHT consent are left out. */
  nightExclude: boolean;
  /** A window over the addresses finds the same number twice (needless where the phone is unique per facility). */
  duplicates: boolean;
};

const addressOf = (channel: MessageChannel, table: 'member' | 'm') => {
  const column = channel === 'EMAIL' ? 'email' : 'phone';
  return sql.raw(table === 'member' ? `"member"."${column}"` : `m."${column}"`);
};

const summaryColumns = (table: 'member' | 'm') => {
  const t = table === 'member' ? '"member"' : 'm';
  return sql.raw(
    `${t}.pass_name as "passName", to_char(${t}.pass_end_date, 'YYYY-MM-DD') as "passEndDate", ` +
      `${t}.sessions_left as "sessionsLeft", ${t}.unpaid_amount as "unpaidAmount"`,
  );
};

/** The people of an audience: `ord`, `memberId`, `name`, `address` and the summary columns. */
export const peopleQuery = (source: PeopleSource, channel: MessageChannel): SQL => {
  switch (source.type) {
    case 'members':
      // `ord` is the id itself (no cast), so the first recipient reads the index in its order and stops early.
      return sql`select ${member.id} as ord, ${member.id} as "memberId", ${member.name} as name,
        ${addressOf(channel, 'member')} as address, ${summaryColumns('member')}
        from ${member} where ${source.where ?? sql`true`}`;
    case 'phones': {
      const trainer =
        source.trainerMemberId === null ? sql`` : sql` and m.trainer_member_id = ${source.trainerMemberId}`;
      const address = channel === 'EMAIL' ? sql`m.email` : sql`p.phone`;
      return sql`select p.ord::bigint as ord, m.id as "memberId", m.name as name, ${address} as address,
        ${summaryColumns('m')}
        from unnest(string_to_array(${source.phones.join(',')}::text, ',')) with ordinality as p(phone, ord)
        left join ${member} m on m.owner_gym_id = ${source.gymId} and m.phone = p.phone
          and m.status = 'ACTIVE' and m.erased_at is null${trainer}`;
    }
    case 'recipients':
      return sql`select r.id as ord, r.member_id as "memberId", coalesce(m.name, r.name) as name,
        r.address as address, ${summaryColumns('m')}
        from ${messageRecipient} r left join ${member} m on m.id = r.member_id
        where r.send_id = ${source.sendId} and r.state = 'FAILED'`;
  }
};

const consentChannelOf = (channel: MessageChannel) => channel;

/**
 * A mobile number, exactly `^01[016789][0-9]{7,8}$` without the regex: 10 or 11 characters, `01`, the third one of
 * 0 1 6 7 8 9, and nothing left once the leading digits are trimmed (so every character is an ASCII digit). The
 * regex was most of a count's time over 100,000 rows (75 → 31 ms alone, bench/README.md#messaging).
 */
const mobileCheck = sql.raw(
  `(length(p.address) in (10, 11) and p.address like '01%' and substr(p.address, 3, 1) in ('0', '1', '6', '7', '8', '9') ` +
    `and ltrim(p.address, '0123456789') = '')`,
);

/** The first reason that leaves a person out, in the order the rules are checked (null: they receive it). */
const exclusionCase = (rules: ExclusionRules): SQL => {
  const valid = rules.channel === 'EMAIL' ? sql`p.address like '_%@_%'` : mobileCheck;
  const branches: SQL[] = [sql`when p.address is null or not (${valid}) then 'NO_PHONE'`];
  if (rules.duplicates)
    branches.push(sql`when row_number() over (partition by p.address order by p.ord) > 1 then 'DUPLICATE'`);
  if (rules.advertising) {
    branches.push(sql`when c.agreed is false and c.source = 'OPT_OUT' then 'OPTED_OUT'`);
    branches.push(sql`when c.agreed is not true then 'NO_CONSENT'`);
    if (rules.nightExclude) branches.push(sql`when n.agreed is not true then 'NIGHT'`);
  }
  return sql`case ${sql.join(branches, sql` `)} end`;
};

/** The people with their exclusion (`exclusion`, null for those who receive it). */
export const classifiedQuery = (people: SQL, rules: ExclusionRules): SQL => {
  const consents = rules.advertising
    ? sql`left join ${customerConsent} c on c.gym_id = ${rules.gymId} and c.member_id = p."memberId"
          and c.channel = ${consentChannelOf(rules.channel)}
        left join ${customerConsent} n on n.gym_id = ${rules.gymId} and n.member_id = p."memberId"
          and n.channel = 'NIGHT'`
    : sql``;
  return sql`select p.*, ${exclusionCase(rules)} as exclusion from (${people}) p ${consents}`;
};

/**
 * The live count: everyone, those who receive it, and each reason's count. Grouped by the reason first, so each
 * person's exclusion is worked out once (seven filtered counts over the rows evaluated it seven times; the aggregation
 * over 100,000 on PostgreSQL went from 870 to 290–380 ms, bench/README.md#messaging).
 */
export const countQuery = (classified: SQL): SQL =>
  sql`select coalesce(sum(n), 0)::int as total, coalesce(sum(n) filter (where exclusion is null), 0)::int as recipients,
    coalesce(sum(n) filter (where exclusion = 'NO_CONSENT'), 0)::int as "NO_CONSENT",
    coalesce(sum(n) filter (where exclusion = 'OPTED_OUT'), 0)::int as "OPTED_OUT",
    coalesce(sum(n) filter (where exclusion = 'NIGHT'), 0)::int as "NIGHT",
    coalesce(sum(n) filter (where exclusion = 'NO_PHONE'), 0)::int as "NO_PHONE",
    coalesce(sum(n) filter (where exclusion = 'DUPLICATE'), 0)::int as "DUPLICATE"
    from (select exclusion, count(*) as n from (${classified}) x group by exclusion) g`;

export const sampleQuery = (classified: SQL): SQL =>
  sql`select * from (${classified}) x where exclusion is null order by ord limit 1`;

export const rowsQuery = (classified: SQL): SQL => sql`select * from (${classified}) x order by ord`;

/** Whether every picked id is a customer of the facility within the caller's reach. */
export const pickedWhere = (where: SQL | undefined, ids: number[]): SQL =>
  and(where, sql`${member.id} = any(string_to_array(${ids.join(',')}::text, ',')::int[])`)!;

export const memberCountQuery = (where: SQL): SQL =>
  sql`select count(*)::int as n from ${member} where ${where}`;

/** The rows of a raw statement: both drivers answer `{ rows }` (each row as the statement names its columns). */
export const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => {
  const result: unknown = await db.execute(query);
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('The database answered a statement without rows');
  return rows;
};
