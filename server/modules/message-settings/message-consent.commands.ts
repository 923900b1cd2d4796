import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type ConsentChannel,
  type CustomerConsent,
  type CustomerConsentUpdate,
  consentChannels,
} from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { type ConsentSource, customerConsent, customerConsentEvent, member } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';

// Customers' marketing consents (docs/rules.md#consents): per channel (SMS, KAKAO, EMAIL) and NIGHT (advertising
// between 21:00 and 08:00), each with its time and how it was given. Every change is an event (never updated);
// `customer_consent` holds the latest per channel, which the sends' audience filter reads.

const HISTORY_LIMIT = 200;

/** 404 unless the customer is the facility's own. */
const assertCustomer = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId), sql`${member.erasedAt} is null`));
  if (!row) throw notFound();
};

/** The four channels' state (never asked: not agreed, no time) and the history, newest first. */
export const consentOf = async (db: Executor, gymId: number, memberId: number): Promise<CustomerConsent> => {
  await assertCustomer(db, gymId, memberId);
  const current = await db
    .select()
    .from(customerConsent)
    .where(and(eq(customerConsent.gymId, gymId), eq(customerConsent.memberId, memberId)));
  const by = new Map(current.map((c) => [c.channel, c]));
  const events = await db
    .select({ e: customerConsentEvent, byName: member.name })
    .from(customerConsentEvent)
    .leftJoin(member, eq(member.id, customerConsentEvent.byMemberId))
    .where(and(eq(customerConsentEvent.gymId, gymId), eq(customerConsentEvent.memberId, memberId)))
    .orderBy(desc(customerConsentEvent.id))
    .limit(HISTORY_LIMIT);
  return {
    memberId,
    channels: consentChannels.map((channel) => {
      const c = by.get(channel);
      return {
        channel,
        agreed: c?.agreed ?? false,
        source: c?.source ?? null,
        at: c?.at.toISOString() ?? null,
        confirmedAt: c?.confirmedAt.toISOString() ?? null,
      };
    }),
    history: events.map(({ e, byName }) => ({
      id: e.id,
      channel: e.channel as ConsentChannel,
      agreed: e.agreed,
      source: e.source,
      at: e.at.toISOString(),
      byMemberId: e.byMemberId,
      byName: byName ?? null,
    })),
  };
};

/**
 * Writes the channels that change (an event each, the current row upserted); a channel already in that state
 * writes nothing. Takes the caller's transaction, so a customer's creation and its consents stand or fall together.
 * `at` is when they were given (the consulting tablet's time; the actor's now by default); with `keepAgreed` a
 * refusal is written only for a channel never asked, never over a consent given (the tablet cannot withdraw one).
 * Answers the channels that changed.
 */
export const recordConsents = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  memberId: number,
  consents: Partial<Record<ConsentChannel, boolean | undefined>>,
  source: ConsentSource,
  options: { at?: Date; keepAgreed?: boolean } = {},
): Promise<ConsentChannel[]> => {
  const at = options.at ?? actor.now;
  const current = await tx
    .select({ channel: customerConsent.channel, agreed: customerConsent.agreed })
    .from(customerConsent)
    .where(and(eq(customerConsent.gymId, gymId), eq(customerConsent.memberId, memberId)))
    .for('update');
  const was = new Map(current.map((c) => [c.channel, c.agreed]));
  const changed = consentChannels.filter(
    (ch) =>
      consents[ch] !== undefined &&
      was.get(ch) !== consents[ch] &&
      !(options.keepAgreed && consents[ch] === false && was.has(ch)),
  );
  for (const channel of changed) {
    const agreed = consents[channel]!;
    await tx
      .insert(customerConsentEvent)
      .values({ gymId, memberId, channel, agreed, source, at, byMemberId: actor.memberId });
    const values = { agreed, source, at, confirmedAt: at };
    await tx
      .insert(customerConsent)
      .values({ gymId, memberId, channel, ...values })
      .onConflictDoUpdate({
        target: [customerConsent.gymId, customerConsent.memberId, customerConsent.channel],
        set: values,
      });
  }
  return changed;
};

/**
 * The consents of customers just created (an import): none has a consent yet, so each channel given is one event
 * and one current row, written in bulk in the caller's transaction. Answers the rows written.
 */
export const recordNewCustomersConsents = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  entries: { memberId: number; consents: Partial<Record<ConsentChannel, boolean | undefined>> }[],
  source: ConsentSource,
): Promise<number> => {
  const rows = entries.flatMap(({ memberId, consents }) =>
    consentChannels.flatMap((channel) => {
      const agreed = consents[channel];
      return agreed === undefined ? [] : [{ gymId, memberId, channel, agreed, source, at: actor.now }];
    }),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await tx.insert(customerConsentEvent).values(chunk.map((r) => ({ ...r, byMemberId: actor.memberId })));
    await tx.insert(customerConsent).values(chunk.map((r) => ({ ...r, confirmedAt: r.at })));
  }
  return rows.length;
};

/** `PUT /member/customer/{id}/consent`: gives or withdraws channels, with its audit row when anything changed. */
export const updateConsents = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  memberId: number,
  input: CustomerConsentUpdate,
) => {
  await assertCustomer(tx, gymId, memberId);
  const changed = await recordConsents(tx, actor, gymId, memberId, input.consents, input.source);
  if (changed.length > 0)
    await audited(tx, actor, {
      gymId,
      action: 'message-consent.change',
      entity: 'member',
      entityId: memberId,
      after: { source: input.source, ...Object.fromEntries(changed.map((ch) => [ch, input.consents[ch]])) },
    });
  return consentOf(tx, gymId, memberId);
};
