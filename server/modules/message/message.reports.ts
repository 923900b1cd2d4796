import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_OPT_OUT_NUMBER } from '#domain/rules/message.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  customerConsent,
  customerConsentEvent,
  member,
  messagePlatform,
  messageRecipient,
  messageSend,
} from '../../db/schema/index.ts';
import { systemActor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import type { DeliveryReport, GroupMessageProvider } from '../../providers/message/group-message.ts';
import type { OptOut } from '../../providers/message/webhook.ts';
import { refundRecipients } from './message.commands.ts';
import { finishSend } from './message.dispatch.ts';

// What comes back from the provider (docs/rules.md#messaging): delivery reports (by the signed webhook or by
// polling) move a sent recipient to DELIVERED or FAILED (a failure after SENT refunds it once), and the 080
// opt-out withdraws the customer's marketing consent. Both are idempotent: a report or an opt-out received twice
// changes nothing the second time.

/** Applies one report to its recipient; answers whether anything changed. */
const applyReport = async (tx: Executor, report: DeliveryReport): Promise<boolean> => {
  const [recipient] = await tx
    .select()
    .from(messageRecipient)
    .where(eq(messageRecipient.providerMessageId, report.providerMessageId))
    .for('update');
  if (!recipient || (recipient.state !== 'SENT' && recipient.state !== 'FALLBACK')) return false;
  const at = new Date(report.at);
  if (report.status === 'DELIVERED') {
    await tx
      .update(messageRecipient)
      .set({ state: 'DELIVERED', deliveredAt: at, updatedAt: at })
      .where(eq(messageRecipient.id, recipient.id));
    await tx
      .update(messageSend)
      .set({ deliveredCount: sql`${messageSend.deliveredCount} + 1` })
      .where(eq(messageSend.id, recipient.sendId));
    return true;
  }
  await refundRecipients(tx, sql`r.id = ${recipient.id}`, at, 'failed');
  await tx
    .update(messageRecipient)
    .set({ state: 'FAILED', failReason: (report.reason ?? 'FAILED').slice(0, 500), updatedAt: at })
    .where(eq(messageRecipient.id, recipient.id));
  await tx
    .update(messageSend)
    .set({
      sentCount: sql`${messageSend.sentCount} - 1`,
      failedCount: sql`${messageSend.failedCount} + 1`,
      cost: sql`${messageSend.cost} - ${recipient.charge}`,
      state: sql`case when ${messageSend.state} = 'PROCESS' and ${messageSend.sentCount} = 1 then 'FAIL' else ${messageSend.state} end`,
    })
    .where(eq(messageSend.id, recipient.sendId));
  await finishSend(tx, recipient.sendId, at);
  return true;
};

/** Applies the reports, each in its own transaction; answers how many changed a recipient. */
export const applyDeliveryReports = async (db: Db, reports: DeliveryReport[]): Promise<number> => {
  let changed = 0;
  for (const report of reports) if (await db.transaction((tx) => applyReport(tx, report))) changed++;
  return changed;
};

/**
 * The polling path: the provider's states of recipients sent but not yet reported (at most `limit`, oldest first),
 * for a provider with `reports()`. The dispatcher's loop calls it now and then.
 */
export const pollDeliveryReports = async (
  db: Db,
  provider: GroupMessageProvider,
  limit = 500,
): Promise<number> => {
  if (!provider.reports) return 0;
  const pending = await db
    .select({ id: messageRecipient.providerMessageId })
    .from(messageRecipient)
    .where(
      and(
        inArray(messageRecipient.state, ['SENT', 'FALLBACK']),
        isNotNull(messageRecipient.providerMessageId),
      ),
    )
    .orderBy(messageRecipient.id)
    .limit(limit);
  const ids = pending.flatMap((p) => (p.id ? [p.id] : []));
  if (ids.length === 0) return 0;
  return applyDeliveryReports(db, await provider.reports(ids));
};

const MARKETING_CHANNELS = ['SMS', 'KAKAO', 'EMAIL', 'NIGHT'] as const;

/**
 * The 080 opt-out (무료수신거부): the platform has one 080 number for every facility, and the callback names only
 * the customer's phone, so the consent is withdrawn for every facility's customer with that phone (withdrawing in
 * a facility the person did not mean costs it a marketing message; sending one after a refusal breaks the law).
 * An opt-out to another number than the platform's changes nothing. Marketing consent on every channel and the
 * night consent become withdrawn with source OPT_OUT and the callback's time; a repeat adds no event.
 */
export const applyOptOut = async (db: Db, optOut: OptOut, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const [platform] = await tx.select().from(messagePlatform).where(eq(messagePlatform.id, 1));
    if ((platform?.optOutNumber ?? DEFAULT_OPT_OUT_NUMBER).replace(/\D/g, '') !== optOut.optOutNumber)
      return 0;
    const customers = await tx
      .select({ id: member.id, gymId: member.ownerGymId })
      .from(member)
      .where(and(eq(member.phone, optOut.phone), isNotNull(member.ownerGymId)));
    const at = new Date(optOut.at);
    let withdrawn = 0;
    for (const customer of customers) {
      const gymId = customer.gymId!;
      const current = await tx
        .select({
          channel: customerConsent.channel,
          agreed: customerConsent.agreed,
          source: customerConsent.source,
        })
        .from(customerConsent)
        .where(and(eq(customerConsent.gymId, gymId), eq(customerConsent.memberId, customer.id)))
        .for('update');
      const done = new Set(current.filter((c) => !c.agreed && c.source === 'OPT_OUT').map((c) => c.channel));
      const channels = MARKETING_CHANNELS.filter((c) => !done.has(c));
      if (channels.length === 0) continue;
      await tx.insert(customerConsentEvent).values(
        channels.map((channel) => ({
          gymId,
          memberId: customer.id,
          channel,
          agreed: false,
          source: 'OPT_OUT' as const,
          at,
        })),
      );
      await tx
        .insert(customerConsent)
        .values(
          channels.map((channel) => ({
            gymId,
            memberId: customer.id,
            channel,
            agreed: false,
            source: 'OPT_OUT' as const,
            at,
            confirmedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [customerConsent.gymId, customerConsent.memberId, customerConsent.channel],
          set: { agreed: false, source: 'OPT_OUT', at },
        });
      await audited(tx, systemActor(now), {
        gymId,
        action: 'message-consent.opt-out',
        entity: 'customer',
        entityId: customer.id,
        after: { channels, at },
      });
      withdrawn++;
    }
    return withdrawn;
  });
