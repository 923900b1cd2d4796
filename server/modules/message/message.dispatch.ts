import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMS_MAX_BYTES } from '#domain/rules/message.ts';
import { eucKrBytes } from '#domain/rules/message-bytes.ts';
import type { Executor } from '../../db/client.ts';
import {
  customerConsent,
  file,
  kakaoChannel,
  kakaoTemplate,
  messageRecipient,
  messageSend,
  messageSender,
} from '../../db/schema/index.ts';
import {
  type GroupMessage,
  type GroupMessageProvider,
  reasonOf,
  type SendOutcome,
} from '../../providers/message/group-message.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { refundRecipients } from './message.commands.ts';

// Delivering the recipients of sends (docs/rules.md#messaging), when the outbox's dispatcher takes their rows
// (topic `group-message`, a batch of up to GROUP_MESSAGE_BATCH at once), in the dispatcher's transaction with the
// rows' SENT marks: the recipient rows are locked, a cancelled send or a recipient no longer QUEUED is left alone
// (a second delivery is a no-op), an advertising message checks the consent again (withdrawn since: EXCLUDED and
// refunded once), then the provider sends the batch with each outbox id as its idempotency key (a crash after the
// provider took it sends it again under the same keys, which the provider answers without a second message). A
// retryable failure leaves its recipient QUEUED and its outbox row to be retried; a final one marks the recipient
// FAILED and refunds it once. The outcomes are written set-based, and each send's counts, state and cost follow.

export type GroupMessageDeps = {
  provider: GroupMessageProvider;
  clock: () => Date;
  /** The outbox's attempts: the last retryable failure is final. */
  maxAttempts: number;
  /** Where an MMS image is read from (absent: an MMS goes out as its text). */
  storage?: FileStorage;
  /** The rows handed over at once (GROUP_MESSAGE_BATCH). */
  batchSize?: number;
};

type OutboxMessage = { id: number; payload: Record<string, unknown>; attempt: number };

const sendOf = async (tx: Executor, sendId: number) => {
  const [row] = await tx
    .select({
      id: messageSend.id,
      gymId: messageSend.gymId,
      state: messageSend.state,
      channel: messageSend.channel,
      kind: messageSend.kind,
      subject: messageSend.subject,
      advertising: messageSend.advertising,
      imageFileId: messageSend.imageFileId,
      senderPhone: messageSender.phone,
      templateCode: kakaoTemplate.code,
      fallbackText: kakaoTemplate.fallbackText,
      profileKey: kakaoChannel.profileKey,
    })
    .from(messageSend)
    .leftJoin(messageSender, eq(messageSender.id, messageSend.senderId))
    .leftJoin(kakaoTemplate, eq(kakaoTemplate.id, messageSend.templateId))
    .leftJoin(kakaoChannel, eq(kakaoChannel.gymId, messageSend.gymId))
    .where(eq(messageSend.id, sendId));
  return row;
};

type Send = NonNullable<Awaited<ReturnType<typeof sendOf>>>;
type Recipient = typeof messageRecipient.$inferSelect;

const readImage = async (tx: Executor, storage: FileStorage | undefined, fileId: string | null) => {
  if (!storage || !fileId) return undefined;
  const [row] = await tx.select({ key: file.storageKey }).from(file).where(eq(file.id, fileId));
  const opened = row ? await storage.open(row.key) : undefined;
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
};

/** The fallback's kind from its EUC-KR bytes, as any text's (docs/rules.md#messaging). */
const fallbackKind = (text: string) =>
  eucKrBytes(text) <= SMS_MAX_BYTES ? ('SMS' as const) : ('LMS' as const);

/** This person's fallback text (rendered when the send was built), else the template's as written. */
const fallbackOf = (send: Send, recipient: Recipient) => recipient.fallbackText ?? send.fallbackText;

const messageOf = (
  outboxId: number,
  send: Send,
  recipient: Recipient,
  imageJpeg: Uint8Array | undefined,
): GroupMessage => {
  const base = {
    idempotencyKey: String(outboxId),
    to: recipient.address ?? '',
    from: send.senderPhone ?? '',
    text: recipient.text,
    ...(send.subject && send.kind !== 'SMS' ? { subject: send.subject } : {}),
  };
  if (send.channel === 'EMAIL') return { ...base, kind: 'EMAIL' };
  if (send.channel === 'KAKAO') {
    const fallbackText = fallbackOf(send, recipient);
    const fallback = fallbackText && send.senderPhone ? fallbackText : undefined;
    return {
      ...base,
      kind: 'ALIMTALK',
      kakao: {
        profileKey: send.profileKey ?? '',
        templateCode: send.templateCode ?? '',
        ...(fallback ? { fallback: { kind: fallbackKind(fallback), text: fallback } } : {}),
      },
    };
  }
  const image = send.kind === 'MMS' ? imageJpeg : undefined;
  return { ...base, kind: send.kind, ...(image ? { imageJpeg: image } : {}) };
};

/** What went out: the 알림톡, or the SMS/LMS it fell back to; the send's kind otherwise. */
const sentAsOf = (send: Send, recipient: Recipient, outcome: Extract<SendOutcome, { status: 'SENT' }>) =>
  send.channel === 'KAKAO'
    ? outcome.fellBack
      ? fallbackKind(fallbackOf(send, recipient) ?? '')
      : 'ALIMTALK'
    : send.channel === 'EMAIL'
      ? 'EMAIL'
      : send.kind;

/** A send is done when no recipient is left queued: PROCESS, or FAIL when every one of them failed. */
export const finishSend = (tx: Executor, sendId: number, now: Date) =>
  tx
    .update(messageSend)
    .set({
      state: sql`case when ${messageSend.sentCount} = 0 and ${messageSend.failedCount} > 0 then 'FAIL' else 'PROCESS' end`,
      finishedAt: now,
    })
    .where(
      and(
        eq(messageSend.id, sendId),
        inArray(messageSend.state, ['REQUEST', 'WAIT']),
        sql`${messageSend.sentCount} + ${messageSend.failedCount} >= ${messageSend.recipientCount}`,
      ),
    );

type Outcome =
  | { recipient: Recipient; state: 'SENT' | 'FALLBACK'; sentAs: string; providerMessageId: string }
  | { recipient: Recipient; state: 'EXCLUDED'; exclusion: 'NO_CONSENT' | 'OPTED_OUT' }
  | { recipient: Recipient; state: 'FAILED'; failReason: string };

/** The sends' rows of a batch, with their sender, template and channel. */
const sendsOf = async (tx: Executor, sendIds: number[]) => {
  const rows: Send[] = [];
  for (const id of sendIds) {
    const row = await sendOf(tx, id);
    if (row) rows.push(row);
  }
  return new Map(rows.map((row) => [row.id, row]));
};

/** The advertising recipients whose consent no longer holds: recipient id → why they are left out. */
const withdrawnNow = async (tx: Executor, sends: Map<number, Send>, recipients: Recipient[]) => {
  const out = new Map<number, 'NO_CONSENT' | 'OPTED_OUT'>();
  const bySend = new Map<number, Recipient[]>();
  for (const r of recipients) {
    const send = sends.get(r.sendId);
    if (!send?.advertising) continue;
    if (r.memberId === null) out.set(r.id, 'NO_CONSENT');
    else bySend.set(r.sendId, [...(bySend.get(r.sendId) ?? []), r]);
  }
  for (const [sendId, list] of bySend) {
    const send = sends.get(sendId);
    if (!send) continue;
    const memberIds = list.flatMap((r) => (r.memberId === null ? [] : [r.memberId]));
    const rows = await tx
      .select({
        memberId: customerConsent.memberId,
        agreed: customerConsent.agreed,
        source: customerConsent.source,
      })
      .from(customerConsent)
      .where(
        and(
          eq(customerConsent.gymId, send.gymId),
          inArray(customerConsent.memberId, memberIds),
          eq(customerConsent.channel, send.channel),
        ),
      );
    const consents = new Map(rows.map((row) => [row.memberId, row]));
    for (const r of list) {
      const row = r.memberId === null ? undefined : consents.get(r.memberId);
      if (row?.agreed) continue;
      out.set(r.id, row?.source === 'OPT_OUT' ? 'OPTED_OUT' : 'NO_CONSENT');
    }
  }
  return out;
};

/** How many messages go to a provider at once when it has no `sendMany`. */
const ONE_BY_ONE_AT_ONCE = 8;

/** The provider's outcomes, in order: one call for the batch, or a few sends at a time (a throw: retryable). */
const sendAll = async (provider: GroupMessageProvider, messages: GroupMessage[]): Promise<SendOutcome[]> => {
  if (messages.length === 0) return [];
  if (provider.sendMany) return provider.sendMany(messages);
  const outcomes: SendOutcome[] = new Array(messages.length);
  let next = 0;
  const worker = async () => {
    while (next < messages.length) {
      const i = next++;
      // Safe: i < messages.length.
      const message = messages[i] as GroupMessage;
      outcomes[i] = await provider
        .send(message)
        .catch(
          (error: unknown): SendOutcome => ({ status: 'FAILED', reason: reasonOf(error), retryable: true }),
        );
    }
  };
  await Promise.all(Array.from({ length: Math.min(ONE_BY_ONE_AT_ONCE, messages.length) }, worker));
  return outcomes;
};

/** The recipients' new states, in one `UPDATE … FROM (VALUES …)`. */
const writeRecipients = async (tx: Executor, outcomes: Outcome[], now: Date) => {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((o) => {
      const sent = o.state === 'SENT' || o.state === 'FALLBACK';
      return sql`(${o.recipient.id}::bigint, ${o.state}::text, ${sent ? o.sentAs : null}::text,
        ${sent ? o.providerMessageId : null}::text, ${o.state === 'EXCLUDED' ? o.exclusion : null}::text,
        ${o.state === 'FAILED' ? o.failReason.slice(0, 500) : null}::text)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`update ${messageRecipient} r set
      state = v.state,
      sent_as = coalesce(v.sent_as, r.sent_as),
      provider_message_id = coalesce(v.provider_message_id, r.provider_message_id),
      sent_at = case when v.state in ('SENT', 'FALLBACK') then ${now.toISOString()}::timestamptz else r.sent_at end,
      exclusion = v.exclusion,
      fail_reason = v.fail_reason,
      charge = case when v.state = 'EXCLUDED' then 0 else r.charge end,
      updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, state, sent_as, provider_message_id, exclusion, fail_reason)
    where r.id = v.id`);
};

/** Each send's counts and cost moved by its outcomes (one statement per send, in id order), then finished. */
const writeSends = async (tx: Executor, outcomes: Outcome[], now: Date) => {
  const totals = new Map<number, { sent: number; failed: number; excluded: number; refunded: number }>();
  for (const o of outcomes) {
    const t = totals.get(o.recipient.sendId) ?? { sent: 0, failed: 0, excluded: 0, refunded: 0 };
    if (o.state === 'SENT' || o.state === 'FALLBACK') t.sent++;
    else {
      if (o.state === 'FAILED') t.failed++;
      else t.excluded++;
      t.refunded += o.recipient.charge;
    }
    totals.set(o.recipient.sendId, t);
  }
  for (const [sendId, t] of [...totals].sort(([a], [b]) => a - b)) {
    await tx
      .update(messageSend)
      .set({
        sentCount: sql`${messageSend.sentCount} + ${t.sent}`,
        failedCount: sql`${messageSend.failedCount} + ${t.failed}`,
        recipientCount: sql`${messageSend.recipientCount} - ${t.excluded}`,
        excludedCount: sql`${messageSend.excludedCount} + ${t.excluded}`,
        cost: sql`${messageSend.cost} - ${t.refunded}`,
      })
      .where(eq(messageSend.id, sendId));
    await finishSend(tx, sendId, now);
  }
};

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Delivers a batch of the topic's outbox rows in the dispatcher's transaction (see the top of this file), set-based:
 * the sends' rows first (WAIT → REQUEST, the order a cancel takes too), then the recipients locked; the consents
 * read once per send; the messages handed to the provider together; then the refunds (once per recipient, by the
 * ledger's unique key), the recipients' states, each send's counters and its finish. Answers the outbox rows to try
 * again (a retryable failure before the last attempt): their recipients stay QUEUED, untouched.
 */
export const deliverGroupBatch = async (
  tx: Executor,
  deps: GroupMessageDeps,
  messages: OutboxMessage[],
): Promise<Map<number, string>> => {
  const retry = new Map<number, string>();
  const byRecipient = new Map<number, OutboxMessage>();
  for (const message of messages) {
    const recipientId = Number(message.payload.recipientId);
    if (Number.isSafeInteger(recipientId)) byRecipient.set(recipientId, message);
  }
  const ids = [...byRecipient.keys()];
  if (ids.length === 0) return retry;
  const peeks = await tx
    .selectDistinct({ sendId: messageRecipient.sendId, state: messageSend.state })
    .from(messageRecipient)
    .innerJoin(messageSend, eq(messageSend.id, messageRecipient.sendId))
    .where(inArray(messageRecipient.id, ids));
  const sendIds = [...new Set(peeks.map((p) => p.sendId))].sort((a, b) => a - b);
  for (const sendId of sendIds.filter((id) => peeks.some((p) => p.sendId === id && p.state === 'WAIT')))
    await tx
      .update(messageSend)
      .set({ state: 'REQUEST' })
      .where(and(eq(messageSend.id, sendId), eq(messageSend.state, 'WAIT')));
  const locked = await tx
    .select()
    .from(messageRecipient)
    .where(inArray(messageRecipient.id, ids))
    .orderBy(messageRecipient.id)
    .for('update');
  const sends = await sendsOf(tx, sendIds);
  // A cancelled send, or a recipient no longer QUEUED (delivered before a crash's retry), is left alone.
  const queued = locked.filter((r) => r.state === 'QUEUED' && sends.get(r.sendId)?.state !== 'CANCEL');
  if (queued.length === 0) return retry;
  const now = deps.clock();
  const withdrawn = await withdrawnNow(tx, sends, queued);
  const outcomes: Outcome[] = [];
  const going: { recipient: Recipient; send: Send; outbox: OutboxMessage }[] = [];
  for (const recipient of queued) {
    const exclusion = withdrawn.get(recipient.id);
    // Safe: every queued recipient's send was read (sendsOf) and its outbox message is the one that named it.
    const send = sends.get(recipient.sendId) as Send;
    const outbox = byRecipient.get(recipient.id) as OutboxMessage;
    if (exclusion) outcomes.push({ recipient, state: 'EXCLUDED', exclusion });
    else going.push({ recipient, send, outbox });
  }
  const images = new Map<number, Uint8Array | undefined>();
  for (const { send } of going)
    if (send.kind === 'MMS' && send.channel === 'SMS' && !images.has(send.id))
      images.set(send.id, await readImage(tx, deps.storage, send.imageFileId));
  const built = going.map(({ recipient, send, outbox }) =>
    messageOf(outbox.id, send, recipient, images.get(send.id)),
  );
  const answers = await sendAll(deps.provider, built);
  going.forEach(({ recipient, send, outbox }, i) => {
    const outcome: SendOutcome = answers[i] ?? { status: 'FAILED', reason: 'no outcome', retryable: true };
    if (outcome.status === 'SENT') {
      outcomes.push({
        recipient,
        state: outcome.fellBack ? 'FALLBACK' : 'SENT',
        sentAs: sentAsOf(send, recipient, outcome),
        providerMessageId: outcome.providerMessageId,
      });
    } else if (outcome.retryable && outbox.attempt < deps.maxAttempts) retry.set(outbox.id, outcome.reason);
    else outcomes.push({ recipient, state: 'FAILED', failReason: outcome.reason });
  });
  const failed = outcomes.filter((o) => o.state === 'FAILED').map((o) => o.recipient.id);
  const excluded = outcomes.filter((o) => o.state === 'EXCLUDED').map((o) => o.recipient.id);
  if (failed.length > 0) await refundRecipients(tx, sql`r.id in (${idList(failed)})`, now, 'failed');
  if (excluded.length > 0) await refundRecipients(tx, sql`r.id in (${idList(excluded)})`, now, 'excluded');
  await writeRecipients(tx, outcomes, now);
  await writeSends(tx, outcomes, now);
  return retry;
};

/** How many rows of topic `group-message` the dispatcher hands over at once. */
export const GROUP_MESSAGE_BATCH = 250;

/**
 * The outbox handler of topic `group-message` (server/modules/outbox/topics.ts): `batch` delivers many rows at
 * once; the one-row form (a retryable failure throws, so the outbox retries it) is the same delivery.
 */
export const createGroupMessageHandler = (deps: GroupMessageDeps) =>
  Object.assign(
    async (tx: Executor, message: OutboxMessage): Promise<void> => {
      const retry = await deliverGroupBatch(tx, deps, [message]);
      const reason = retry.get(message.id);
      if (reason !== undefined) throw new Error(reason);
    },
    {
      batch: (tx: Executor, messages: OutboxMessage[]) => deliverGroupBatch(tx, deps, messages),
      batchSize: deps.batchSize ?? GROUP_MESSAGE_BATCH,
    },
  );
