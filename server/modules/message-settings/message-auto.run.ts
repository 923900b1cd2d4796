import dayjs from 'dayjs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AutoMessageKind, autoMessageIsAdvertising, autoMessageKinds } from '#domain/rules/message.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import { eventDrivenAutoKinds } from '#domain/schemas/message-settings.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  kakaoChannel,
  kakaoTemplate,
  type MessageAutoRow,
  messageAuto,
  messageAutoSent,
  messageSender,
} from '../../db/schema/index.ts';
import { type Actor, systemActor } from '../../kernel/actor.ts';
import { type Cause, causesOf } from './message-auto.causes.ts';
import { paramsOf } from './message-auto.settings.ts';

// The automatic sender (docs/rules.md#automatic-messages). Once a minute the loop asks: for each facility whose
// MESSAGE add-on is APPROVE and each kind it switched on whose Seoul send hour is now (the booking reminder at
// every run, the booking notices when the schedule writes them), the causes of the day; each cause is claimed once
// in `message_auto_sent` (insert … on conflict do nothing) in the transaction that creates the kind's one send
// (origin AUTO) through the sends module, so a second run the same hour claims nothing and a rollback frees them.

/** One automatic send for the sends module to build: its recipients' consent and night rules are applied there. */
export type AutoSendRequest = {
  gymId: number;
  /** An automatic message kind, or CONSENT_RENEWAL (the 2-year notice). */
  autoKind: AutoMessageKind | 'CONSENT_RENEWAL';
  advertising: boolean;
  channel: 'SMS' | 'KAKAO';
  /** The text with its variables (advertising: the content only; the sends module adds the frame). */
  content: string;
  senderId: number | null;
  templateId: number | null;
  memberIds: number[];
};

/** Builds one AUTO send in the caller's transaction: its id, or null when none of them may receive it. */
export type AutoSender = (tx: Executor, actor: Actor, request: AutoSendRequest) => Promise<number | null>;

export type AutoRunContext = {
  db: Db;
  sendAuto: AutoSender;
  log?: { error: (o: object, m: string) => void };
};

const CHUNK = 1000;

/** A setting switched on in a facility whose MESSAGE add-on is APPROVE. */
export const switchedOn = and(
  eq(messageAuto.enabled, true),
  sql`exists (select 1 from gym_sub_service g join sub_service s on s.id = g.sub_service_id
    where g.gym_id = ${messageAuto.gymId} and s.gym_sub_service_type = 'MESSAGE'
      and g.gym_sub_service_status = 'APPROVE')`,
);

/** The kinds switched on in facilities whose MESSAGE add-on is APPROVE. */
const enabledSettings = (db: Executor) =>
  db.select().from(messageAuto).where(switchedOn).orderBy(asc(messageAuto.gymId), asc(messageAuto.kind));

/** The facility's first approved number: automatic messages go from it. */
export const autoSenderOf = async (db: Executor, gymId: number): Promise<number | null> => {
  const [row] = await db
    .select({ id: messageSender.id })
    .from(messageSender)
    .where(and(eq(messageSender.gymId, gymId), eq(messageSender.status, 'APPROVE')))
    .orderBy(asc(messageSender.id))
    .limit(1);
  return row?.id ?? null;
};

/**
 * How a kind goes out: its approved 알림톡 template while the channel is connected (never for advertising, which
 * 알림톡 cannot carry), else its text as SMS/LMS from the first approved number. Null when neither is possible.
 */
export const deliveryOf = async (
  db: Executor,
  setting: Pick<MessageAutoRow, 'gymId' | 'kind' | 'text' | 'templateId'>,
): Promise<Omit<AutoSendRequest, 'memberIds' | 'autoKind' | 'gymId'> | null> => {
  const advertising = autoMessageIsAdvertising[setting.kind as AutoMessageKind] ?? false;
  const senderId = await autoSenderOf(db, setting.gymId);
  if (setting.templateId && !advertising) {
    const [template] = await db
      .select({ id: kakaoTemplate.id, content: kakaoTemplate.content })
      .from(kakaoTemplate)
      .innerJoin(kakaoChannel, eq(kakaoChannel.gymId, kakaoTemplate.gymId))
      .where(
        and(
          eq(kakaoTemplate.id, setting.templateId),
          eq(kakaoTemplate.gymId, setting.gymId),
          eq(kakaoTemplate.status, 'APPROVE'),
          eq(kakaoChannel.status, 'APPROVE'),
        ),
      );
    if (template)
      return { advertising, channel: 'KAKAO', content: template.content, senderId, templateId: template.id };
  }
  if (senderId === null) return null;
  return { advertising, channel: 'SMS', content: setting.text, senderId, templateId: null };
};

/** Claims the causes not yet sent: the keys this transaction inserted. */
export const claimCauses = async (
  tx: Executor,
  gymId: number,
  causes: Cause[],
  now: Date,
): Promise<Cause[]> => {
  const byKey = new Map(causes.map((c) => [c.key, c]));
  const claimed: Cause[] = [];
  const keys = [...byKey.keys()];
  for (let start = 0; start < keys.length; start += CHUNK) {
    const rows = await tx
      .insert(messageAutoSent)
      .values(keys.slice(start, start + CHUNK).map((causeKey) => ({ gymId, causeKey, createDate: now })))
      .onConflictDoNothing()
      .returning({ key: messageAutoSent.causeKey });
    for (const r of rows) claimed.push(byKey.get(r.key)!);
  }
  return claimed;
};

/** Marks the claimed causes with the send that told them. */
export const markSent = async (tx: Executor, gymId: number, keys: string[], sendId: number) => {
  for (let start = 0; start < keys.length; start += CHUNK)
    await tx
      .update(messageAutoSent)
      .set({ sendId })
      .where(
        and(
          eq(messageAutoSent.gymId, gymId),
          inArray(messageAutoSent.causeKey, keys.slice(start, start + CHUNK)),
        ),
      );
};

/**
 * Claims and sends one batch in its own transaction. A send the sends module refuses (no credits, nothing
 * deliverable) rolls the claims back, so the next run tries again.
 */
export const sendBatch = async (
  ctx: AutoRunContext,
  now: Date,
  request: Omit<AutoSendRequest, 'memberIds'>,
  causes: Cause[],
): Promise<number | null> =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`message-auto:${request.gymId}:${request.autoKind}`}))`,
    );
    const claimed = await claimCauses(tx, request.gymId, causes, now);
    if (claimed.length === 0) return null;
    const memberIds = [...new Set(claimed.map((c) => c.memberId))];
    const sendId = await ctx.sendAuto(tx, systemActor(now), { ...request, memberIds });
    if (sendId !== null)
      await markSent(
        tx,
        request.gymId,
        claimed.map((c) => c.key),
        sendId,
      );
    return sendId;
  });

const isDue = (setting: MessageAutoRow, hour: number) => {
  if ((eventDrivenAutoKinds as readonly string[]).includes(setting.kind)) return false;
  if (!(autoMessageKinds as readonly string[]).includes(setting.kind)) return false;
  return setting.kind === 'BOOKING_REMINDER' || setting.sendHour === hour;
};

/**
 * One run of the automatic messages at `now` (the injected clock): answers the sends it created. A facility's
 * failure is logged and skips that kind only; its causes stay unclaimed.
 */
export const runAutoMessages = async (ctx: AutoRunContext, now: Date): Promise<number[]> => {
  const hour = dayjs(now).tz(SEOUL).hour();
  const sends: number[] = [];
  for (const setting of await enabledSettings(ctx.db)) {
    if (!isDue(setting, hour)) continue;
    const kind = setting.kind as AutoMessageKind;
    try {
      const causes = await causesOf(ctx.db, setting.gymId, kind, paramsOf(kind, setting.params), now);
      if (causes.length === 0) continue;
      const delivery = await deliveryOf(ctx.db, setting);
      if (!delivery) continue;
      const sendId = await sendBatch(ctx, now, { ...delivery, gymId: setting.gymId, autoKind: kind }, causes);
      if (sendId !== null) sends.push(sendId);
    } catch (error) {
      ctx.log?.error({ error, gymId: setting.gymId, kind }, 'automatic message failed');
    }
  }
  return sends;
};
