import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isNightTime,
  LMS_MAX_BYTES,
  type MessageKind,
  nextMorning,
  pricedAs,
  renderMessage,
  SMS_MAX_BYTES,
} from '#domain/rules/message.ts';
import { eucKrBytes, messageKindOf } from '#domain/rules/message-bytes.ts';
import type { messageSendCreateSchema, messageTestSendSchema } from '#domain/schemas/message.ts';
import type { Executor } from '../../db/client.ts';
import { member, messageRecipient, messageSend, outbox } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { maskPhone } from '../../kernel/mask.ts';
import {
  type AudienceInput,
  type AudienceRow,
  audienceRows,
  type ParsedAudience,
  valuesOf,
} from './message.audience.ts';
import { creditBalance, messageSettingsOf, type PreparedContent, prepareContent } from './message.content.ts';
import { badField, badInput, refused } from './message.refusals.ts';

// The group messages' writes (docs/rules.md#messaging): a send is built in one transaction (its recipients with
// their rendered texts and exclusions, one CHARGE per recipient, one outbox row per recipient due at the send's
// time); a scheduled send is cancelled before it starts (its charges refunded once); the failed recipients of a
// send go again as a new send; a test goes to the staff member's own phone. Set-based: 10,000 recipients are a
// few multi-row inserts and three INSERT … SELECT statements, never a loop of single inserts.

/** The outbox topic of one recipient of a send (server/modules/message/message.dispatch.ts delivers it). */
export const GROUP_MESSAGE_TOPIC = 'group-message';

const CHUNK = 5000;

export type SendCreateInput = z.output<typeof messageSendCreateSchema>;

type Built = {
  prepared: PreparedContent;
  audience: AudienceInput;
  /** Stored on the send, for the detail page. */
  audienceJson: unknown;
  scheduledAt: Date;
  deferredFrom: Date | null;
  nightExclude: boolean;
  origin: 'MANUAL' | 'AUTO' | 'TEST';
  /** An AUTO send's kind (message-settings' automatic messages, or CONSENT_RENEWAL). */
  autoKind?: string | null;
  /** A test send's one person instead of an audience. */
  rows?: AudienceRow[];
  /** The caller reaches only their assigned customers (docs/rules.md#customer-reach). */
  trainerMemberId?: number | null;
};

/** The schedule: now or a future time; at night an advertising send asks, then defers to 08:00 or excludes. */
export const scheduleOf = (
  input: { scheduledAt?: string | undefined; nightChoice?: 'DEFER' | 'EXCLUDE' | undefined },
  advertising: boolean,
  now: Date,
) => {
  const asked = input.scheduledAt ? new Date(input.scheduledAt) : now;
  if (asked.getTime() < now.getTime() - 1000) throw badField('scheduledAt', 'messageScheduleInPast');
  const at = asked.getTime() < now.getTime() ? now : asked;
  if (!advertising || !isNightTime(at)) return { scheduledAt: at, deferredFrom: null, nightExclude: false };
  const morning = nextMorning(at);
  if (!input.nightChoice) throw refused('messageNightChoiceNeeded', { morning: morning.toISOString() });
  if (input.nightChoice === 'DEFER') return { scheduledAt: morning, deferredFrom: at, nightExclude: false };
  return { scheduledAt: at, deferredFrom: null, nightExclude: true };
};

type Rendered = { row: AudienceRow; text: string; fallback: string | null };

/** At least a text's EUC-KR bytes (1 for ASCII, 2 for anything else): iconv-lite runs only when this is not enough. */
const bytesAtMost = (text: string) => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += text.charCodeAt(i) < 0x80 ? 1 : 2;
  return bytes;
};

/**
 * Each person's text with their values; the kind from the longest text (MMS with an image). The exact count
 * (`eucKrBytes`) runs only for a text whose bound could change the answer: past 90 bytes while every text so far
 * fits an SMS, past 2,000 after that.
 */
const render = (prepared: PreparedContent, rows: AudienceRow[]) => {
  let longest = 0;
  const rendered: Rendered[] = rows.map((row) => {
    const values = valuesOf(row, prepared.gymName);
    const text = renderMessage(prepared.content, values);
    const fallbackText = prepared.template?.fallbackText;
    const fallback = fallbackText ? renderMessage(fallbackText, values) : null;
    const limit = longest > SMS_MAX_BYTES ? LMS_MAX_BYTES : SMS_MAX_BYTES;
    if (row.exclusion === null && bytesAtMost(text) > limit) longest = Math.max(longest, eucKrBytes(text));
    return { row, text, fallback };
  });
  if (longest > LMS_MAX_BYTES) throw badInput({ content: 'messageTooLong' }, { bytes: longest });
  const kind: MessageKind = messageKindOf(longest, prepared.imageFileId !== null);
  return { rendered, kind };
};

/**
 * The recipients, one CHARGE per queued one and one outbox row each (due at the send's time), in one statement of
 * `INSERT … SELECT`s over the rows passed as one JSON parameter per chunk: each queued recipient takes its outbox id
 * from the outbox's sequence as it is inserted, so no row is written twice. The sequence is looked up once (a
 * scalar subquery); `nextval(pg_get_serial_sequence(…))` looked it up for each row, 33 of 35 ms per 10,000.
 */
const writeRecipients = async (
  tx: Executor,
  send: { id: number; gymId: number; unitPrice: number; dueAt: Date },
  actor: Actor,
  rendered: Rendered[],
) => {
  for (let start = 0; start < rendered.length; start += CHUNK) {
    const rows = rendered.slice(start, start + CHUNK).map(({ row, text, fallback }, index) => ({
      o: index,
      f: fallback,
      m: row.memberId,
      n: row.name,
      a: row.address,
      t: text,
      x: row.exclusion,
    }));
    await tx.execute(sql`with input as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as p(o int, m int, n text, a text, t text, x text, f text)
      ),
      recipients as (
        insert into message_recipient (send_id, gym_id, member_id, name, address, text, fallback_text, state,
          exclusion, charge, outbox_id, updated_at)
        select ${send.id}, ${send.gymId}, m, n, a, t, f, case when x is null then 'QUEUED' else 'EXCLUDED' end, x,
          case when x is null then ${send.unitPrice}::int else 0 end,
          case when x is null then nextval((select pg_get_serial_sequence('outbox', 'id')::regclass)) end,
          ${actor.now}
        from input order by o
        returning id, outbox_id, charge
      ),
      charged as (
        insert into message_credit (gym_id, kind, amount, send_id, recipient_id, created_by_member_id, create_date)
        select ${send.gymId}, 'CHARGE', -charge, ${send.id}, id, ${actor.memberId}, ${actor.now}
        from recipients where outbox_id is not null
      )
      insert into ${outbox} (id, topic, payload, status, attempts, next_attempt_at, create_date)
      overriding system value
      select outbox_id, ${GROUP_MESSAGE_TOPIC}, jsonb_build_object('recipientId', id), 'PENDING', 0, ${send.dueAt},
        ${actor.now}
      from recipients where outbox_id is not null`);
  }
};

/** Serialises a facility's charges, so two sends at once cannot both spend the same balance. */
const lockCredits = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`message-credit:${gymId}`}))`);

/** Writes a send whose content is checked: the recipients, their charges and their outbox rows. */
export const writeSend = async (tx: Executor, actor: Actor, gymId: number, built: Built): Promise<number> => {
  const { prepared } = built;
  const rows =
    built.rows ??
    (await audienceRows(tx, built.audience, {
      gymId,
      channel: prepared.channel,
      advertising: prepared.advertising,
      nightExclude: built.nightExclude,
      trainerMemberId: built.trainerMemberId ?? null,
      now: actor.now,
    }));
  const { rendered, kind } = render(prepared, rows);
  const recipients = rows.filter((r) => r.exclusion === null).length;
  if (recipients === 0) throw badField('audience', 'messageNoRecipients');
  const { prices } = await messageSettingsOf(tx, gymId);
  const unitPrice = prices[pricedAs(prepared.channel, kind)];
  const cost = unitPrice * recipients;
  await lockCredits(tx, gymId);
  const balance = await creditBalance(tx, gymId);
  if (balance < cost) refusedShort(cost, balance);
  const [send] = await tx
    .insert(messageSend)
    .values({
      gymId,
      channel: prepared.channel,
      kind,
      subject: kind === 'SMS' ? null : prepared.subject,
      content: prepared.content,
      advertising: prepared.advertising,
      senderId: prepared.sender?.id ?? null,
      templateId: prepared.template?.id ?? null,
      imageFileId: prepared.imageFileId,
      audience: built.audienceJson,
      state: built.scheduledAt.getTime() > actor.now.getTime() ? 'WAIT' : 'REQUEST',
      origin: built.origin,
      autoKind: built.autoKind ?? null,
      scheduledAt: built.scheduledAt,
      deferredFrom: built.deferredFrom,
      unitPrice,
      recipientCount: recipients,
      excludedCount: rows.length - recipients,
      cost,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: messageSend.id });
  const sendId = send!.id;
  await writeRecipients(tx, { id: sendId, gymId, unitPrice, dueAt: built.scheduledAt }, actor, rendered);
  await audited(tx, actor, {
    gymId,
    action: 'message-send.create',
    entity: 'message-send',
    entityId: sendId,
    after: {
      origin: built.origin,
      ...(built.autoKind ? { autoKind: built.autoKind } : {}),
      channel: prepared.channel,
      kind,
      advertising: prepared.advertising,
      recipients,
      excluded: rows.length - recipients,
      cost,
      scheduledAt: built.scheduledAt,
    },
  });
  return sendId;
};

const refusedShort = (cost: number, balance: number): never => {
  throw refused('messageCreditsShort', { cost, balance, shortfall: cost - balance });
};

/** What the send stores of its audience: the request's own, the CSV's phones normalised. */
const storedAudience = (audience: ParsedAudience) => audience;

/** `POST /web/message/send`: builds a send in the caller's transaction (docs/rules.md#messaging). */
export const createSend = async (
  tx: Executor,
  actor: Actor,
  input: SendCreateInput,
  trainerMemberId: number | null = null,
): Promise<number> => {
  const prepared = await prepareContent(tx, input, actor.memberId);
  const schedule = scheduleOf(input, input.advertising, actor.now);
  return writeSend(tx, actor, input.gymId, {
    prepared,
    audience: input.audience,
    audienceJson: storedAudience(input.audience),
    ...schedule,
    origin: 'MANUAL',
    trainerMemberId,
  });
};

/** `POST /web/message/test`: the content to the staff member's own phone, the first recipient's values, now. */
export const testSend = async (
  tx: Executor,
  actor: Actor,
  input: z.output<typeof messageTestSendSchema>,
  first: AudienceRow | undefined,
): Promise<number> => {
  const [me] = await tx
    .select({ name: member.name, phone: member.phone })
    .from(member)
    .where(eq(member.id, actor.memberId ?? -1));
  const phone = me?.phone?.replace(/\D/g, '') ?? '';
  if (!/^01[016789]\d{7,8}$/.test(phone)) throw badField('audience', 'messageNoOwnPhone');
  const prepared = await prepareContent(
    tx,
    { ...input, channel: input.channel === 'EMAIL' ? 'SMS' : input.channel },
    actor.memberId,
  );
  const row: AudienceRow = {
    ord: 1,
    memberId: null,
    name: first?.name ?? me?.name ?? '',
    address: phone,
    passName: first?.passName ?? null,
    passEndDate: first?.passEndDate ?? null,
    sessionsLeft: first?.sessionsLeft ?? null,
    unpaidAmount: first?.unpaidAmount ?? null,
    exclusion: null,
  };
  return writeSend(tx, actor, input.gymId, {
    prepared,
    audience: { type: 'phones', phones: [phone] },
    audienceJson: { type: 'phones', phones: [maskPhone(phone)] },
    scheduledAt: actor.now,
    deferredFrom: null,
    nightExclude: false,
    origin: 'TEST',
    rows: [row],
  });
};

const lockedSend = async (tx: Executor, gymId: number, id: number) => {
  const [row] = await tx
    .select()
    .from(messageSend)
    .where(and(eq(messageSend.id, id), eq(messageSend.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** Refunds each queued recipient's charge once (the ledger's unique index), set-based. */
export const refundRecipients = (tx: Executor, where: ReturnType<typeof sql>, now: Date, note: string) =>
  tx.execute(sql`insert into message_credit (gym_id, kind, amount, send_id, recipient_id, note, create_date)
    select gym_id, 'REFUND', charge, send_id, id, ${note}, ${now} from message_recipient r
    where ${where} and charge > 0
    on conflict (recipient_id, kind) where recipient_id is not null do nothing`);

/**
 * `POST /web/message/send/{id}/cancel`: a WAIT send that has not started becomes CANCEL, its queued recipients
 * EXCLUDED `CANCELLED`, their charges refunded once and their outbox rows dropped. After it started: 409
 * `messageSendStarted` naming both states.
 */
export const cancelSend = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const send = await lockedSend(tx, gymId, id);
  if (send.state !== 'WAIT') throw refused('messageSendStarted', { from: send.state, to: 'CANCEL' });
  const queued = sql`r.send_id = ${id} and r.state = 'QUEUED'`;
  await refundRecipients(tx, queued, actor.now, 'cancelled');
  await tx.execute(sql`delete from ${outbox} where id in (select outbox_id from message_recipient r where ${queued})
    and status in ('PENDING', 'FAILED')`);
  const changed = await tx
    .update(messageRecipient)
    .set({ state: 'EXCLUDED', exclusion: 'CANCELLED', charge: 0, updatedAt: actor.now })
    .where(and(eq(messageRecipient.sendId, id), eq(messageRecipient.state, 'QUEUED')))
    .returning({ id: messageRecipient.id });
  await tx
    .update(messageSend)
    .set({
      state: 'CANCEL',
      finishedAt: actor.now,
      recipientCount: 0,
      excludedCount: send.excludedCount + changed.length,
      cost: 0,
    })
    .where(eq(messageSend.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'message-send.cancel',
    entity: 'message-send',
    entityId: id,
    before: { state: send.state, cost: send.cost },
    after: { state: 'CANCEL', refunded: changed.length },
  });
};

/** `POST /web/message/send/{id}/resend`: a new send, charged anew, to this send's failed recipients. */
export const resendFailed = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
): Promise<number> => {
  const send = await lockedSend(tx, gymId, id);
  const failed = await tx
    .select({ memberId: messageRecipient.memberId, address: messageRecipient.address })
    .from(messageRecipient)
    .where(and(eq(messageRecipient.sendId, id), inArray(messageRecipient.state, ['FAILED'])));
  if (failed.length === 0) throw refused('messageNothingToResend');
  const prepared = await prepareContent(
    tx,
    {
      gymId,
      channel: send.channel,
      subject: send.subject ?? undefined,
      content: send.content,
      advertising: send.advertising,
      senderId: send.senderId ?? undefined,
      templateId: send.templateId ?? undefined,
      imageFileId: send.imageFileId ?? undefined,
    },
    actor.memberId,
    { framed: true },
  );
  const memberIds = failed.map((f) => f.memberId);
  const audienceJson = memberIds.every((m) => m !== null)
    ? { type: 'customers', memberIds }
    : { type: 'phones', phones: failed.map((f) => maskPhone(f.address ?? '')) };
  return writeSend(tx, actor, gymId, {
    prepared,
    audience: { type: 'recipients', sendId: id },
    audienceJson,
    ...scheduleOf({ nightChoice: 'EXCLUDE' }, send.advertising, actor.now),
    origin: 'MANUAL',
  });
};
