import {
  ALIMTALK_MAX_CHARS,
  type AutoMessageKind,
  alimtalkTooLong,
  isSenderNumber,
  LMS_MAX_BYTES,
  unknownVariables,
} from '#domain/rules/message.ts';
import { analyzeMessage } from '#domain/rules/message-bytes.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type { AutoMessageParams, SenderOwner } from '#domain/schemas/message-settings.ts';

// The settings screens' mirrors of the server's checks (domain/schemas/message-settings.ts, docs/rules.md#messaging):
// the form says what is wrong before the request, with the same words the server would answer. The server decides.

/** A sender number: 8 to 11 digits, hyphens allowed. The key of the problem, or undefined when it is fine. */
export const senderNumberProblem = (raw: string | undefined): 'required' | 'invalidFormat' | undefined => {
  const value = (raw ?? '').trim();
  if (!value) return 'required';
  return isSenderNumber(value) ? undefined : 'invalidFormat';
};

/**
 * A sender number as people write it: 1588-1234 (a nationwide number), 02-555-1234 and 02-1234-5678 (Seoul),
 * 031-123-4567, 010-1234-5678; anything else as stored.
 */
export const formatSenderNumber = (value: string): string => {
  const d = digitsOnly(value);
  if (d.length === 8 && /^1[5-9]/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  if (d.length === 9 && d.startsWith('02')) return `${d.slice(0, 2)}-${d.slice(2, 5)}-${d.slice(5)}`;
  return formatPhone(value);
};

/** The second document a number needs: the employment certificate (an employee's), the power of attorney (another's). */
export const extraDocumentOf = (owner: SenderOwner): 'employment' | 'attorney' | undefined => {
  if (owner === 'EMPLOYEE') return 'employment';
  if (owner === 'OTHER') return 'attorney';
  return undefined;
};

/** A number can be sent again with new documents after DENY or NEED. */
export const canResubmit = (status: MessageReviewState): boolean => status === 'DENY' || status === 'NEED';

/** The reviewer's note is shown for DENY and NEED. */
export const showsReviewNote = (status: MessageReviewState): boolean =>
  status === 'DENY' || status === 'NEED';

export type TextProblem =
  | { key: 'required' }
  | { key: 'unknownVariable'; names: string }
  | { key: 'tooLong'; max: number }
  | { key: 'unsupported'; chars: string };

/** An 알림톡 template's body: required, at most 1,000 characters, only the known variables. */
export const templateContentProblems = (content: string): TextProblem[] => {
  if (!content.trim()) return [{ key: 'required' }];
  const problems: TextProblem[] = [];
  if (alimtalkTooLong(content)) problems.push({ key: 'tooLong', max: ALIMTALK_MAX_CHARS });
  const unknown = unknownVariables(content);
  if (unknown.length > 0) problems.push({ key: 'unknownVariable', names: unknown.join(', ') });
  return problems;
};

/**
 * An SMS/LMS text (a template's fallback, an automatic message): the known variables only, every character one
 * EUC-KR carries, at most 2,000 bytes. `required` for an automatic message's text; a fallback may be empty.
 */
export const smsTextProblems = (text: string, required: boolean): TextProblem[] => {
  if (!text.trim()) return required ? [{ key: 'required' }] : [];
  const analysis = analyzeMessage({ text });
  const problems: TextProblem[] = [];
  if (analysis.tooLong) problems.push({ key: 'tooLong', max: LMS_MAX_BYTES });
  if (analysis.unsupported.length > 0)
    problems.push({
      key: 'unsupported',
      chars: [...new Set(analysis.unsupported.map((u) => u.char))].join(' '),
    });
  const unknown = unknownVariables(text);
  if (unknown.length > 0) problems.push({ key: 'unknownVariable', names: unknown.join(', ') });
  return problems;
};

export type AutoParamField = keyof AutoMessageParams;

/** Each number's bounds, as the server's schema has them. */
export const AUTO_PARAM_BOUNDS: Record<AutoParamField, { min: number; max: number }> = {
  afterDays: { min: 1, max: 365 },
  everyDays: { min: 1, max: 365 },
  maxTimes: { min: 1, max: 30 },
  hoursBefore: { min: 1, max: 72 },
  days: { min: 1, max: 365 },
};

/** The numbers a kind has: UNPAID's three, the reminder's hours, the no-visit days; none for the others. */
export const autoParamFields = (kind: AutoMessageKind): AutoParamField[] => {
  if (kind === 'UNPAID') return ['afterDays', 'everyDays', 'maxTimes'];
  if (kind === 'BOOKING_REMINDER') return ['hoursBefore'];
  if (kind === 'NO_VISIT') return ['days'];
  return [];
};

/** Whether the send hour applies: not for the notices sent at once, nor the reminder (hours before the lesson). */
export const usesSendHour = (kind: AutoMessageKind, eventDriven: boolean): boolean =>
  !eventDriven && kind !== 'BOOKING_REMINDER';

/** The numbers of a kind that are missing or out of bounds, each with its bounds. */
export const autoParamProblems = (
  kind: AutoMessageKind,
  params: AutoMessageParams,
): { field: AutoParamField; min: number; max: number }[] =>
  autoParamFields(kind).flatMap((field) => {
    const value = params[field];
    const { min, max } = AUTO_PARAM_BOUNDS[field];
    const ok = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
    return ok ? [] : [{ field, min, max }];
  });

/** Only a kind's own numbers go to the server. */
export const paramsFor = (kind: AutoMessageKind, params: AutoMessageParams): AutoMessageParams =>
  Object.fromEntries(
    autoParamFields(kind).flatMap((field) => (params[field] === undefined ? [] : [[field, params[field]]])),
  );

/** The send hour as a Seoul time of day: 9 → "09:00". */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
