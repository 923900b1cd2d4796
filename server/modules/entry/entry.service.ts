import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, count, desc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language, SubServiceType } from '#domain/enums.ts';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import { normalizeCardNumber } from '#domain/rules/card-number.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import {
  type CheckInDecision,
  type CheckInPass,
  DOUBLE_TAP_SECONDS,
  decideCheckIn,
  type EntryMethod,
  type EntryRefusal,
  maskName,
  RENEW_SOON_DAYS,
} from '#domain/rules/entry.ts';
import { daysLeft, sessionsLeft } from '#domain/rules/passes.ts';
import { addDays, daysBetween, SEOUL, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type {
  Entry,
  EntryListQuery,
  EntrySettings,
  EntryStats,
  KioskAnswer,
  MembershipQr,
  OwingSale,
} from '#domain/schemas/entry.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  type EntryLogRow,
  entryKiosk,
  entryLog,
  entrySetting,
  gym,
  gymSubService,
  member,
  serverSecret,
  subService,
  ticket,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { searchCondition } from '../customer/customer.queries.ts';
import { liveCustomer } from '../pass/pass.service.ts';
import { owingSalesOf } from '../sales/ledger.service.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';

// Check-in (docs/rules.md#check-in): the kiosk's token, the membership QR, the ways a customer is found, the
// decision (`decideCheckIn` in domain/rules/entry.ts) and what it writes (the entry log, the usage ledger's
// ENTRY row, the last visit), overrides, the entry log's list, figures and CSV, and the facility's rules. Routes
// check rights; everything here assumes the caller may act in the facility. Each function takes the transaction
// (or the database) it runs on, and an `Actor` where it writes, so a seed or a job can call it too.

dayjs.extend(utc);
dayjs.extend(timezone);

/** How long a kiosk's token lasts: one working day. */
export const ENTRY_KIOSK_TTL_MS = 16 * 3_600_000;
/** A refusal may be overridden at the kiosk for this long. */
export const OVERRIDE_WINDOW_MS = 10 * 60_000;
/** The entry list, its figures and its CSV read at most this many Seoul days. */
export const ENTRY_RANGE_MAX_DAYS = 366;
/** The days the list reads without a range: today and the six before. */
const DEFAULT_RANGE_DAYS = 7;
/** A chooser shows at most this many customers. */
const CHOICES_MAX = 20;
const EXPORT_MAX = 10_000;
const PAGE_MAX = 100;
/** The outbox topic of the membership QR's text message. */
export const MEMBERSHIP_QR_TOPIC = 'membership-qr';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

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

/** Opens a kiosk: a token good for 16 hours, of which only the SHA-256 is kept. */
export const openEntryKiosk = async (db: Executor, gymId: number, actor: Actor) => {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(actor.now.getTime() + ENTRY_KIOSK_TTL_MS);
  await db.insert(entryKiosk).values({
    gymId,
    tokenHash: sha256(token),
    openedByMemberId: actor.memberId,
    expiresAt,
    createDate: actor.now,
  });
  return { token, expiresAt: expiresAt.toISOString() };
};

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
      enterAddOn: sql<boolean>`exists (select 1 from ${gymSubService} g inner join ${subService} s on s.id = g.sub_service_id where g.gym_id = ${entryKiosk}.gym_id and s.gym_sub_service_type = 'ENTER' and g.gym_sub_service_status = 'APPROVE')`,
      gymStatus: sql<string | null>`(select f.gym_status from ${gym} f where f.id = ${entryKiosk}.gym_id)`,
    })
    .from(entryKiosk)
    .where(eq(entryKiosk.tokenHash, sha256(token)));
  if (!row || row.closedAt || row.expiresAt.getTime() <= now.getTime())
    throw unauthenticated('entryKioskInvalid');
  if (row.enterAddOn !== true) throw new AppError('FORBIDDEN', 'enterAddOnRequired');
  return { id: row.id, gymId: row.gymId, gymClosed: row.gymStatus === 'QUIT' };
};

/** A staff member leaves the kiosk: its token reaches nothing after. */
export const closeEntryKiosk = async (db: Executor, kioskId: number, now: Date) => {
  await db
    .update(entryKiosk)
    .set({ closedAt: now })
    .where(and(eq(entryKiosk.id, kioskId), isNull(entryKiosk.closedAt)));
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

/** Changes the rules (the representative), with its audit row. */
export const saveEntrySettings = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  patch: Partial<Omit<EntrySettings, 'gymId'>>,
): Promise<EntrySettings> => {
  const { gymId: _g, ...before } = await entrySettingsOf(tx, gymId);
  const after = {
    blockUnpaid: patch.blockUnpaid ?? before.blockUnpaid,
    maxLockersPerCustomer: patch.maxLockersPerCustomer ?? before.maxLockersPerCustomer,
    lockerReminderDays: patch.lockerReminderDays
      ? [...new Set(patch.lockerReminderDays)].sort((a, b) => b - a)
      : before.lockerReminderDays,
  };
  await tx
    .insert(entrySetting)
    .values({ gymId, ...after, modifiedDate: actor.now })
    .onConflictDoUpdate({ target: entrySetting.gymId, set: { ...after, modifiedDate: actor.now } });
  await audit(tx, actor, {
    gymId,
    action: 'entry-setting.update',
    entity: 'entry-setting',
    entityId: gymId,
    before,
    after,
  });
  return { gymId, ...after };
};

// ---------------------------------------------------------------------------------------------------------
// The membership QR: `FD1.<gymId>.<memberId>.<version>.<signature>`

export const MEMBERSHIP_QR_SECRET = 'membership-qr';
const QR_PATTERN = /^FD1\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{22})$/;
const secrets = new WeakMap<object, Promise<string>>();

/**
 * The key that signs the membership QR codes: made on first use and kept in `server_secret`, so every process on
 * one database signs alike; kept in memory per process after.
 */
export const membershipQrSecret = (db: Executor): Promise<string> => {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(serverSecret)
        .values({ name: MEMBERSHIP_QR_SECRET, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecret.value })
        .from(serverSecret)
        .where(eq(serverSecret.name, MEMBERSHIP_QR_SECRET));
      if (!row) throw new Error('The membership QR secret could not be stored');
      return row.value;
    })();
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
};

const signatureOf = (secret: string, gymId: number, memberId: number, version: number) =>
  createHmac('sha256', secret).update(`${gymId}.${memberId}.${version}`).digest('base64url').slice(0, 22);

/** A customer's code: the facility, the customer, the version (a reissue revokes older ones) and the signature. */
export const membershipQrCode = (secret: string, gymId: number, memberId: number, version: number) =>
  `FD1.${gymId}.${memberId}.${version}.${signatureOf(secret, gymId, memberId, version)}`;

/** The code's parts when its signature holds, else null (a forged or garbled code). */
export const readMembershipQr = (secret: string, code: string) => {
  const match = QR_PATTERN.exec(code.trim());
  if (!match) return null;
  const [gymId, memberId, version] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const expected = Buffer.from(signatureOf(secret, gymId, memberId, version));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { gymId, memberId, version };
};

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

/** A new code: the version goes up, so every earlier code is refused at the kiosk. */
export const reissueMembershipQr = async (
  tx: Executor,
  actor: Actor,
  secret: string,
  gymId: number,
  memberId: number,
): Promise<MembershipQr> => {
  const customer = await liveCustomer(tx, gymId, memberId);
  const [row] = await tx
    .update(member)
    .set({ qrVersion: sql`${member.qrVersion} + 1`, modifiedDate: actor.now })
    .where(eq(member.id, customer.id))
    .returning({ qrVersion: member.qrVersion });
  const version = row!.qrVersion;
  await audit(tx, actor, {
    gymId,
    action: 'entry.qr-reissue',
    entity: 'member',
    entityId: customer.id,
    before: { qrVersion: customer.qrVersion },
    after: { qrVersion: version },
  });
  return { memberId: customer.id, code: membershipQrCode(secret, gymId, customer.id, version), version };
};

/** Texts the customer their current code, through the outbox. */
export const sendMembershipQr = async (
  tx: Executor,
  actor: Actor,
  secret: string,
  gymId: number,
  memberId: number,
) => {
  const customer = await liveCustomer(tx, gymId, memberId);
  const code = membershipQrCode(secret, gymId, customer.id, customer.qrVersion);
  // Signed with the facility's name; the code is sealed until delivery (docs/architecture.md#outbox).
  const [facility] = await tx.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  const sign = facility?.name ?? '';
  await enqueue(tx as Db, {
    topic: MEMBERSHIP_QR_TOPIC,
    payload: {
      gymId,
      to: customer.phone,
      memberId: customer.id,
      kind: 'membershipQr',
      text: {
        ko: `[${sign}] 출입용 회원 QR 코드입니다. 입구의 키오스크에 보여 주세요: {{code}}`,
        en: `[${sign}] Your membership QR code for the entrance kiosk: {{code}}`,
      },
    },
    secrets: { code },
    now: actor.now,
  });
};

// ---------------------------------------------------------------------------------------------------------
// Finding the customer

export type KioskLookup = { method: 'QR' | 'CARD' | 'PHONE'; code: string; choice?: number | undefined };
type Found = { id: number; name: string; image: string | null };

/** The facility's customers still on its books: not removed, not erased. */
const liveCustomersOf = (gymId: number): SQL =>
  and(eq(member.ownerGymId, gymId), ne(member.status, 'QUIT'), isNull(member.erasedAt))!;

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
      // The literal 4, not a parameter: the expression must be the index's own.
      .where(and(liveCustomersOf(gymId), sql`right(${member.phone}, 4) = ${digits}`))
      .orderBy(member.name, member.id)
      .limit(CHOICES_MAX);
  }
  return lookup.choice === undefined ? found : found.filter((f) => f.id === lookup.choice);
};

// ---------------------------------------------------------------------------------------------------------
// Answers

export const unknownAnswer = (): KioskAnswer => ({
  outcome: 'UNKNOWN',
  entryId: null,
  name: null,
  photoUrl: null,
  passName: null,
  reason: null,
  reasonDate: null,
  unpaidAmount: null,
  unpaidSales: [],
  sessionUsed: false,
  sessionsLeft: null,
  daysLeft: null,
  endDate: null,
  renewSoon: false,
  repeat: false,
  choices: [],
});

export const chooseAnswer = (found: Found[]): KioskAnswer => ({
  ...unknownAnswer(),
  outcome: 'CHOOSE',
  choices: found.map((f) => ({ choice: f.id, maskedName: maskName(f.name), photoUrl: f.image })),
});

type Who = { name: string; image: string | null; unpaidAmount: number };

const answerOf = (
  entry: Pick<
    EntryLogRow,
    'id' | 'result' | 'reason' | 'reasonDate' | 'passName' | 'sessionUsed' | 'sessionsLeft' | 'daysLeft'
  >,
  who: Who,
  pass: { endDate: string | null } | null,
  options: { today: string; maskName: boolean; repeat: boolean },
): KioskAnswer => {
  const allowed = entry.result !== 'REFUSED';
  const endDate = pass?.endDate ?? null;
  return {
    outcome: allowed ? 'ALLOWED' : 'REFUSED',
    entryId: entry.id,
    name: options.maskName ? maskName(who.name) : who.name,
    photoUrl: who.image,
    passName: entry.passName,
    reason: entry.reason,
    reasonDate: entry.reasonDate,
    // The kiosk's customer side never shows what is owed (docs/rules.md#check-in): a masked answer carries none.
    unpaidAmount: entry.reason === 'unpaid' && !options.maskName ? who.unpaidAmount : null,
    unpaidSales: [],
    sessionUsed: entry.sessionUsed,
    sessionsLeft: entry.sessionsLeft,
    daysLeft: entry.daysLeft,
    endDate,
    renewSoon: allowed && endDate !== null && endDate <= addDays(options.today, RENEW_SOON_DAYS - 1),
    repeat: options.repeat,
    choices: [],
  };
};

const passEndOf = async (db: Executor, ticketIssueId: number | null) => {
  if (ticketIssueId === null) return null;
  const [row] = await db
    .select({ endDate: ticketIssue.endDate })
    .from(ticketIssue)
    .where(eq(ticketIssue.id, ticketIssueId));
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------------------
// The check-in

type LoadedPass = CheckInPass & { periodAmount: number | null };

/**
 * The customer's passes in the facility as the decision reads them, with today's ENTRY use per pass, as one JSON
 * array (newest first, at most 200): a column of a statement that reads other things too.
 */
const passesJsonOf = (gymId: number, memberId: number, today: string, onlyId?: number) => {
  const dayStart = seoulDayStartUtc(today).toISOString();
  const nextDay = seoulDayStartUtc(addDays(today, 1)).toISOString();
  return sql<RawPass[]>`coalesce((select json_agg(p order by p.id desc) from (
    select t.id, t.ticket_name as "name", t.status, t.start_date as "startDate", t.end_date as "endDate",
      t.session_count as "sessionCount", t.period_amount as "periodAmount", k.entry_uses_session as "entryUsesSession",
      (select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = t.id) as "sessionsUsed",
      coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = t.id), '[]'::json) as "holds",
      exists (select 1 from ${ticketUsage} u where u.ticket_issue_id = t.id and u.kind = 'ENTRY' and u.sessions > 0 and u.create_date >= ${dayStart}::timestamptz and u.create_date < ${nextDay}::timestamptz) as "sessionUsedToday"
    from ${ticketIssue} t inner join ${ticket} k on k.id = t.ticket_id
    where t.gym_id = ${gymId} and t.member_id = ${memberId}${onlyId === undefined ? sql`` : sql` and t.id = ${onlyId}`}
    order by t.id desc limit 200) p), '[]'::json)`;
};

type RawPass = Omit<LoadedPass, 'dayBased'>;

const toPasses = (rows: RawPass[] | null | undefined): LoadedPass[] =>
  (rows ?? []).map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate ?? null,
    sessionCount: r.sessionCount === null ? null : Number(r.sessionCount),
    periodAmount: r.periodAmount === null ? null : Number(r.periodAmount),
    entryUsesSession: r.entryUsesSession === true,
    sessionsUsed: Number(r.sessionsUsed),
    holds: r.holds ?? [],
    sessionUsedToday: r.sessionUsedToday === true,
    // A period (day-based) pass: a second entry on one day uses no second session.
    dayBased: r.periodAmount !== null,
  }));

/** The passes of `passesJsonOf`, read alone (the pass re-read under its lock). */
const passesOf = async (
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

/** The fields of an entry a repeat answer shows, with its pass's end date. */
type RecentEntry = Pick<
  EntryLogRow,
  'id' | 'result' | 'reason' | 'reasonDate' | 'passName' | 'sessionUsed' | 'sessionsLeft' | 'daysLeft'
> & { endDate: string | null; hasPass: boolean };

export type CheckInInput = {
  gymId: number;
  memberId: number;
  method: EntryMethod;
  /** The kiosk the attempt came from; null for a staff member's manual check-in or a seed. */
  kioskId?: number | null | undefined;
  /** A staff member's manual check-in that lets the customer in despite a refusal, with why. */
  overrideNote?: string | undefined;
  /** The kiosk shows the name masked (김*수); staff see it whole. */
  maskName?: boolean | undefined;
};

/**
 * Checks a customer in at `actor.now` (docs/rules.md#check-in), inside the caller's transaction: the customer's
 * row is locked first so that two taps queue; an allowed entry of theirs in the last 60 seconds is answered again
 * (`repeat`) and nothing is written. Otherwise the decision is written to the entry log; a session it uses is an
 * ENTRY row of the usage ledger, taken under the pass's row lock (the last session goes once: a pass used up
 * meanwhile refuses `noSessions`, never 409). An allowed entry sets the customer's last visit.
 */
export const checkInMember = async (
  tx: Executor,
  actor: Actor,
  input: CheckInInput,
): Promise<KioskAnswer> => {
  const today = seoulToday(actor.now);
  const options = { today, maskName: input.maskName ?? false };
  const [customer] = await tx
    .select({
      id: member.id,
      name: member.name,
      image: member.image,
      status: member.status,
      erasedAt: member.erasedAt,
      unpaidAmount: member.unpaidAmount,
    })
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, input.gymId)))
    .for('update');
  if (!customer) throw notFound();
  if (customer.status === 'QUIT' || customer.erasedAt) throw new AppError('CONFLICT', 'customerRemoved');

  // A double tap: the customer's allowed entry within 60 seconds, answered again. Either side of now: a tap that
  // queued behind this customer's lock may have read the clock before the entry it waited for was written. Read
  // after the lock, in one statement with the facility's rules and the customer's passes.
  const tap = DOUBLE_TAP_SECONDS * 1000;
  const tapFrom = new Date(actor.now.getTime() - tap).toISOString();
  const tapTo = new Date(actor.now.getTime() + tap).toISOString();
  const [state] = await tx
    .select({
      recent: sql<RecentEntry | null>`(select json_build_object('id', e.id, 'result', e.result, 'reason', e.reason, 'reasonDate', e.reason_date, 'passName', e.pass_name, 'sessionUsed', e.session_used, 'sessionsLeft', e.sessions_left, 'daysLeft', e.days_left, 'hasPass', e.ticket_issue_id is not null, 'endDate', (select t.end_date from ${ticketIssue} t where t.id = e.ticket_issue_id)) from ${entryLog} e where e.member_id = ${customer.id} and e.create_date >= ${tapFrom}::timestamptz and e.create_date <= ${tapTo}::timestamptz and e.result in ('ALLOWED', 'OVERRIDE') order by e.create_date desc, e.id desc limit 1)`,
      blockUnpaid: sql<
        boolean | null
      >`(select s.block_unpaid from ${entrySetting} s where s.gym_id = ${input.gymId})`,
      passes: passesJsonOf(input.gymId, customer.id, today),
    })
    .from(member)
    .where(eq(member.id, customer.id));
  const recent = state?.recent ?? null;
  if (recent)
    return answerOf(recent, customer, recent.hasPass ? { endDate: recent.endDate ?? null } : null, {
      ...options,
      repeat: true,
    });

  const blockUnpaid = state?.blockUnpaid ?? defaultEntrySettings.blockUnpaid;
  let passes = toPasses(state?.passes);
  const decide = () => decideCheckIn({ passes, today, blockUnpaid, unpaidAmount: customer.unpaidAmount });
  let decision: CheckInDecision = decide();
  // A session is counted again under the pass's lock; what changed meanwhile (a use, a refund, a hold) decides
  // again. Each pass changes at most once (its lock is held from then on), so this ends.
  const stateOf = (p: LoadedPass) =>
    JSON.stringify([p.sessionsUsed, p.status, p.endDate, p.sessionUsedToday, p.holds]);
  const verified = new Set<number>();
  while (decision.allowed && decision.usesSession && !verified.has(decision.passId)) {
    const passId = decision.passId;
    await tx.select({ id: ticketIssue.id }).from(ticketIssue).where(eq(ticketIssue.id, passId)).for('update');
    const [current] = await passesOf(tx, input.gymId, customer.id, today, passId);
    const before = passes.find((p) => p.id === passId);
    verified.add(passId);
    if (current && before && stateOf(current) === stateOf(before)) break;
    passes = passes.flatMap((p) => (p.id !== passId ? [p] : current ? [current] : []));
    decision = decide();
  }

  const chosen = decision.passId === null ? null : (passes.find((p) => p.id === decision.passId) ?? null);
  const values = decision.allowed
    ? {
        result: 'ALLOWED' as const,
        reason: null,
        reasonDate: null,
        passName: decision.passName,
        sessionUsed: decision.usesSession,
        sessionsLeft: decision.sessionsLeft,
        daysLeft: decision.daysLeft,
      }
    : {
        result: 'REFUSED' as const,
        reason: decision.reason,
        reasonDate: decision.date,
        passName: decision.passName,
        sessionUsed: false,
        sessionsLeft: chosen ? sessionsLeft(chosen.sessionCount, chosen.sessionsUsed) : null,
        daysLeft: chosen ? daysLeft(chosen.endDate, today) : null,
      };
  const [entry] = await tx
    .insert(entryLog)
    .values({
      gymId: input.gymId,
      memberId: customer.id,
      method: input.method,
      ...values,
      ticketIssueId: decision.passId,
      // A manual check-in names the staff member who made it.
      staffMemberId: input.method === 'MANUAL' ? actor.memberId : null,
      kioskId: input.kioskId ?? null,
      createDate: actor.now,
    })
    .returning();
  if (decision.allowed) {
    if (decision.usesSession)
      await tx.insert(ticketUsage).values({
        gymId: input.gymId,
        ticketIssueId: decision.passId,
        memberId: customer.id,
        kind: 'ENTRY',
        sessions: 1,
        note: null,
        entryLogId: entry!.id,
        createdByMemberId: actor.memberId,
        createDate: actor.now,
      });
    // A used session changes the list summary: it is rebuilt in the statement that sets the last visit.
    if (decision.usesSession) await customerChanged(tx, customer.id, today, { lastVisitAt: actor.now });
    else await tx.update(member).set({ lastVisitAt: actor.now }).where(eq(member.id, customer.id));
    return answerOf(entry!, customer, chosen, { ...options, repeat: false });
  }
  if (input.overrideNote && actor.memberId !== null) {
    const override = await writeOverride(tx, actor, entry!, {
      staffMemberId: actor.memberId,
      note: input.overrideNote,
      kioskId: input.kioskId ?? null,
    });
    return withOwingSales(
      tx,
      input.gymId,
      customer.id,
      answerOf(override, customer, chosen, { ...options, repeat: false }),
    );
  }
  return withOwingSales(
    tx,
    input.gymId,
    customer.id,
    answerOf(entry!, customer, chosen, { ...options, repeat: false }),
  );
};

/**
 * A staff answer to an unpaid refusal names the sales the balance comes from (docs/rules.md#check-in); a kiosk
 * answer (no amount in it) stays as it is.
 */
const withOwingSales = async (
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
    throw new AppError('CONFLICT', 'entryNotOverridable');
  return { unpaidAmount: row.unpaidAmount, unpaidSales: await owingSalesOf(db, input.gymId, row.memberId) };
};

/** The OVERRIDE row that lets a refused customer in: no session used, the last visit set, an audit row. */
const writeOverride = async (
  tx: Executor,
  actor: Actor,
  refusal: EntryLogRow,
  input: { staffMemberId: number; note: string; kioskId: number | null },
) => {
  const [row] = await tx
    .insert(entryLog)
    .values({
      gymId: refusal.gymId,
      memberId: refusal.memberId,
      method: refusal.method,
      result: 'OVERRIDE',
      // The refusal it answered, so the log reads what was let through.
      reason: refusal.reason,
      reasonDate: refusal.reasonDate,
      ticketIssueId: refusal.ticketIssueId,
      passName: refusal.passName,
      sessionUsed: false,
      sessionsLeft: refusal.sessionsLeft,
      daysLeft: refusal.daysLeft,
      staffMemberId: input.staffMemberId,
      note: input.note,
      overridesEntryId: refusal.id,
      kioskId: input.kioskId,
      createDate: actor.now,
    })
    .returning();
  await tx.update(member).set({ lastVisitAt: actor.now }).where(eq(member.id, refusal.memberId));
  await audit(tx, actor, {
    gymId: refusal.gymId,
    action: 'entry.override',
    entity: 'entry-log',
    entityId: row!.id,
    before: { entryId: refusal.id, result: refusal.result, reason: refusal.reason },
    after: { entryId: row!.id, result: 'OVERRIDE', memberId: refusal.memberId, note: input.note },
  });
  return row!;
};

/**
 * A staff member lets in the customer of a refusal at the kiosk (`actor.memberId` is the staff member, whose
 * password the route checked): the refusal must be the facility's, of the last 10 minutes and not overridden yet
 * (409 `entryNotOverridable`).
 */
export const overrideEntry = async (
  tx: Executor,
  actor: Actor & { memberId: number },
  input: { gymId: number; entryId: number; note: string; kioskId: number | null },
): Promise<KioskAnswer> => {
  const today = seoulToday(actor.now);
  const [refusal] = await tx
    .select()
    .from(entryLog)
    .where(and(eq(entryLog.id, input.entryId), eq(entryLog.gymId, input.gymId)));
  if (!refusal) throw notFound();
  // The customer's row first, as every check-in does: two overrides of one refusal queue, and the second sees the
  // first.
  const [customer] = await tx
    .select({ name: member.name, image: member.image, unpaidAmount: member.unpaidAmount })
    .from(member)
    .where(eq(member.id, refusal.memberId))
    .for('update');
  const [already] = await tx
    .select({ id: entryLog.id })
    .from(entryLog)
    .where(eq(entryLog.overridesEntryId, refusal.id))
    .limit(1);
  const age = actor.now.getTime() - refusal.createDate.getTime();
  if (!customer || refusal.result !== 'REFUSED' || already || age > OVERRIDE_WINDOW_MS || age < 0)
    throw new AppError('CONFLICT', 'entryNotOverridable');
  const row = await writeOverride(tx, actor, refusal, {
    staffMemberId: actor.memberId,
    note: input.note,
    kioskId: input.kioskId,
  });
  return answerOf(row, customer, await passEndOf(tx, row.ticketIssueId), {
    today,
    maskName: input.kioskId !== null,
    repeat: false,
  });
};

/**
 * One kiosk attempt: the customer found (QR, card or the phone's last 4 digits), then checked in in a transaction
 * of its own. Nobody found is UNKNOWN, with nothing that helps a guess; several are CHOOSE, and nothing is written.
 */
export const kioskCheck = async (
  db: Db,
  actor: Actor,
  kiosk: EntryKiosk,
  lookup: KioskLookup,
): Promise<KioskAnswer> => {
  const secret = await membershipQrSecret(db);
  const found = await findKioskCustomers(db, secret, kiosk.gymId, lookup);
  if (found.length === 0) return unknownAnswer();
  if (found.length > 1) return chooseAnswer(found);
  return db.transaction((tx) =>
    checkInMember(tx, actor, {
      gymId: kiosk.gymId,
      memberId: found[0]!.id,
      method: lookup.method,
      kioskId: kiosk.id,
      maskName: true,
    }),
  );
};

// ---------------------------------------------------------------------------------------------------------
// The entry log: list, figures, CSV

const rangeRefused = () =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { to: 'entryRangeTooLong' });

/** The Seoul days a read covers: both given, or the last 7 days; at most 366, else 400 on `to`. */
export const entryRange = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const today = seoulToday(now);
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_RANGE_DAYS - 1) : today);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  const days = daysBetween(from, to) + 1;
  if (Number.isNaN(days) || days < 1 || days > ENTRY_RANGE_MAX_DAYS) throw rangeRefused();
  return { from, to };
};

type EntryFilter = Omit<EntryListQuery, '_start' | '_end'>;

const entryWhere = (gymId: number, filter: EntryFilter, now: Date) => {
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

const entriesFrom = (db: Executor, where: SQL | undefined) =>
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
  const data: Entry[] = rows.map((r) => ({
    ...r,
    phone: maskPhone(r.phone),
    createDate: r.createDate.toISOString(),
  }));
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
  const hour = sql<number>`extract(hour from ${entryLog.createDate} at time zone 'Asia/Seoul')::int`.mapWith(
    Number,
  );
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

const exportHeaders: Record<Language, string[]> = {
  ko: [
    '일시',
    '이름',
    '휴대폰',
    '방법',
    '결과',
    '사유',
    '사유 날짜',
    '이용권',
    '횟수 차감',
    '남은 횟수',
    '남은 일수',
    '직원',
    '메모',
  ],
  en: [
    'Time',
    'Name',
    'Phone',
    'Method',
    'Result',
    'Reason',
    'Date',
    'Pass',
    'Session used',
    'Sessions left',
    'Days left',
    'Staff',
    'Note',
  ],
};
const methodLabels: Record<Language, Record<EntryMethod, string>> = {
  ko: { QR: 'QR', CARD: '카드', PHONE: '휴대폰 뒤 4자리', MANUAL: '수동' },
  en: { QR: 'QR', CARD: 'Card', PHONE: 'Phone (last 4)', MANUAL: 'Manual' },
};
const resultLabels: Record<Language, Record<Entry['result'], string>> = {
  ko: { ALLOWED: '입장', REFUSED: '거부', OVERRIDE: '직원 허용' },
  en: { ALLOWED: 'Allowed', REFUSED: 'Refused', OVERRIDE: 'Overridden' },
};
const reasonLabels: Record<Language, Record<EntryRefusal, string>> = {
  ko: {
    noPass: '이용권 없음',
    notStarted: '시작 전',
    onHold: '홀딩 중',
    expired: '만료',
    noSessions: '횟수 소진',
    unpaid: '미수금',
  },
  en: {
    noPass: 'No pass',
    notStarted: 'Not started',
    onHold: 'On hold',
    expired: 'Expired',
    noSessions: 'No sessions left',
    unpaid: 'Unpaid balance',
  },
};

/**
 * The entry log of a range as a CSV (UTF-8 with a BOM, so that Excel reads Korean), whole phone numbers (the
 * facility's own record), at most 10,000 rows, written to the audit log with its filters and row count.
 */
export const exportEntries = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  filter: EntryFilter,
  language: Language,
): Promise<string> => {
  const where = entryWhere(gymId, filter, actor.now);
  const rows = await entriesFrom(tx, where).limit(EXPORT_MAX);
  const yes = language === 'ko' ? '예' : 'Yes';
  const csv = toCsv(
    exportHeaders[language],
    rows.map((r) => [
      dayjs(r.createDate).tz(SEOUL).format('YYYY-MM-DD HH:mm:ss'),
      r.memberName,
      formatPhone(r.phone),
      methodLabels[language][r.method],
      resultLabels[language][r.result],
      r.reason ? reasonLabels[language][r.reason] : '',
      r.reasonDate ?? '',
      r.passName ?? '',
      r.sessionUsed ? yes : '',
      r.sessionsLeft ?? '',
      r.daysLeft ?? '',
      r.staffName ?? '',
      r.note ?? '',
    ]),
  );
  const { from, to } = entryRange(filter, actor.now);
  await audit(tx, actor, {
    gymId,
    action: 'entry.export',
    entity: 'entry-log',
    entityId: null,
    after: {
      from,
      to,
      result: filter.result ?? null,
      method: filter.method ?? null,
      memberId: filter.memberId ?? null,
      q: filter.q ?? null,
      rows: rows.length,
    },
  });
  return csv;
};
