import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { addDays, SEOUL, seoulDayStartUtc, seoulToday } from './seoul-time.ts';

// The messaging rules (docs/rules.md#messaging): sizes in EUC-KR bytes, the message kinds, the variables, the
// advertising frame of 정보통신망법 제50조, the night window, consent renewal, prices and phone numbers. Pure
// functions shared by the compose screen (live byte count) and the server (the check before sending).

dayjs.extend(utc);
dayjs.extend(timezone);

// ---------------------------------------------------------------------------------------------------------
// Sizes and kinds

/** An SMS holds 90 bytes: 45 Korean characters or 90 ASCII ones (docs/rules.md#messaging). */
export const SMS_MAX_BYTES = 90;
/** An LMS or MMS holds 2,000 bytes of text. */
export const LMS_MAX_BYTES = 2000;
/** The subject of an LMS or MMS (an SMS has none). */
export const SUBJECT_MAX_BYTES = 40;
/** An MMS image is a JPG of at most 300 KB. */
export const MMS_IMAGE_MAX_BYTES = 300 * 1024;
/** An 알림톡 holds 1,000 characters (characters, not bytes: Kakao counts in Unicode). */
export const ALIMTALK_MAX_CHARS = 1000;

export const messageKinds = ['SMS', 'LMS', 'MMS'] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageChannels = ['SMS', 'KAKAO', 'EMAIL'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** Whether an 알림톡's text is over 1,000 characters (code points: an emoji is one). */
export const alimtalkTooLong = (text: string): boolean => [...text].length > ALIMTALK_MAX_CHARS;

// ---------------------------------------------------------------------------------------------------------
// Variables

/**
 * The variables a text may hold, written `#{이름}` (docs/rules.md#messaging). Values come in already printed:
 * 종료일 as YYYY-MM-DD, 잔여횟수 and 미수금 as numbers with thousands separators and no unit (the text writes 회 and 원).
 */
export const messageVariables = ['이름', '시설명', '이용권', '종료일', '잔여횟수', '미수금'] as const;
export type MessageVariable = (typeof messageVariables)[number];

const VARIABLE = /#\{([^{}\n]*)\}/g;

const isMessageVariable = (name: string): name is MessageVariable =>
  (messageVariables as readonly string[]).includes(name);

/** Every name written `#{…}` in a text, trimmed, each once, in order. */
const variableNames = (text: string): string[] => [
  ...new Set([...text.matchAll(VARIABLE)].map((m) => (m[1] ?? '').trim())),
];

/** Variables are written #{이름}. The unknown names found in a text (`#{나이}` → '나이'), each once, in order. */
export const unknownVariables = (text: string): string[] =>
  variableNames(text).filter((n) => !isMessageVariable(n));

/** The known variables a text uses, each once, in order. */
export const usedVariables = (text: string): MessageVariable[] =>
  variableNames(text).filter(isMessageVariable);

/**
 * Replaces each known `#{var}` with its value ('' when missing). An unknown name stays as written, so the preview
 * shows it; `unknownVariables` refuses the send.
 */
export const renderMessage = (text: string, values: Partial<Record<MessageVariable, string>>): string =>
  text.replace(VARIABLE, (written, raw: string) => {
    const name = raw.trim();
    return isMessageVariable(name) ? (values[name] ?? '') : written;
  });

// ---------------------------------------------------------------------------------------------------------
// Advertising (정보통신망법 제50조)

export const ADVERTISING_MARK = '(광고)';
export const OPT_OUT_LABEL = '무료수신거부';

/** The platform's opt-out number until the operator sets its own (no migration writes one). */
export const DEFAULT_OPT_OUT_NUMBER = '080-000-0000';

/** A free opt-out number: 080, then 7 or 8 digits, hyphens optional (080-123-4567, 0801234567). */
export const isOptOutNumber = (raw: string): boolean => /^080-?\d{3,4}-?\d{4}$/.test(raw.trim());

const OPT_OUT_LINE = /^무료수신거부 080-?\d{3,4}-?\d{4}$/;

/**
 * The advertising frame (docs/rules.md#messaging), in this exact format, lines joined by '\n':
 *
 *     (광고) {gymName}
 *     {content}
 *     문의 {gymContact}
 *     무료수신거부 {optOutNumber}
 *
 * `head` is the first line, `tail` the last two. Values are trimmed and otherwise kept as written.
 */
export const advertisingFrame = (input: {
  gymName: string;
  gymContact: string;
  optOutNumber: string;
}): { head: string; tail: string } => ({
  head: `${ADVERTISING_MARK} ${input.gymName.trim()}`,
  tail: `문의 ${input.gymContact.trim()}\n${OPT_OUT_LABEL} ${input.optOutNumber.trim()}`,
});

/** The content inside the frame; blank lines around the content are dropped. */
export const withAdvertisingFrame = (content: string, frame: { head: string; tail: string }): string =>
  `${frame.head}\n${content.trim()}\n${frame.tail}`;

/**
 * Whether a full text carries the frame: it starts with exactly `(광고)` (nothing before it) and its last line is
 * the opt-out line `무료수신거부 080-...` (trailing blanks ignored).
 */
export const hasAdvertisingFrame = (text: string): boolean => {
  if (!text.startsWith(ADVERTISING_MARK)) return false;
  const lines = text.trimEnd().split('\n');
  return OPT_OUT_LINE.test((lines[lines.length - 1] ?? '').trim());
};

// ---------------------------------------------------------------------------------------------------------
// The night window and consent

/** The night window starts at 21:00 and ends at 08:00, Seoul time. */
export const NIGHT_START_HOUR = 21;
export const NIGHT_END_HOUR = 8;

/** 21:00:00 ≤ Seoul time < 08:00:00: advertising then needs a separate night consent (docs/rules.md#messaging). */
export const isNightTime = (at: Date): boolean => {
  const hour = dayjs(at).tz(SEOUL).hour();
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
};

/** The next 08:00 Seoul time at or after `at` (for deferring a night advertising send). */
export const nextMorning = (at: Date): Date => {
  const today = seoulToday(at);
  const morning = dayjs.tz(`${today} 08:00`, SEOUL);
  return (
    morning.valueOf() >= at.getTime() ? morning : dayjs.tz(`${addDays(today, 1)} 08:00`, SEOUL)
  ).toDate();
};

/** When an advertising send to a recipient without night consent may go: now by day, else the next 08:00. */
export const advertisingSendAt = (at: Date): Date => (isNightTime(at) ? nextMorning(at) : at);

/** How often an advertising consent is re-confirmed (정보통신망법 시행령 제62조의3). */
export const CONSENT_RENEWAL_YEARS = 2;

/**
 * The Seoul date a consent given at `givenAt` must be re-confirmed on: the same date two years later. A consent
 * of 29 February falls due on 28 February, the earlier reading, so the renewal is never late.
 */
export const consentRenewalDueDate = (givenAt: Date): string =>
  dayjs.utc(seoulToday(givenAt)).add(CONSENT_RENEWAL_YEARS, 'year').format('YYYY-MM-DD');

/** The due instant of a consent's renewal: 00:00 KST of `consentRenewalDueDate` (docs/rules.md#messaging). */
export const consentRenewalDue = (givenAt: Date): Date => seoulDayStartUtc(consentRenewalDueDate(givenAt));

// ---------------------------------------------------------------------------------------------------------
// Prices

/** Price per message in won, by what is charged. */
export type MessagePrices = Record<'SMS' | 'LMS' | 'MMS' | 'ALIMTALK' | 'EMAIL', number>;

export const DEFAULT_MESSAGE_PRICES: MessagePrices = { SMS: 20, LMS: 50, MMS: 150, ALIMTALK: 15, EMAIL: 1 };

/** What a send is charged as: its kind on the SMS channel, ALIMTALK on Kakao, EMAIL by mail. */
export const pricedAs = (channel: MessageChannel, kind: MessageKind): keyof MessagePrices =>
  channel === 'SMS' ? kind : channel === 'KAKAO' ? 'ALIMTALK' : 'EMAIL';

/** Cost in won: price per kind × recipients (whole recipients, never negative). */
export const sendCost = (prices: MessagePrices, priced: keyof MessagePrices, recipients: number): number =>
  prices[priced] * Math.max(0, Math.trunc(recipients));

// ---------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * A Korean mobile number from a CSV audience, as digits (docs/rules.md#messaging): spaces, hyphens, dots and
 * brackets go, a leading +82 / 82 becomes 0; then 010 and 8 digits, or 011/016/017/018/019 and 7 or 8 digits.
 * Anything else (letters, a landline, a short number) is null.
 */
export const normalizeMobile = (raw: string): string | null => {
  const stripped = raw.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(stripped)) return null;
  const digits = stripped.replace(/^\+?82(?=1)/, '0').replace(/^\+/, '');
  return /^010\d{8}$/.test(digits) || /^01[16789]\d{7,8}$/.test(digits) ? digits : null;
};

/** A sender number is 8 to 11 digits (DOMAIN "Sender numbers"); digits only after removing '-'. */
export const isSenderNumber = (raw: string): boolean => /^\d{8,11}$/.test(raw.trim().replace(/-/g, ''));

// ---------------------------------------------------------------------------------------------------------
// Automatic messages

/** The messages the server sends by itself (docs/rules.md#messaging). */
export const autoMessageKinds = [
  /** 7 days before a pass ends. */
  'PASS_END_7',
  /** The day before a pass ends. */
  'PASS_END_1',
  /** A count pass is down to its last sessions. */
  'SESSIONS_LOW',
  /** A hold ends and the pass runs again. */
  'HOLD_END',
  /** The customer owes a balance. */
  'UNPAID',
  /** A reservation is confirmed. */
  'BOOKING_CONFIRMED',
  /** A reservation is about to start. */
  'BOOKING_REMINDER',
  /** A reservation is cancelled. */
  'BOOKING_CANCELLED',
  /** A place freed up and the waitlisted customer is in. */
  'WAITLIST_PROMOTED',
  /** A locker rental is about to end. */
  'LOCKER_END',
  /** The customer has not come in for a while (a win-back). */
  'NO_VISIT',
  /** The customer's birthday. */
  'BIRTHDAY',
] as const;
export type AutoMessageKind = (typeof autoMessageKinds)[number];

/**
 * Which automatic messages are advertising (consent, frame, night window). The notices of the customer's own
 * pass, reservation, locker and balance are informational: they tell the customer about a contract in force.
 * NO_VISIT invites a lapsed customer back, which is promoting the service; BIRTHDAY is a greeting a business sends
 * to keep the customer, and the 방송통신위원회's guide counts such greetings (holidays, birthdays) as advertising.
 * Both are advertising: sent only to consenting customers, framed, and never at night without night consent.
 */
export const autoMessageIsAdvertising: Record<AutoMessageKind, boolean> = {
  PASS_END_7: false,
  PASS_END_1: false,
  SESSIONS_LOW: false,
  HOLD_END: false,
  UNPAID: false,
  BOOKING_CONFIRMED: false,
  BOOKING_REMINDER: false,
  BOOKING_CANCELLED: false,
  WAITLIST_PROMOTED: false,
  LOCKER_END: false,
  NO_VISIT: true,
  BIRTHDAY: true,
};

/**
 * The default texts, which a facility may edit. Informational ones start with the facility's name in brackets;
 * advertising ones get the frame when sent (`withAdvertisingFrame`), so they carry no name line of their own.
 */
export const DEFAULT_AUTO_TEXTS: Record<AutoMessageKind, { ko: string }> = {
  PASS_END_7: { ko: '[#{시설명}] #{이름}님, #{이용권} 이용권이 7일 뒤(#{종료일}) 종료됩니다.' },
  PASS_END_1: { ko: '[#{시설명}] #{이름}님, #{이용권} 이용권이 내일(#{종료일}) 종료됩니다.' },
  SESSIONS_LOW: { ko: '[#{시설명}] #{이름}님, #{이용권} 이용권의 잔여 횟수가 #{잔여횟수}회 남았습니다.' },
  HOLD_END: {
    ko: '[#{시설명}] #{이름}님, #{이용권} 이용권의 정지가 끝나 다시 이용하실 수 있습니다. 종료일은 #{종료일}입니다.',
  },
  UNPAID: { ko: '[#{시설명}] #{이름}님, 미수금 #{미수금}원이 있습니다. 방문하실 때 확인 부탁드립니다.' },
  BOOKING_CONFIRMED: { ko: '[#{시설명}] #{이름}님, 예약이 확정되었습니다.' },
  BOOKING_REMINDER: { ko: '[#{시설명}] #{이름}님, 예약하신 수업이 곧 시작됩니다.' },
  BOOKING_CANCELLED: { ko: '[#{시설명}] #{이름}님, 예약이 취소되었습니다.' },
  WAITLIST_PROMOTED: { ko: '[#{시설명}] #{이름}님, 대기하신 수업에 자리가 나 예약이 확정되었습니다.' },
  LOCKER_END: { ko: '[#{시설명}] #{이름}님, 락커 이용이 #{종료일}에 종료됩니다.' },
  NO_VISIT: { ko: '#{이름}님, 요즘 #{시설명}에서 뵙기 어려웠네요. 다시 함께 운동해요!' },
  BIRTHDAY: { ko: '#{이름}님, 생일을 진심으로 축하드립니다! #{시설명} 드림' },
};
