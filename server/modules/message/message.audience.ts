import type { MessageChannel, MessageVariable } from '#domain/rules/message.ts';
import { normalizeMobile } from '#domain/rules/message.ts';
import type { MessageAudienceCount, MessageExclusion } from '#domain/schemas/message.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { segmentWhere } from '../customer/customer.queries.ts';
import {
  classifiedQuery,
  countQuery,
  type ExclusionRules,
  memberCountQuery,
  type PeopleSource,
  peopleQuery,
  pickedWhere,
  rowsOf,
  rowsQuery,
  sampleQuery,
} from './message.sql.ts';

// Who a send reaches (docs/rules.md#messaging): a segment of the member list (the same SQL as its tab), picked
// customers of the facility (another facility's id answers 404, as everywhere), or the lines of a CSV (each line a
// mobile number; every bad line answers 400 on `audience.phones.<line>`). Each person is then excluded or not, in
// SQL: no phone, the same number twice, and for advertising no consent, opted out, or night without night consent.

/** The audience as the request schema parses it (its defaults applied). */
export type ParsedAudience =
  | {
      type: 'segment';
      segment: Parameters<typeof segmentWhere>[0]['segment'];
      days: number;
      q?: string | undefined;
      trainerMemberId?: number | undefined;
    }
  | { type: 'customers'; memberIds: number[] }
  | { type: 'phones'; phones: string[] };

/** A send's failed recipients, for a resend. */
export type AudienceInput = ParsedAudience | { type: 'recipients'; sendId: number };

export type AudienceContext = {
  gymId: number;
  channel: MessageChannel;
  advertising: boolean;
  nightExclude: boolean;
  /** The caller reaches only the customers assigned to them (docs/rules.md#customer-reach), or null. */
  trainerMemberId: number | null;
  now: Date;
};

export type AudienceRow = {
  ord: number;
  memberId: number | null;
  name: string | null;
  address: string | null;
  passName: string | null;
  passEndDate: string | null;
  sessionsLeft: number | null;
  unpaidAmount: number | string | null;
  exclusion: MessageExclusion | null;
};

/** Every CSV line normalised; the bad ones all listed (400 `audience.phones.<index>`). */
export const normalizedPhones = (lines: string[]): string[] => {
  const errors: Record<string, 'messageBadPhone'> = {};
  const phones = lines.map((line, index) => {
    const phone = normalizeMobile(line);
    if (phone === null) errors[`audience.phones.${index}`] = 'messageBadPhone';
    return phone ?? '';
  });
  if (Object.keys(errors).length > 0)
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, errors);
  return phones;
};

const sourceOf = async (
  db: Executor,
  audience: AudienceInput,
  context: AudienceContext,
): Promise<PeopleSource> => {
  const trainer = context.trainerMemberId ?? undefined;
  switch (audience.type) {
    case 'segment': {
      const where = segmentWhere(
        {
          gymId: context.gymId,
          segment: audience.segment,
          days: audience.days,
          q: audience.q,
          trainerMemberId: trainer ?? audience.trainerMemberId,
        },
        context.now,
      );
      return { type: 'members', where };
    }
    case 'customers': {
      const ids = [...new Set(audience.memberIds)];
      const base = segmentWhere(
        { gymId: context.gymId, segment: 'all', days: 7, trainerMemberId: trainer },
        context.now,
      );
      const where = pickedWhere(base, ids);
      const [found] = await rowsOf<{ n: number }>(db, memberCountQuery(where));
      // Another facility's customer (or one outside the caller's reach) is a missing one (docs/rules.md#isolation).
      if (Number(found?.n ?? 0) !== ids.length) throw notFound();
      return { type: 'members', where };
    }
    case 'phones':
      return {
        type: 'phones',
        gymId: context.gymId,
        phones: normalizedPhones(audience.phones),
        trainerMemberId: context.trainerMemberId,
      };
    case 'recipients':
      return { type: 'recipients', sendId: audience.sendId };
  }
};

const rulesOf = (context: AudienceContext, duplicates: boolean): ExclusionRules => ({
  gymId: context.gymId,
  channel: context.channel,
  advertising: context.advertising,
  nightExclude: context.advertising && context.nightExclude,
  duplicates,
});

/** The classified statement of an audience (what the count, the sample and the send read). */
export const audienceQuery = async (db: Executor, audience: AudienceInput, context: AudienceContext) => {
  const source = await sourceOf(db, audience, context);
  // A facility's customers have one phone each: only CSV lines, e-mails and old recipients can repeat.
  const duplicates = source.type !== 'members' || context.channel === 'EMAIL';
  return classifiedQuery(peopleQuery(source, context.channel), rulesOf(context, duplicates));
};

/**
 * One formatter for every value: `toLocaleString` builds a formatter on each call (about 15 µs; the 20,000 numbers
 * of a send to 10,000 took 230 ms of it, bench/README.md#messaging). The same locale and options, the same text.
 */
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const printed = (value: number | string | null) => (value === null ? '' : NUMBER.format(Number(value)));

/** The variables' values of one person (docs/rules.md#messaging): dates as YYYY-MM-DD, numbers with separators. */
export const valuesOf = (
  row: Pick<AudienceRow, 'name' | 'passName' | 'passEndDate' | 'sessionsLeft' | 'unpaidAmount'>,
  gymName: string,
): Record<MessageVariable, string> => ({
  이름: row.name ?? '',
  시설명: gymName,
  이용권: row.passName ?? '',
  종료일: row.passEndDate ?? '',
  잔여횟수: printed(row.sessionsLeft),
  미수금: printed(row.unpaidAmount ?? 0),
});

/** Every person of the audience with their exclusion, in the audience's order. */
export const audienceRows = async (db: Executor, audience: AudienceInput, context: AudienceContext) =>
  rowsOf<AudienceRow>(db, rowsQuery(await audienceQuery(db, audience, context)));

/** The compose screen's live count, in COUNT queries (no row leaves the database but the first recipient's). */
export const audienceCount = async (
  db: Executor,
  audience: AudienceInput,
  context: AudienceContext & { night: boolean; gymName: string },
): Promise<MessageAudienceCount> => {
  const classified = await audienceQuery(db, audience, context);
  const [counts] = await rowsOf<Record<string, number>>(db, countQuery(classified));
  const [first] = await rowsOf<AudienceRow>(db, sampleQuery(classified));
  const n = (key: string) => Number(counts?.[key] ?? 0);
  return {
    total: n('total'),
    recipients: n('recipients'),
    excluded: {
      NO_CONSENT: n('NO_CONSENT'),
      OPTED_OUT: n('OPTED_OUT'),
      NIGHT: n('NIGHT'),
      NO_PHONE: n('NO_PHONE'),
      DUPLICATE: n('DUPLICATE'),
    },
    night: context.night,
    sample: first ? { name: first.name ?? '', values: valuesOf(first, context.gymName) } : null,
  };
};

/** The first person who would receive it (the preview's and the test send's values), if any. */
export const firstRecipient = async (
  db: Executor,
  audience: AudienceInput,
  context: AudienceContext,
): Promise<AudienceRow | undefined> => {
  const [first] = await rowsOf<AudienceRow>(db, sampleQuery(await audienceQuery(db, audience, context)));
  return first;
};
