import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  advertisingFrame,
  alimtalkTooLong,
  DEFAULT_MESSAGE_PRICES,
  DEFAULT_OPT_OUT_NUMBER,
  hasAdvertisingFrame,
  type MessageChannel,
  type MessagePrices,
  MMS_IMAGE_MAX_BYTES,
  SUBJECT_MAX_BYTES,
  unknownVariables,
  withAdvertisingFrame,
} from '#domain/rules/message.ts';
import { analyzeMessage } from '#domain/rules/message-bytes.ts';
import type { Executor } from '../../db/client.ts';
import {
  file,
  gym,
  kakaoChannel,
  kakaoTemplate,
  messagePlatform,
  messagePrice,
  messageSender,
} from '../../db/schema/index.ts';
import type { FieldKey } from '../../http/errors.ts';
import { badInput } from './message.refusals.ts';
import { rowsOf } from './message.sql.ts';

// A send's content checked before anything is written (docs/rules.md#messaging): the sender number or 알림톡
// template, the text (EUC-KR characters, its size, its variables), the subject, the MMS image, and for advertising
// the locked frame around the content. Every bad field is answered at once (400), nothing written.

export type ContentInput = {
  gymId: number;
  channel: MessageChannel;
  subject?: string | undefined;
  content: string;
  advertising: boolean;
  senderId?: number | undefined;
  templateId?: number | undefined;
  imageFileId?: string | undefined;
};

export type PreparedContent = {
  channel: MessageChannel;
  subject: string | null;
  /** The text as sent (the advertising frame included), variables not yet filled. */
  content: string;
  advertising: boolean;
  sender: { id: number; phone: string } | null;
  template: {
    id: number;
    code: string;
    name: string;
    fallbackText: string | null;
    profileKey: string;
  } | null;
  imageFileId: string | null;
  gymName: string;
};

/** The platform's prices and opt-out number, and the facility's name. */
export const messageSettingsOf = async (db: Executor, gymId: number) => {
  const prices = await db.select().from(messagePrice);
  const [platform] = await db.select().from(messagePlatform).where(eq(messagePlatform.id, 1));
  const [place] = await db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  return {
    // No row: the default price (the operator's edit writes one; a migration writes none, so a database move
    // finds the tables empty, server/ops/logical.ts).
    prices: {
      ...DEFAULT_MESSAGE_PRICES,
      ...Object.fromEntries(prices.map((p) => [p.kind, p.price])),
    } as MessagePrices,
    optOutNumber: platform?.optOutNumber ?? DEFAULT_OPT_OUT_NUMBER,
    gymName: place?.name ?? '',
  };
};

/** `01012345678` → `010-1234-5678`, `0212345678` → `02-1234-5678`: the contact line of the frame. */
export const printedPhone = (digits: string) => {
  if (/^02\d{7,8}$/.test(digits)) return `02-${digits.slice(2, -4)}-${digits.slice(-4)}`;
  if (/^\d{10,11}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
  return digits;
};

const approvedSender = async (db: Executor, gymId: number, id: number | undefined) => {
  if (id === undefined) return undefined;
  const [row] = await db
    .select({ id: messageSender.id, phone: messageSender.phone })
    .from(messageSender)
    .where(
      and(eq(messageSender.id, id), eq(messageSender.gymId, gymId), eq(messageSender.status, 'APPROVE')),
    );
  return row;
};

const approvedTemplate = async (db: Executor, gymId: number, id: number | undefined) => {
  if (id === undefined) return undefined;
  const [row] = await db
    .select({
      id: kakaoTemplate.id,
      code: kakaoTemplate.code,
      name: kakaoTemplate.name,
      fallbackText: kakaoTemplate.fallbackText,
      profileKey: kakaoChannel.profileKey,
    })
    .from(kakaoTemplate)
    .innerJoin(kakaoChannel, eq(kakaoChannel.gymId, kakaoTemplate.gymId))
    .where(
      and(
        eq(kakaoTemplate.id, id),
        eq(kakaoTemplate.gymId, gymId),
        eq(kakaoTemplate.status, 'APPROVE'),
        eq(kakaoChannel.status, 'APPROVE'),
      ),
    );
  return row;
};

/** An uploaded JPG (its kind proved by its bytes at upload) of at most 300 KB, the facility's or the caller's own. */
const usableImage = async (db: Executor, gymId: number, callerId: number | null, id: string) => {
  if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
  const [row] = await db
    .select({ id: file.id, gymId: file.gymId, kind: file.kind, size: file.size })
    .from(file)
    .where(
      and(
        eq(file.id, id),
        or(eq(file.gymId, gymId), and(isNull(file.gymId), eq(file.ownerMemberId, callerId ?? -1))),
      ),
    );
  if (row?.kind !== 'jpeg' || row.size > MMS_IMAGE_MAX_BYTES) return undefined;
  if (row.gymId === null)
    await db
      .update(file)
      .set({ gymId })
      .where(and(eq(file.id, id), isNull(file.gymId)));
  return row;
};

type Problems = { errors: Record<string, FieldKey>; details: Record<string, string | number> };

/** The text's own problems: characters EUC-KR cannot carry, its size, its variables, the subject. */
const textProblems = (input: ContentInput, content: string, problems: Problems) => {
  const analysis = analyzeMessage({ text: content, subject: input.subject, hasImage: !!input.imageFileId });
  if (analysis.unsupported.length > 0) {
    problems.errors.content = 'messageUnsupportedCharacters';
    // Positions in the content as typed (the frame's head comes before it in the text as sent).
    const shift = content.length - input.content.length > 0 ? content.indexOf(input.content.trim()) : 0;
    problems.details.positions = analysis.unsupported.map((u) => Math.max(0, u.index - shift)).join(',');
    problems.details.characters = analysis.unsupported.map((u) => u.char).join('');
  } else if (analysis.bytes > 2000 || (input.channel === 'KAKAO' && alimtalkTooLong(content))) {
    problems.errors.content = 'messageTooLong';
    problems.details.bytes = analysis.bytes;
  }
  const unknown = unknownVariables(content);
  if (unknown.length > 0 && !problems.errors.content) {
    problems.errors.content = 'messageUnknownVariables';
    problems.details.variables = unknown.join(',');
  }
  if (analysis.subjectUnsupported.length > 0) problems.errors.subject = 'messageUnsupportedCharacters';
  else if (analysis.subjectBytes > SUBJECT_MAX_BYTES) problems.errors.subject = 'messageTooLong';
};

/**
 * Checks the content of a send and frames an advertising one: `(광고) {facility}` first, `문의 {sender}` and
 * `무료수신거부 {080}` last, added here and never taken from the caller (docs/rules.md#messaging). `framed` is the
 * text of an earlier send (a resend), which must already carry the frame.
 */
export const prepareContent = async (
  db: Executor,
  input: ContentInput,
  callerId: number | null,
  options: { framed?: boolean } = {},
): Promise<PreparedContent> => {
  const problems: Problems = { errors: {}, details: {} };
  const settings = await messageSettingsOf(db, input.gymId);
  const sender = await approvedSender(db, input.gymId, input.senderId);
  if (input.channel === 'SMS' && !sender) problems.errors.senderId = 'messageSenderNotApproved';
  if (input.senderId !== undefined && !sender) problems.errors.senderId = 'messageSenderNotApproved';
  const template =
    input.channel === 'KAKAO' ? await approvedTemplate(db, input.gymId, input.templateId) : undefined;
  if (input.channel === 'KAKAO' && !template) problems.errors.templateId = 'messageTemplateNotApproved';
  if (input.channel === 'KAKAO' && input.advertising) problems.errors.advertising = 'messageKakaoAdvertising';
  let content = input.content;
  if (input.advertising && !options.framed) {
    const contact = sender ? printedPhone(sender.phone) : '';
    content = withAdvertisingFrame(
      input.content,
      advertisingFrame({
        gymName: settings.gymName,
        gymContact: contact,
        optOutNumber: settings.optOutNumber,
      }),
    );
  }
  if (input.advertising && !hasAdvertisingFrame(content)) problems.errors.content = 'messageAdvertisingFrame';
  if (!problems.errors.content) textProblems(input, content, problems);
  let imageFileId: string | null = null;
  if (input.imageFileId !== undefined) {
    const image =
      input.channel === 'SMS' ? await usableImage(db, input.gymId, callerId, input.imageFileId) : undefined;
    if (!image) problems.errors.imageFileId = 'messageImageInvalid';
    imageFileId = image?.id ?? null;
  }
  if (Object.keys(problems.errors).length > 0) throw badInput(problems.errors, problems.details);
  return {
    channel: input.channel,
    subject: input.subject?.trim() || null,
    content,
    advertising: input.advertising,
    sender: sender ?? null,
    template: template ?? null,
    imageFileId,
    gymName: settings.gymName,
  };
};

/** The facility's credit balance: the sum of its ledger (top-ups +, charges −, refunds +). */
export const creditBalance = async (db: Executor, gymId: number): Promise<number> => {
  const [row] = await rowsOf<{ balance: string | number }>(
    db,
    sql`select coalesce(sum(amount), 0)::bigint as balance from message_credit where gym_id = ${gymId}`,
  );
  return Number(row?.balance ?? 0);
};
