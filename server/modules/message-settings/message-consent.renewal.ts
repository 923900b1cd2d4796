import { and, eq, inArray, sql } from 'drizzle-orm';
import { consentRenewalDue, consentRenewalDueDate } from '#domain/rules/message.ts';
import { type ConsentChannel, consentChannels } from '#domain/schemas/message-settings.ts';
import { customerConsent, customerConsentEvent } from '../../db/schema/index.ts';
import type { Cause } from './message-auto.causes.ts';
import { type AutoRunContext, autoSenderOf, sendBatch } from './message-auto.run.ts';

// The 2-year re-confirmation (docs/rules.md#consents; 정보통신망법 시행령 제62조의3): every customer whose
// advertising consent was last confirmed two years ago or more gets an informational notice of what they agreed to
// and how to withdraw, and the consents' `confirmedAt` moves to now. Once per customer per cycle (the key names
// the due date), through the sends module (origin AUTO, autoKind CONSENT_RENEWAL).

const CHANNEL_NAMES: Record<ConsentChannel, string> = {
  SMS: '문자',
  KAKAO: '카카오톡',
  EMAIL: '이메일',
  NIGHT: '야간(21시~08시) 수신',
};

/** The notice: what was agreed, that it stays, and how to withdraw. Informational, so no advertising frame. */
export const renewalText = (channels: ConsentChannel[]) =>
  `[#{시설명}] #{이름}님, 광고성 정보 수신 동의 현황을 알려 드립니다. 동의하신 항목: ${channels
    .map((c) => CHANNEL_NAMES[c])
    .join(
      ', ',
    )}. 동의일로부터 2년이 지나 안내드리며, 동의는 그대로 유지됩니다. 수신을 원하지 않으시면 시설에 말씀해 주시거나 수신거부를 요청해 주세요.`;

type Due = { gymId: number; memberId: number; channels: ConsentChannel[]; dueDate: string };

/**
 * The customers one run renews at most: the oldest due first, the rest in the next minutes. A run's sends, their
 * claims, consents and events stay a few thousand rows in one short transaction each, and a backlog (a database
 * moved in with years of consents) reaches the outbox a thousand a minute, not tens of thousands at once.
 */
export const RENEWALS_PER_RUN = 1000;

/** Rows a statement writes at once (the consents' update, the events' insert). */
const WRITE_CHUNK = 500;

/** Agreed consents whose renewal is due at `now` (`consentRenewalDue`), grouped per customer. */
const dueConsents = async (ctx: AutoRunContext, now: Date, limit: number): Promise<Due[]> => {
  // Two years ago and a day, in SQL, to read only the candidates; the domain rule decides each exactly. The
  // customers are picked first (every due channel of each, so one notice tells them all), the oldest first.
  const candidate = sql`c.agreed and c.confirmed_at <= ${now}::timestamptz - interval '2 years' + interval '1 day'`;
  const rows = await ctx.db
    .select({
      gymId: customerConsent.gymId,
      memberId: customerConsent.memberId,
      channel: customerConsent.channel,
      confirmedAt: customerConsent.confirmedAt,
    })
    .from(customerConsent)
    .where(
      and(
        eq(customerConsent.agreed, true),
        sql`${customerConsent.confirmedAt} <= ${now}::timestamptz - interval '2 years' + interval '1 day'`,
        sql`(${customerConsent.gymId}, ${customerConsent.memberId}) in (
          select c.gym_id, c.member_id from customer_consent c join member m on m.id = c.member_id
          where ${candidate} and m.status <> 'QUIT' and m.erased_at is null
            and exists (select 1 from gym_sub_service g join sub_service s on s.id = g.sub_service_id
              where g.gym_id = c.gym_id and s.gym_sub_service_type = 'MESSAGE' and g.gym_sub_service_status = 'APPROVE')
          group by c.gym_id, c.member_id order by min(c.confirmed_at), c.member_id limit ${limit})`,
      ),
    );
  const byCustomer = new Map<string, Due>();
  for (const r of rows) {
    if (consentRenewalDue(r.confirmedAt).getTime() > now.getTime()) continue;
    const id = `${r.gymId}:${r.memberId}`;
    const due = byCustomer.get(id) ?? { gymId: r.gymId, memberId: r.memberId, channels: [], dueDate: '' };
    due.channels.push(r.channel as ConsentChannel);
    const date = consentRenewalDueDate(r.confirmedAt);
    if (date > due.dueDate) due.dueDate = date;
    byCustomer.set(id, due);
  }
  return [...byCustomer.values()].map((d) => ({
    ...d,
    channels: consentChannels.filter((c) => d.channels.includes(c)),
  }));
};

/** Each renewal group (facility and agreed channels) as one send. */
const groupsOf = (due: Due[]) => {
  const groups = new Map<string, { gymId: number; channels: ConsentChannel[]; due: Due[] }>();
  for (const d of due) {
    const id = `${d.gymId}:${d.channels.join(',')}`;
    const group = groups.get(id) ?? { gymId: d.gymId, channels: d.channels, due: [] };
    group.due.push(d);
    groups.set(id, group);
  }
  return [...groups.values()];
};

/** Sends the due notices and confirms the consents again: answers the sends it created. */
export const runConsentRenewals = async (
  ctx: AutoRunContext,
  now: Date,
  limit = RENEWALS_PER_RUN,
): Promise<number[]> => {
  const sends: number[] = [];
  for (const group of groupsOf(await dueConsents(ctx, now, limit))) {
    try {
      const senderId = await autoSenderOf(ctx.db, group.gymId);
      if (senderId === null) continue;
      const causes: Cause[] = group.due.map((d) => ({
        memberId: d.memberId,
        key: `CONSENT_RENEWAL:member:${d.memberId}:${d.dueDate}`,
      }));
      const sendId = await sendBatch(
        {
          ...ctx,
          // The consents are confirmed in the same transaction as the notice and its claims.
          sendAuto: async (tx, actor, request) => {
            const id = await ctx.sendAuto(tx, actor, request);
            for (let start = 0; start < request.memberIds.length; start += WRITE_CHUNK) {
              const memberIds = request.memberIds.slice(start, start + WRITE_CHUNK);
              await tx
                .update(customerConsent)
                .set({ confirmedAt: now })
                .where(
                  and(
                    eq(customerConsent.gymId, group.gymId),
                    inArray(customerConsent.memberId, memberIds),
                    inArray(customerConsent.channel, group.channels),
                    eq(customerConsent.agreed, true),
                  ),
                );
              await tx.insert(customerConsentEvent).values(
                memberIds.flatMap((memberId) =>
                  group.channels.map((channel) => ({
                    gymId: group.gymId,
                    memberId,
                    channel,
                    agreed: true,
                    source: 'RENEWAL' as const,
                    at: now,
                    byMemberId: null,
                  })),
                ),
              );
            }
            return id;
          },
        },
        now,
        {
          gymId: group.gymId,
          autoKind: 'CONSENT_RENEWAL',
          advertising: false,
          channel: 'SMS',
          content: renewalText(group.channels),
          senderId,
          templateId: null,
        },
        causes,
      );
      if (sendId !== null) sends.push(sendId);
    } catch (error) {
      ctx.log?.error({ error, gymId: group.gymId }, 'consent renewal failed');
    }
  }
  return sends;
};
