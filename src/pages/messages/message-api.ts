import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { messageOverviewRoute } from '#domain/api/message.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type {
  MessageAudience,
  MessageRecipientState,
  MessageSend,
  MessageSendState,
} from '#domain/schemas/message.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import type { Translate } from '#src/kit/translate.ts';
import type { TagTone } from '../receipts/receipt-tags.tsx';

// The group messages' shared queries and wording (docs/rules.md#messaging).

dayjs.extend(utc);
dayjs.extend(timezone);

export const messageKeys = queryKeys('messages', {
  overview: (gymId: number) => [gymId],
  list: (gymId: number, query: object) => [gymId, query],
  detail: (gymId: number, id: number) => [gymId, id],
  recipients: (gymId: number, id: number, query: object) => [gymId, id, query],
  credits: (gymId: number, query: object) => [gymId, query],
  audience: (gymId: number, body: object) => [gymId, body],
});

/** The balance, prices, test mode, senders and templates: the top of both pages. */
export const useMessageOverview = (gymId: number) =>
  useContract(
    messageOverviewRoute,
    { query: { gymId } },
    { queryKey: messageKeys.overview(gymId), enabled: gymId > 0, staleTime: 30_000, meta: { silent: true } },
  );

/** The list and the detail say a time in Seoul: 2025.03.04 09:30. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

export const sendStateTone: Record<MessageSendState, TagTone> = {
  REQUEST: 'info',
  PROCESS: 'success',
  FAIL: 'danger',
  WAIT: 'warning',
  CANCEL: 'neutral',
};

export const recipientStateTone: Record<MessageRecipientState, TagTone> = {
  QUEUED: 'info',
  SENT: 'info',
  DELIVERED: 'success',
  FAILED: 'danger',
  FALLBACK: 'warning',
  EXCLUDED: 'neutral',
};

/** The first line of a send (its subject when it has one), the advertising head line skipped. */
export const sendHeadline = (send: Pick<MessageSend, 'subject' | 'content' | 'advertising'>): string => {
  if (send.subject) return send.subject;
  const lines = send.content.split('\n').filter((line) => line.trim() !== '');
  const first = send.advertising && lines.length > 1 ? lines[1] : lines[0];
  return (first ?? '').trim();
};

/** Who a send went to, in words: the segment, the hand-picked count, the CSV count. */
export const audienceText = (audience: MessageAudience, translate: Translate): string => {
  if (audience.type === 'segment') {
    const segment = translate(`customers.segments.${audience.segment}`);
    return audience.q
      ? translate('messages.audienceOf.segmentSearch', { segment, q: audience.q })
      : translate('messages.audienceOf.segment', { segment });
  }
  if (audience.type === 'customers')
    return translate('messages.audienceOf.customers', { count: audience.memberIds.length });
  return translate('messages.audienceOf.phones', { count: audience.phones.length });
};

/** The sends page, with a send's detail open. */
export const sendDetailPath = (id: number) => `/subservice/groupsns?id=${id}`;

/**
 * A sender number as the advertising frame prints it (`02-555-1234`, `010-1234-5678`): the server's rule in
 * server/modules/message/message.content.ts, so the preview and the byte count match what goes out.
 */
export const printedPhone = (digits: string): string => {
  if (/^02\d{7,8}$/.test(digits)) return `02-${digits.slice(2, -4)}-${digits.slice(-4)}`;
  if (/^\d{10,11}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
  return digits;
};
