import { and, eq } from 'drizzle-orm';
import {
  type CheckInAllowed,
  type CheckInDecision,
  DOUBLE_TAP_SECONDS,
  decideCheckIn,
  type EntryMethod,
} from '#domain/rules/entry.ts';
import { daysLeft, sessionsLeft } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { KioskAnswer } from '#domain/schemas/entry.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type EntryLogRow, entryLog, member, ticketIssue, ticketUsage } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { answerOf, chooseAnswer, type LoadedPass, toPasses, unknownAnswer } from './entry.mappers.ts';
import {
  defaultEntrySettings,
  type EntryKiosk,
  findKioskCustomers,
  type KioskLookup,
  OVERRIDE_WINDOW_MS,
  passEndOf,
  passesOf,
  withOwingSales,
} from './entry.queries.ts';
import { refused } from './entry.refusals.ts';
import { blockUnpaidOf, passesJsonOf, recentEntryJson } from './entry.sql.ts';
import { membershipQrSecret } from './membership-qr.ts';

// The check-in itself (docs/rules.md#check-in): the decision (`decideCheckIn` in domain/rules/entry.ts) and what it
// writes (the entry log, the usage ledger's ENTRY row, the last visit), a kiosk attempt, and overrides. Each write
// takes the transaction it is given and leaves its audit row in it. The statements are the ones bench/checkin.ts
// measures: keep them as they are.

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

type AnswerOptions = { today: string; maskName: boolean };

/** The customer's row, locked first so that two taps queue (404 for another facility's, 409 once removed). */
const lockCustomer = async (tx: Executor, input: CheckInInput) => {
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
  if (customer.status === 'QUIT' || customer.erasedAt) throw refused('customerRemoved');
  return customer;
};

type Customer = Awaited<ReturnType<typeof lockCustomer>>;

/**
 * A double tap: the customer's allowed entry within 60 seconds, answered again. Either side of now: a tap that
 * queued behind this customer's lock may have read the clock before the entry it waited for was written. Read
 * after the lock, in one statement with the facility's rules and the customer's passes.
 */
const checkInState = async (tx: Executor, actor: Actor, gymId: number, customerId: number, today: string) => {
  const tap = DOUBLE_TAP_SECONDS * 1000;
  const tapFrom = new Date(actor.now.getTime() - tap).toISOString();
  const tapTo = new Date(actor.now.getTime() + tap).toISOString();
  const [state] = await tx
    .select({
      recent: recentEntryJson(customerId, tapFrom, tapTo),
      blockUnpaid: blockUnpaidOf(gymId),
      passes: passesJsonOf(gymId, customerId, today),
    })
    .from(member)
    .where(eq(member.id, customerId));
  return state;
};

/**
 * The decision, with a session it uses counted again under the pass's lock; what changed meanwhile (a use, a
 * refund, a hold) decides again. Each pass changes at most once (its lock is held from then on), so this ends.
 */
const decideUnderLock = async (
  tx: Executor,
  gymId: number,
  customer: Customer,
  today: string,
  blockUnpaid: boolean,
  loaded: LoadedPass[],
) => {
  let passes = loaded;
  const decide = () => decideCheckIn({ passes, today, blockUnpaid, unpaidAmount: customer.unpaidAmount });
  let decision: CheckInDecision = decide();
  const stateOf = (p: LoadedPass) =>
    JSON.stringify([p.sessionsUsed, p.status, p.endDate, p.sessionUsedToday, p.holds]);
  const verified = new Set<number>();
  while (decision.allowed && decision.usesSession && !verified.has(decision.passId)) {
    const passId = decision.passId;
    await tx.select({ id: ticketIssue.id }).from(ticketIssue).where(eq(ticketIssue.id, passId)).for('update');
    const [current] = await passesOf(tx, gymId, customer.id, today, passId);
    const before = passes.find((p) => p.id === passId);
    verified.add(passId);
    if (current && before && stateOf(current) === stateOf(before)) break;
    passes = passes.flatMap((p) => (p.id !== passId ? [p] : current ? [current] : []));
    decision = decide();
  }
  return { decision, passes };
};

/** The entry log's columns of a decision: what was let in or refused, and what the pass holds. */
const entryValuesOf = (decision: CheckInDecision, chosen: LoadedPass | null, today: string) =>
  decision.allowed
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

/** An allowed entry's session (an ENTRY row of the usage ledger) and the customer's last visit. */
const recordVisit = async (
  tx: Executor,
  actor: Actor,
  input: CheckInInput,
  customerId: number,
  entry: EntryLogRow,
  decision: CheckInAllowed,
  today: string,
) => {
  if (decision.usesSession)
    await tx.insert(ticketUsage).values({
      gymId: input.gymId,
      ticketIssueId: decision.passId,
      memberId: customerId,
      kind: 'ENTRY',
      sessions: 1,
      note: null,
      entryLogId: entry.id,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  // A used session changes the list summary: it is rebuilt in the statement that sets the last visit.
  if (decision.usesSession) await customerChanged(tx, customerId, today, { lastVisitAt: actor.now });
  else await tx.update(member).set({ lastVisitAt: actor.now }).where(eq(member.id, customerId));
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
  const options: AnswerOptions = { today, maskName: input.maskName ?? false };
  const customer = await lockCustomer(tx, input);
  const state = await checkInState(tx, actor, input.gymId, customer.id, today);
  const recent = state?.recent ?? null;
  if (recent)
    return answerOf(recent, customer, recent.hasPass ? { endDate: recent.endDate ?? null } : null, {
      ...options,
      repeat: true,
    });

  const blockUnpaid = state?.blockUnpaid ?? defaultEntrySettings.blockUnpaid;
  const { decision, passes } = await decideUnderLock(
    tx,
    input.gymId,
    customer,
    today,
    blockUnpaid,
    toPasses(state?.passes),
  );
  const chosen = decision.passId === null ? null : (passes.find((p) => p.id === decision.passId) ?? null);
  const [entry] = await tx
    .insert(entryLog)
    .values({
      gymId: input.gymId,
      memberId: customer.id,
      method: input.method,
      ...entryValuesOf(decision, chosen, today),
      ticketIssueId: decision.passId,
      // A manual check-in names the staff member who made it.
      staffMemberId: input.method === 'MANUAL' ? actor.memberId : null,
      kioskId: input.kioskId ?? null,
      createDate: actor.now,
    })
    .returning();
  if (decision.allowed) {
    await recordVisit(tx, actor, input, customer.id, entry!, decision, today);
    return answerOf(entry!, customer, chosen, { ...options, repeat: false });
  }
  const answered =
    input.overrideNote && actor.memberId !== null
      ? await writeOverride(tx, actor, entry!, {
          staffMemberId: actor.memberId,
          note: input.overrideNote,
          kioskId: input.kioskId ?? null,
        })
      : entry!;
  return withOwingSales(
    tx,
    input.gymId,
    customer.id,
    answerOf(answered, customer, chosen, { ...options, repeat: false }),
  );
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
  await audited(tx, actor, {
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
    throw refused('entryNotOverridable');
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
