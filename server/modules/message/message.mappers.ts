import type { MessageCredit, MessageRecipient, MessageSend } from '#domain/schemas/message.ts';
import type { MessageRecipientRow, MessageSendRow } from '../../db/schema/index.ts';
import { maskPhone } from '../../kernel/mask.ts';

// The group messages' rows as the contract answers them (domain/schemas/message.ts).

export type SendListRow = MessageSendRow & {
  senderPhone: string | null;
  templateName: string | null;
  staffName: string | null;
};

export const toSend = (row: SendListRow): MessageSend => ({
  id: row.id,
  gymId: row.gymId,
  channel: row.channel,
  kind: row.kind,
  subject: row.subject,
  content: row.content,
  advertising: row.advertising,
  senderId: row.senderId,
  senderPhone: row.senderPhone,
  templateId: row.templateId,
  templateName: row.templateName,
  imageFileId: row.imageFileId,
  audience: row.audience as MessageSend['audience'],
  state: row.state,
  origin: row.origin,
  autoKind: row.autoKind,
  scheduledAt: row.scheduledAt.toISOString(),
  deferredFrom: row.deferredFrom?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  unitPrice: row.unitPrice,
  recipientCount: row.recipientCount,
  excludedCount: row.excludedCount,
  sentCount: row.sentCount,
  deliveredCount: row.deliveredCount,
  failedCount: row.failedCount,
  cost: row.cost,
  staffMemberId: row.createdByMemberId,
  staffName: row.staffName,
  createDate: row.createDate.toISOString(),
  cancellable: row.state === 'WAIT',
});

/** A recipient with the phone masked (an e-mail keeps its first letter and domain). */
export const maskAddress = (address: string | null): string | null => {
  if (address === null) return null;
  if (address.includes('@')) {
    const [local = '', domain = ''] = address.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return maskPhone(address);
};

export const toRecipient = (row: MessageRecipientRow): MessageRecipient => ({
  id: row.id,
  memberId: row.memberId,
  name: row.name,
  address: maskAddress(row.address),
  text: row.text,
  state: row.state,
  exclusion: row.exclusion,
  failReason: row.failReason,
  sentAs: row.sentAs,
  charge: row.charge,
  sentAt: row.sentAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export const toCredit = (row: {
  id: number;
  kind: 'TOPUP' | 'CHARGE' | 'REFUND';
  amount: number;
  sendId: number | null;
  note: string | null;
  createDate: Date;
}): MessageCredit => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  sendId: row.sendId,
  note: row.note,
  createDate: row.createDate.toISOString(),
});
