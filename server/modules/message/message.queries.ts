import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { DEFAULT_MESSAGE_PRICES } from '#domain/rules/message.ts';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import type {
  MessageOverview,
  MessageRecipientState,
  MessageSendListQuery,
} from '#domain/schemas/message.ts';
import type { Executor } from '../../db/client.ts';
import {
  kakaoChannel,
  kakaoTemplate,
  member,
  messageCredit,
  messageRecipient,
  messageSend,
  messageSender,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';
import { creditBalance, messageSettingsOf } from './message.content.ts';
import { maskAddress, type SendListRow, toCredit, toRecipient, toSend } from './message.mappers.ts';
import { addOnRequired } from './message.refusals.ts';

// The group messages' reads (docs/rules.md#messaging): the top of the page, the sends with their filters, one
// send, its recipients (phones masked) and the credit ledger. Another facility's send answers 404.

/** Every send call needs the facility's MESSAGE add-on in APPROVE (403 `messageAddOnRequired`). */
export const assertMessageAddOn = async (db: Executor, gymId: number) => {
  if (!(await hasApprovedAddOn(db, gymId, ['MESSAGE']))) throw addOnRequired();
};

const pageOf = (query: { _start?: number | undefined; _end?: number | undefined }, size = 20, max = 200) => {
  const start = query._start ?? 0;
  const end = Math.min(query._end ?? start + size, start + max);
  return { offset: start, limit: Math.max(0, end - start) };
};

const sendColumns = {
  row: messageSend,
  senderPhone: messageSender.phone,
  templateName: kakaoTemplate.name,
  staffName: member.name,
};

const sendsWith = (db: Executor, where: SQL | undefined) =>
  db
    .select(sendColumns)
    .from(messageSend)
    .leftJoin(messageSender, eq(messageSender.id, messageSend.senderId))
    .leftJoin(kakaoTemplate, eq(kakaoTemplate.id, messageSend.templateId))
    .leftJoin(member, eq(member.id, messageSend.createdByMemberId))
    .where(where);

const flat = (
  r: { row: typeof messageSend.$inferSelect } & Omit<SendListRow, keyof typeof messageSend.$inferSelect>,
) => toSend({ ...r.row, senderPhone: r.senderPhone, templateName: r.templateName, staffName: r.staffName });

export const listSends = async (db: Executor, query: MessageSendListQuery & { gymId: number }) => {
  const where = and(
    eq(messageSend.gymId, query.gymId),
    query.state ? eq(messageSend.state, query.state) : undefined,
    query.channel ? eq(messageSend.channel, query.channel) : undefined,
    query.origin ? eq(messageSend.origin, query.origin) : undefined,
    query.staffMemberId ? eq(messageSend.createdByMemberId, Number(query.staffMemberId)) : undefined,
    query.from ? gte(messageSend.scheduledAt, seoulDayStartUtc(query.from)) : undefined,
    query.to ? lt(messageSend.scheduledAt, seoulDayStartUtc(addDays(query.to, 1))) : undefined,
  );
  const { offset, limit } = pageOf({
    _start: Number(query._start ?? 0),
    _end: query._end === undefined ? undefined : Number(query._end),
  });
  const rows = await sendsWith(db, where).orderBy(desc(messageSend.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(messageSend).where(where);
  return { data: rows.map(flat), total: total?.n ?? 0 };
};

export const sendById = async (db: Executor, gymId: number, id: number) => {
  const [row] = await sendsWith(db, and(eq(messageSend.id, id), eq(messageSend.gymId, gymId)));
  if (!row) throw notFound();
  return flat(row);
};

export const listRecipients = async (
  db: Executor,
  gymId: number,
  sendId: number,
  query: {
    state?: MessageRecipientState | undefined;
    _start?: number | undefined;
    _end?: number | undefined;
  },
) => {
  await sendById(db, gymId, sendId);
  const where = and(
    eq(messageRecipient.sendId, sendId),
    eq(messageRecipient.gymId, gymId),
    query.state ? eq(messageRecipient.state, query.state) : undefined,
  );
  const { offset, limit } = pageOf(query, 50, 500);
  const rows = await db
    .select()
    .from(messageRecipient)
    .where(where)
    .orderBy(messageRecipient.id)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(messageRecipient).where(where);
  return { data: rows.map(toRecipient), total: total?.n ?? 0 };
};

export const listCredits = async (
  db: Executor,
  gymId: number,
  query: { _start?: number | undefined; _end?: number | undefined },
) => {
  const { offset, limit } = pageOf(query, 50, 500);
  const rows = await db
    .select({
      id: messageCredit.id,
      kind: messageCredit.kind,
      amount: messageCredit.amount,
      sendId: messageCredit.sendId,
      note: messageCredit.note,
      createDate: messageCredit.createDate,
    })
    .from(messageCredit)
    .where(eq(messageCredit.gymId, gymId))
    .orderBy(desc(messageCredit.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(messageCredit).where(eq(messageCredit.gymId, gymId));
  return { data: rows.map(toCredit), total: total?.n ?? 0 };
};

export const messageOverview = async (
  db: Executor,
  gymId: number,
  memberId: number | null,
  provider: { name: string; testMode: boolean },
): Promise<MessageOverview> => {
  const settings = await messageSettingsOf(db, gymId);
  const senders = await db
    .select({ id: messageSender.id, phone: messageSender.phone, label: messageSender.label })
    .from(messageSender)
    .where(and(eq(messageSender.gymId, gymId), eq(messageSender.status, 'APPROVE')))
    .orderBy(messageSender.id);
  const [channel] = await db
    .select({ status: kakaoChannel.status })
    .from(kakaoChannel)
    .where(eq(kakaoChannel.gymId, gymId));
  const templates = await db
    .select({
      id: kakaoTemplate.id,
      name: kakaoTemplate.name,
      content: kakaoTemplate.content,
      fallbackText: kakaoTemplate.fallbackText,
    })
    .from(kakaoTemplate)
    .where(and(eq(kakaoTemplate.gymId, gymId), eq(kakaoTemplate.status, 'APPROVE')))
    .orderBy(kakaoTemplate.id);
  const [me] =
    memberId === null
      ? []
      : await db.select({ phone: member.phone }).from(member).where(eq(member.id, memberId));
  const connected = channel?.status === 'APPROVE';
  return {
    balance: await creditBalance(db, gymId),
    testMode: provider.testMode,
    providerName: provider.name,
    prices: { ...DEFAULT_MESSAGE_PRICES, ...settings.prices },
    optOutNumber: settings.optOutNumber,
    gymName: settings.gymName,
    approvedSenders: senders,
    kakaoConnected: connected,
    approvedTemplates: connected ? templates : [],
    myPhone: me?.phone ? maskAddress(me.phone) : null,
  };
};

/** The facility of a send (for the routes' guard): unknown ids answer 404. */
export const gymOfSend = async (db: Executor, id: number) => {
  const [row] = await db.select({ gymId: messageSend.gymId }).from(messageSend).where(eq(messageSend.id, id));
  if (!row) throw notFound();
  return row.gymId;
};
