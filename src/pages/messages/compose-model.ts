import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  advertisingFrame,
  type MessageChannel,
  type MessagePrices,
  pricedAs,
  sendCost,
} from '#domain/rules/message.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type {
  MessageAudience,
  MessageOverview,
  MessageSendCreate,
  MessageTestSend,
} from '#domain/schemas/message.ts';
import { analyzeCompose, type Frame } from './byte-counter.tsx';
import { printedPhone } from './message-api.ts';
import type { CsvPhone } from './phones-csv.ts';

// The compose screen's state and the bodies it sends (docs/rules.md#messaging): the audience, the content with its
// advertising frame, the time in Seoul, the cost.

dayjs.extend(utc);
dayjs.extend(timezone);

export type AudienceDraft =
  | { type: 'segment'; segment: CustomerSegment; days: number; q: string }
  | { type: 'customers'; picked: { id: number; label: string }[] }
  | { type: 'phones'; fileName: string; phones: CsvPhone[] };

export type ComposeDraft = {
  audience: AudienceDraft;
  channel: MessageChannel;
  senderId?: number;
  templateId?: number;
  subject: string;
  content: string;
  image: { fileId: string; name: string; sizeKb: number; resized: boolean; previewUrl: string } | null;
  advertising: boolean;
  when: 'now' | 'later';
  /** The wall-clock time in Seoul the picker shows (its own zone is the browser's, so only its digits count). */
  at: Dayjs | null;
  nightChoice?: 'DEFER' | 'EXCLUDE';
};

export const initialDraft = (): ComposeDraft => ({
  audience: { type: 'segment', segment: 'active', days: 7, q: '' },
  channel: 'SMS',
  subject: '',
  content: '',
  image: null,
  advertising: false,
  when: 'now',
  at: null,
});

/** The audience as the contract takes it, or null while it names no one. */
export const audienceOf = (draft: AudienceDraft): MessageAudience | null => {
  if (draft.type === 'segment')
    return {
      type: 'segment',
      segment: draft.segment,
      days: draft.days,
      ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
    };
  if (draft.type === 'customers')
    return draft.picked.length > 0 ? { type: 'customers', memberIds: draft.picked.map((p) => p.id) } : null;
  return draft.phones.length > 0 ? { type: 'phones', phones: draft.phones.map((p) => p.value) } : null;
};

/** The Seoul wall-clock digits of a picker's value as an instant. */
export const seoulInstant = (wall: Dayjs): string =>
  dayjs.tz(wall.format('YYYY-MM-DDTHH:mm'), SEOUL).toISOString();

/** A picker value showing the Seoul wall-clock time of an instant. */
export const seoulWall = (at: Date): Dayjs => dayjs(dayjs(at).tz(SEOUL).format('YYYY-MM-DDTHH:mm'));

/** When the send is due (undefined: now). */
export const scheduledAtOf = (draft: ComposeDraft): string | undefined =>
  draft.when === 'later' && draft.at ? seoulInstant(draft.at) : undefined;

export const isPast = (draft: ComposeDraft, now = new Date()): boolean => {
  const at = scheduledAtOf(draft);
  return at !== undefined && Date.parse(at) <= now.getTime();
};

/** The advertising frame: the facility's name, the chosen sender as its contact, the platform's 080 number. */
export const frameOf = (draft: ComposeDraft, overview: MessageOverview | undefined): Frame | null => {
  if (!draft.advertising || !overview) return null;
  const sender = overview.approvedSenders.find((s) => s.id === draft.senderId);
  return advertisingFrame({
    gymName: overview.gymName,
    gymContact: sender ? printedPhone(sender.phone) : '',
    optOutNumber: overview.optOutNumber,
  });
};

/** An SMS carries no subject: only an LMS, an MMS and an email send one. */
const carriesSubject = (draft: ComposeDraft, overview: MessageOverview | undefined): boolean => {
  if (draft.channel === 'KAKAO') return false;
  if (draft.channel === 'EMAIL') return true;
  const { kind } = analyzeCompose({
    content: draft.content,
    frame: frameOf(draft, overview),
    hasImage: draft.image !== null,
  });
  return kind !== 'SMS';
};

const contentOf = (
  draft: ComposeDraft,
  gymId: number,
  overview: MessageOverview | undefined,
): Omit<MessageTestSend, 'audience'> => ({
  gymId,
  channel: draft.channel,
  content: draft.content,
  advertising: draft.advertising,
  ...(draft.subject.trim() && carriesSubject(draft, overview) ? { subject: draft.subject.trim() } : {}),
  ...(draft.senderId !== undefined && draft.channel !== 'EMAIL' ? { senderId: draft.senderId } : {}),
  ...(draft.templateId !== undefined && draft.channel === 'KAKAO' ? { templateId: draft.templateId } : {}),
  ...(draft.image && draft.channel === 'SMS' ? { imageFileId: draft.image.fileId } : {}),
});

/** The test send: the same content, with the values of the audience's first recipient when it names one. */
export const testBodyOf = (
  draft: ComposeDraft,
  gymId: number,
  overview: MessageOverview | undefined,
): MessageTestSend => {
  const audience = audienceOf(draft.audience);
  return { ...contentOf(draft, gymId, overview), ...(audience ? { audience } : {}) };
};

export const createBodyOf = (
  draft: ComposeDraft,
  gymId: number,
  overview: MessageOverview | undefined,
  audience: MessageAudience,
): MessageSendCreate => {
  const scheduledAt = scheduledAtOf(draft);
  return {
    ...contentOf(draft, gymId, overview),
    audience,
    ...(scheduledAt ? { scheduledAt } : {}),
    ...(draft.nightChoice ? { nightChoice: draft.nightChoice } : {}),
  };
};

/** The kind the send is priced as, and its cost for that many recipients. */
export const costOf = (
  draft: ComposeDraft,
  overview: MessageOverview | undefined,
  recipients: number,
): { priced: keyof MessagePrices; unit: number; cost: number } => {
  const { kind } = analyzeCompose({
    content: draft.content,
    subject: draft.subject,
    frame: frameOf(draft, overview),
    hasImage: draft.image !== null && draft.channel === 'SMS',
  });
  const priced = pricedAs(draft.channel, kind);
  const prices = overview?.prices;
  return prices
    ? { priced, unit: prices[priced], cost: sendCost(prices, priced, recipients) }
    : { priced, unit: 0, cost: 0 };
};
