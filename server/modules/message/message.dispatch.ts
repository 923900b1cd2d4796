import { and, eq, inArray, sql } from 'drizzle-orm';
import { eucKrBytes, SMS_MAX_BYTES } from '#domain/rules/message.ts';
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
import type {
  GroupMessage,
  GroupMessageProvider,
  SendOutcome,
} from '../../providers/message/group-message.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { refundRecipients } from './message.commands.ts';

// Delivering one recipient of a send (docs/rules.md#messaging), when the outbox's dispatcher takes its row
// (topic `group-message`), in the dispatcher's transaction with the row's SENT mark: the recipient row is locked,
// a cancelled send or a recipient no longer QUEUED is left alone (a second delivery is a no-op), an advertising
// message checks the consent again (withdrawn since: EXCLUDED and refunded once), then the provider sends it with
// the outbox id as its idempotency key (a crash after the provider took it sends it again under the same key,
// which the provider answers without a second message). A retryable failure throws, so the outbox retries it; a
// final one marks the recipient FAILED and refunds it once. The send's counts, state and cost follow.

export type GroupMessageDeps = {
  provider: GroupMessageProvider;
  clock: () => Date;
  /** The outbox's attempts: the last retryable failure is final. */
  maxAttempts: number;
  /** Where an MMS image is read from (absent: an MMS goes out as its text). */
  storage?: FileStorage;
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

/** The consent an advertising message needs now: null when it holds, else why the person is left out. */
const consentNow = async (tx: Executor, send: Send, recipient: Recipient) => {
  if (!send.advertising) return null;
  if (recipient.memberId === null) return 'NO_CONSENT' as const;
  const [row] = await tx
    .select({ agreed: customerConsent.agreed, source: customerConsent.source })
    .from(customerConsent)
    .where(
      and(
        eq(customerConsent.gymId, send.gymId),
        eq(customerConsent.memberId, recipient.memberId),
        eq(customerConsent.channel, send.channel),
      ),
    );
  if (row?.agreed) return null;
  return row?.source === 'OPT_OUT' ? ('OPTED_OUT' as const) : ('NO_CONSENT' as const);
};

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

const messageOf = async (
  tx: Executor,
  deps: GroupMessageDeps,
  outboxId: number,
  send: Send,
  recipient: Recipient,
): Promise<GroupMessage> => {
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
  const imageJpeg = send.kind === 'MMS' ? await readImage(tx, deps.storage, send.imageFileId) : undefined;
  return { ...base, kind: send.kind, ...(imageJpeg ? { imageJpeg } : {}) };
};

/** A recipient left out or failed: its charge refunded once, the send's counts and cost moved. */
const closeUnsent = async (
  tx: Executor,
  recipient: Recipient,
  change: { state: 'EXCLUDED' | 'FAILED'; exclusion?: 'NO_CONSENT' | 'OPTED_OUT'; failReason?: string },
  now: Date,
) => {
  await refundRecipients(
    tx,
    sql`r.id = ${recipient.id}`,
    now,
    change.state === 'FAILED' ? 'failed' : 'excluded',
  );
  await tx
    .update(messageRecipient)
    .set({
      state: change.state,
      exclusion: change.exclusion ?? null,
      failReason: change.failReason?.slice(0, 500) ?? null,
      ...(change.state === 'EXCLUDED' ? { charge: 0 } : {}),
      updatedAt: now,
    })
    .where(eq(messageRecipient.id, recipient.id));
  await tx
    .update(messageSend)
    .set(
      change.state === 'EXCLUDED'
        ? {
            recipientCount: sql`${messageSend.recipientCount} - 1`,
            excludedCount: sql`${messageSend.excludedCount} + 1`,
            cost: sql`${messageSend.cost} - ${recipient.charge}`,
          }
        : {
            failedCount: sql`${messageSend.failedCount} + 1`,
            cost: sql`${messageSend.cost} - ${recipient.charge}`,
          },
    )
    .where(eq(messageSend.id, recipient.sendId));
};

const recordSent = async (
  tx: Executor,
  send: Send,
  recipient: Recipient,
  outcome: Extract<SendOutcome, { status: 'SENT' }>,
  now: Date,
) => {
  const sentAs =
    send.channel === 'KAKAO'
      ? outcome.fellBack
        ? fallbackKind(fallbackOf(send, recipient) ?? '')
        : 'ALIMTALK'
      : send.channel === 'EMAIL'
        ? 'EMAIL'
        : send.kind;
  await tx
    .update(messageRecipient)
    .set({
      state: outcome.fellBack ? 'FALLBACK' : 'SENT',
      sentAs,
      providerMessageId: outcome.providerMessageId,
      sentAt: now,
      updatedAt: now,
    })
    .where(eq(messageRecipient.id, recipient.id));
  await tx
    .update(messageSend)
    .set({ sentCount: sql`${messageSend.sentCount} + 1` })
    .where(eq(messageSend.id, send.id));
};

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

/** The outbox handler of topic `group-message` (server/modules/outbox/topics.ts). */
export const createGroupMessageHandler =
  (deps: GroupMessageDeps) =>
  async (tx: Executor, message: OutboxMessage): Promise<void> => {
    const recipientId = Number(message.payload.recipientId);
    if (!Number.isSafeInteger(recipientId)) return;
    const [peek] = await tx
      .select({ sendId: messageRecipient.sendId, state: messageSend.state })
      .from(messageRecipient)
      .innerJoin(messageSend, eq(messageSend.id, messageRecipient.sendId))
      .where(eq(messageRecipient.id, recipientId));
    if (!peek) return;
    // The send row first, then the recipient's: the order a cancel takes too, so the two never wait on each other.
    if (peek.state === 'WAIT')
      await tx
        .update(messageSend)
        .set({ state: 'REQUEST' })
        .where(and(eq(messageSend.id, peek.sendId), eq(messageSend.state, 'WAIT')));
    const [recipient] = await tx
      .select()
      .from(messageRecipient)
      .where(eq(messageRecipient.id, recipientId))
      .for('update');
    const send = await sendOf(tx, peek.sendId);
    if (!recipient || !send || send.state === 'CANCEL' || recipient.state !== 'QUEUED') return;
    const now = deps.clock();
    const withdrawn = await consentNow(tx, send, recipient);
    if (withdrawn) {
      await closeUnsent(tx, recipient, { state: 'EXCLUDED', exclusion: withdrawn }, now);
    } else {
      const outcome = await deps.provider.send(await messageOf(tx, deps, message.id, send, recipient));
      if (outcome.status === 'SENT') await recordSent(tx, send, recipient, outcome, now);
      else if (outcome.retryable && message.attempt < deps.maxAttempts) throw new Error(outcome.reason);
      else await closeUnsent(tx, recipient, { state: 'FAILED', failReason: outcome.reason }, now);
    }
    await finishSend(tx, send.id, now);
  };
