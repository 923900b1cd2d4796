import { and, eq, inArray, sql } from 'drizzle-orm';
import { consentRenewalDue, consentRenewalDueDate } from '#domain/rules/message.ts';
import { type ConsentChannel, consentChannels } from '#domain/schemas/message-settings.ts';
import { customerConsent, customerConsentEvent, member } from '../../db/schema/index.ts';
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

/** Agreed consents whose renewal is due at `now` (`consentRenewalDue`), grouped per customer. */
const dueConsents = async (ctx: AutoRunContext, now: Date): Promise<Due[]> => {
  // Two years ago and a day, in SQL, to read only the candidates; the domain rule decides each exactly.
  const rows = await ctx.db
    .select({
      gymId: customerConsent.gymId,
      memberId: customerConsent.memberId,
      channel: customerConsent.channel,
      confirmedAt: customerConsent.confirmedAt,
    })
    .from(customerConsent)
    .innerJoin(member, eq(member.id, customerConsent.memberId))
    .where(
      and(
        eq(customerConsent.agreed, true),
        sql`${customerConsent.confirmedAt} <= ${now}::timestamptz - interval '2 years' + interval '1 day'`,
        sql`${member.status} <> 'QUIT' and ${member.erasedAt} is null`,
        sql`exists (select 1 from gym_sub_service g join sub_service s on s.id = g.sub_service_id
          where g.gym_id = ${customerConsent.gymId} and s.gym_sub_service_type = 'MESSAGE'
            and g.gym_sub_service_status = 'APPROVE')`,
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
export const runConsentRenewals = async (ctx: AutoRunContext, now: Date): Promise<number[]> => {
  const sends: number[] = [];
  for (const group of groupsOf(await dueConsents(ctx, now))) {
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
            const where = and(
              eq(customerConsent.gymId, group.gymId),
              inArray(customerConsent.memberId, request.memberIds),
              inArray(customerConsent.channel, group.channels),
              eq(customerConsent.agreed, true),
            );
            await tx.update(customerConsent).set({ confirmedAt: now }).where(where);
            await tx.insert(customerConsentEvent).values(
              request.memberIds.flatMap((memberId) =>
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
