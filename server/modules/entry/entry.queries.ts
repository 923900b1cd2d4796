import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SubServiceType } from '#domain/enums.ts';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import { normalizeCardNumber } from '#domain/rules/card-number.ts';
import { addDays, daysBetween, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  Entry,
  EntryListQuery,
  EntrySettings,
  EntryStats,
  KioskAnswer,
  MembershipQr,
  OwingSale,
} from '#domain/schemas/entry.ts';
import type { Executor } from '../../db/client.ts';
import { entryKiosk, entryLog, entrySetting, gym, member, ticketIssue } from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../http/errors.ts';
import { searchCondition } from '../../kernel/customer-search.ts';
import { liveCustomer } from '../pass/pass.queries.ts';
import { owingSalesOf } from '../sales/ledger.queries.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';
import { entryOf, type Found, type LoadedPass, toPasses } from './entry.mappers.ts';
import { badField, refused } from './entry.refusals.ts';
import {
  entryHour,
  kioskEnterAddOn,
  kioskGymStatus,
  liveCustomersOf,
  passesJsonOf,
  phoneEndsWith,
} from './entry.sql.ts';
import { membershipQrCode, readMembershipQr } from './membership-qr.ts';

// Check-in's reads (docs/rules.md#check-in): the kiosk's token, the facility's rules, the membership QR, the ways
// a customer is found, the passes as the decision reads them, what an unpaid refusal is owed, and the entry log's
// list and figures. Routes check rights; everything here assumes the caller may act in the facility.

/** A refusal may be overridden at the kiosk for this long. */
export const OVERRIDE_WINDOW_MS = 10 * 60_000;
/** The entry list, its figures and its CSV read at most this many Seoul days. */
export const ENTRY_RANGE_MAX_DAYS = 366;
/** The days the list reads without a range: today and the six before. */
const DEFAULT_RANGE_DAYS = 7;
/** A chooser shows at most this many customers. */
const CHOICES_MAX = 20;
export const EXPORT_MAX = 10_000;
const PAGE_MAX = 100;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The staff's rights in check-in (docs/rules.md#access-table): read with memberUseYn, change with memberSettingYn. */
export const entryRights = { read: 'memberUseYn', change: 'memberSettingYn' } as const;

/**
 * Every check-in call needs the facility's ENTER add-on in APPROVE (docs/rules.md#add-ons). The facility's rules
 * hold the lockers' too, so their route passes both types: either add-on opens them.
 */
export const assertEnterAddOn = async (
  db: Executor,
  gymId: number,
  types: readonly SubServiceType[] = ['ENTER'],
) => {
  if (!(await hasApprovedAddOn(db, gymId, types))) throw new AppError('FORBIDDEN', 'enterAddOnRequired');
};

// ---------------------------------------------------------------------------------------------------------
// The kiosk's token

export type EntryKiosk = { id: number; gymId: number };

/**
 * The kiosk a token opens, or 401 `entryKioskInvalid`: a missing, unknown, expired or closed token reaches nothing.
 * Then the facility's ENTER add-on in APPROVE (403 `enterAddOnRequired`, as `assertEnterAddOn`). One statement
 * reads both, and whether the facility is closed (QUIT), which a kiosk write answers with 409 `facilityClosed`.
 */
export const entryKioskOf = async (
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<EntryKiosk & { gymClosed: boolean }> => {
  if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw unauthenticated('entryKioskInvalid');
  const [row] = await db
    .select({
      id: entryKiosk.id,
      gymId: entryKiosk.gymId,
      expiresAt: entryKiosk.expiresAt,
      closedAt: entryKiosk.closedAt,
      enterAddOn: kioskEnterAddOn(),
      gymStatus: kioskGymStatus(),
    })
    .from(entryKiosk)
    .where(eq(entryKiosk.tokenHash, sha256(token)));
  if (!row || row.closedAt || row.expiresAt.getTime() <= now.getTime())
    throw unauthenticated('entryKioskInvalid');
  if (row.enterAddOn !== true) throw new AppError('FORBIDDEN', 'enterAddOnRequired');
  return { id: row.id, gymId: row.gymId, gymClosed: row.gymStatus === 'QUIT' };
};

/** What the kiosk's welcome page shows: the facility's name and whether an unpaid balance blocks entry. */
export const entryKioskInfo = async (db: Executor, gymId: number) => {
  const [row] = await db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  if (!row) throw notFound();
  const settings = await entrySettingsOf(db, gymId);
  return { gymId, gymName: row.name, blockUnpaid: settings.blockUnpaid };
};

// ---------------------------------------------------------------------------------------------------------
// The facility's rules

export const defaultEntrySettings: Omit<EntrySettings, 'gymId'> = {
  blockUnpaid: false,
  maxLockersPerCustomer: 1,
  lockerReminderDays: [7, 1],
};

/** The facility's check-in and locker rules; the defaults without a row. */
export const entrySettingsOf = async (db: Executor, gymId: number): Promise<EntrySettings> => {
  const [row] = await db.select().from(entrySetting).where(eq(entrySetting.gymId, gymId));
  if (!row)
    return {
      gymId,
      ...defaultEntrySettings,
      lockerReminderDays: [...defaultEntrySettings.lockerReminderDays],
    };
  return {
    gymId,
    blockUnpaid: row.blockUnpaid,
    maxLockersPerCustomer: row.maxLockersPerCustomer,
    lockerReminderDays: row.lockerReminderDays,
  };
};

// ---------------------------------------------------------------------------------------------------------
// The membership QR and finding the customer

/** The customer's current code (404 for another facility's customer, 409 once removed). */
export const membershipQrOf = async (
  db: Executor,
  secret: string,
  gymId: number,
  memberId: number,
): Promise<MembershipQr> => {
  const customer = await liveCustomer(db, gymId, memberId);
  return {
    memberId: customer.id,
    code: membershipQrCode(secret, gymId, customer.id, customer.qrVersion),
    version: customer.qrVersion,
  };
};

export type KioskLookup = { method: 'QR' | 'CARD' | 'PHONE'; code: string; choice?: number | undefined };

/**
 * The customers a kiosk attempt names: the QR's customer (its signature, facility and version must hold), the
 * card number's, or those whose phone ends with the 4 digits (member_owner_phone4_idx). A `choice` keeps only that
 * customer, and only when the attempt names them.
 */
export const findKioskCustomers = async (
  db: Executor,
  secret: string,
  gymId: number,
  lookup: KioskLookup,
): Promise<Found[]> => {
  const columns = { id: member.id, name: member.name, image: member.image };
  let found: Found[] = [];
  if (lookup.method === 'QR') {
    const qr = readMembershipQr(secret, lookup.code);
    if (!qr || qr.gymId !== gymId) return [];
    found = await db
      .select(columns)
      .from(member)
      .where(and(eq(member.id, qr.memberId), liveCustomersOf(gymId), eq(member.qrVersion, qr.version)));
  } else if (lookup.method === 'CARD') {
    // Typed or scanned, in any case (docs/rules.md#card-numbers).
    const card = normalizeCardNumber(lookup.code);
    if (!card) return [];
    found = await db
      .select(columns)
      .from(member)
      .where(and(liveCustomersOf(gymId), eq(member.cardNumber, card)))
      .orderBy(member.name, member.id)
      .limit(CHOICES_MAX);
  } else {
    const digits = lookup.code.trim();
    if (!/^\d{4}$/.test(digits)) return [];
    found = await db
      .select(columns)
      .from(member)
      .where(and(liveCustomersOf(gymId), phoneEndsWith(digits)))
      .orderBy(member.name, member.id)
      .limit(CHOICES_MAX);
  }
  return lookup.choice === undefined ? found : found.filter((f) => f.id === lookup.choice);
};

// ---------------------------------------------------------------------------------------------------------
// The passes and what is owed

export const passEndOf = async (db: Executor, ticketIssueId: number | null) => {
  if (ticketIssueId === null) return null;
  const [row] = await db
    .select({ endDate: ticketIssue.endDate })
    .from(ticketIssue)
    .where(eq(ticketIssue.id, ticketIssueId));
  return row ?? null;
};

/** The passes of `passesJsonOf`, read alone (the pass re-read under its lock). */
export const passesOf = async (
  tx: Executor,
  gymId: number,
  memberId: number,
  today: string,
  onlyId?: number,
): Promise<LoadedPass[]> => {
  const [row] = await tx
    .select({ passes: passesJsonOf(gymId, memberId, today, onlyId) })
    .from(member)
    .where(eq(member.id, memberId));
  return toPasses(row?.passes);
};

/**
 * A staff answer to an unpaid refusal names the sales the balance comes from (docs/rules.md#check-in); a kiosk
 * answer (no amount in it) stays as it is.
 */
export const withOwingSales = async (
  db: Executor,
  gymId: number,
  memberId: number,
  answer: KioskAnswer,
): Promise<KioskAnswer> =>
  answer.reason === 'unpaid' && answer.unpaidAmount !== null
    ? { ...answer, unpaidSales: await owingSalesOf(db, gymId, memberId) }
    : answer;

/**
 * What the customer of an unpaid refusal owes, for staff at the kiosk who signed in (docs/rules.md#check-in): the
 * refusal must be the facility's, of the last 10 minutes and for an unpaid balance (409 `entryNotOverridable`).
 */
export const kioskBalance = async (
  db: Executor,
  input: { gymId: number; entryId: number; now: Date },
): Promise<{ unpaidAmount: number; unpaidSales: OwingSale[] }> => {
  const [row] = await db
    .select({
      memberId: entryLog.memberId,
      result: entryLog.result,
      reason: entryLog.reason,
      createDate: entryLog.createDate,
      unpaidAmount: member.unpaidAmount,
    })
    .from(entryLog)
    .innerJoin(member, eq(member.id, entryLog.memberId))
    .where(and(eq(entryLog.id, input.entryId), eq(entryLog.gymId, input.gymId)));
  if (!row) throw notFound();
  const age = input.now.getTime() - row.createDate.getTime();
  if (row.result !== 'REFUSED' || row.reason !== 'unpaid' || age > OVERRIDE_WINDOW_MS || age < 0)
    throw refused('entryNotOverridable');
  return { unpaidAmount: row.unpaidAmount, unpaidSales: await owingSalesOf(db, input.gymId, row.memberId) };
};

// ---------------------------------------------------------------------------------------------------------
// The entry log: list, figures

/** The Seoul days a read covers: both given, or the last 7 days; at most 366, else 400 on `to`. */
export const entryRange = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const today = seoulToday(now);
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_RANGE_DAYS - 1) : today);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  const days = daysBetween(from, to) + 1;
  if (Number.isNaN(days) || days < 1 || days > ENTRY_RANGE_MAX_DAYS)
    throw badField('to', 'entryRangeTooLong');
  return { from, to };
};

export type EntryFilter = Omit<EntryListQuery, '_start' | '_end'>;

export const entryWhere = (gymId: number, filter: EntryFilter, now: Date) => {
  const { from, to } = entryRange(filter, now);
  return and(
    eq(entryLog.gymId, gymId),
    gte(entryLog.createDate, seoulDayStartUtc(from)),
    lt(entryLog.createDate, seoulDayStartUtc(addDays(to, 1))),
    filter.result ? eq(entryLog.result, filter.result) : undefined,
    filter.method ? eq(entryLog.method, filter.method) : undefined,
    filter.memberId ? eq(entryLog.memberId, filter.memberId) : undefined,
    searchCondition(filter.q),
  );
};

const staff = alias(member, 'staff');

const entryColumns = {
  id: entryLog.id,
  gymId: entryLog.gymId,
  memberId: entryLog.memberId,
  memberName: member.name,
  phone: member.phone,
  method: entryLog.method,
  result: entryLog.result,
  reason: entryLog.reason,
  reasonDate: entryLog.reasonDate,
  ticketIssueId: entryLog.ticketIssueId,
  passName: entryLog.passName,
  sessionUsed: entryLog.sessionUsed,
  sessionsLeft: entryLog.sessionsLeft,
  daysLeft: entryLog.daysLeft,
  staffMemberId: entryLog.staffMemberId,
  staffName: staff.name,
  note: entryLog.note,
  createDate: entryLog.createDate,
};

export const entriesFrom = (db: Executor, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(entryLog)
    .innerJoin(member, eq(member.id, entryLog.memberId))
    .leftJoin(staff, eq(staff.id, entryLog.staffMemberId))
    .where(where)
    .orderBy(desc(entryLog.createDate), desc(entryLog.id));

/**
 * A page of the entry log, newest first, phones masked (docs/rules.md#customers): the page, and a capped count
 * only when the page does not already tell the total. At most two statements.
 */
export const listEntries = async (db: Executor, gymId: number, query: EntryListQuery, now: Date) => {
  const where = entryWhere(gymId, query, now);
  const start = query._start;
  const end = Math.min(Math.max(query._end, start), start + PAGE_MAX);
  const rows =
    end > start
      ? await entriesFrom(db, where)
          .limit(end - start)
          .offset(start)
      : [];
  let total = start + rows.length;
  if (rows.length === end - start || (rows.length === 0 && start > 0)) {
    const capped = db
      .select({ one: sql`1` })
      .from(entryLog)
      .innerJoin(member, eq(member.id, entryLog.memberId))
      .where(where)
      .limit(TOTAL_CAP + 1)
      .as('capped');
    const [row] = await db.select({ n: count() }).from(capped);
    total = Number(row?.n ?? 0);
  }
  const data: Entry[] = rows.map(entryOf);
  return { data, total, capped: total > TOTAL_CAP };
};

/**
 * The figures of a range: today's visits (allowed and overridden), the rows by result, and the visits by hour of
 * the Seoul day, from one grouped statement.
 */
export const entryStats = async (
  db: Executor,
  gymId: number,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<EntryStats> => {
  const { from, to } = entryRange(query, now);
  const hour = entryHour();
  const rows = await db
    .select({ hour, result: entryLog.result, n: count() })
    .from(entryLog)
    .where(
      and(
        eq(entryLog.gymId, gymId),
        gte(entryLog.createDate, seoulDayStartUtc(from)),
        lt(entryLog.createDate, seoulDayStartUtc(addDays(to, 1))),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  const today = seoulToday(now);
  const [todayRow] = await db
    .select({ n: count() })
    .from(entryLog)
    .where(
      and(
        eq(entryLog.gymId, gymId),
        gte(entryLog.createDate, seoulDayStartUtc(today)),
        lt(entryLog.createDate, seoulDayStartUtc(addDays(today, 1))),
        inArray(entryLog.result, ['ALLOWED', 'OVERRIDE']),
      ),
    );
  const stats: EntryStats = {
    today: Number(todayRow?.n ?? 0),
    total: 0,
    allowed: 0,
    refused: 0,
    override: 0,
    byHour: Array.from({ length: 24 }, () => 0),
  };
  for (const row of rows) {
    const n = Number(row.n);
    stats.total += n;
    if (row.result === 'ALLOWED') stats.allowed += n;
    if (row.result === 'REFUSED') stats.refused += n;
    if (row.result === 'OVERRIDE') stats.override += n;
    if (row.result !== 'REFUSED' && row.hour >= 0 && row.hour < 24) stats.byHour[row.hour]! += n;
  }
  return stats;
};
