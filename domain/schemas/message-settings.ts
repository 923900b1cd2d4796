import { z } from 'zod';
import { ALIMTALK_MAX_CHARS, autoMessageKinds, isOptOutNumber, isSenderNumber } from '../rules/message.ts';
import { idSchema, isoDateTime } from './common.ts';
import { consentChannels, consentInputSources, consentSources, consentValuesSchema } from './consent.ts';
import { messageReviewStates } from './message.ts';
import { text } from './text.ts';

export {
  type ConsentChannel,
  consentChannels,
  consentInputSources,
  consentSources,
  consentValuesSchema,
} from './consent.ts';

// The messaging settings (docs/rules.md#messaging): sender numbers, the Kakao channel and its 알림톡 templates,
// the automatic messages, the operator's reviews, prices and credits, and each customer's marketing consents.
// Read with adMessageUseYn, changed with adMessageSettingYn (no add-on needed); the operator's under /platform.

const gymIdQuery = z.coerce.number().int().positive().max(2_147_483_647);
const pageFields = {
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
};

/** `?gymId=`: the facility a settings route works in. */
export const messageSettingsGymQuerySchema = z.strictObject({ gymId: gymIdQuery });
export const messageSettingsGymBodySchema = z
  .strictObject({ gymId: idSchema })
  .meta({ id: 'MessageSettingsGym' });

/**
 * An uploaded document (`POST /web/file/upload?type=ETC`): its URL (`/web/file/<id>`) or its id. It must be the
 * caller's own upload not yet taken by a facility, or a file this facility holds: anything else is 400
 * `documentNotUploaded` on the field.
 */
const documentRef = text({ max: 200 });

// ---------------------------------------------------------------------------------------------------------
// The provider

/**
 * What the settings pages say of the configured provider, with or without the MESSAGE add-on: in test mode
 * nothing is delivered, and every messaging screen says 테스트 모드 (docs/operations.md#messaging-providers).
 */
export const messageSettingsStatusSchema = z
  .object({
    /** The provider records and delivers nothing. */
    testMode: z.boolean(),
    providerName: z.string(),
  })
  .meta({ id: 'MessageSettingsStatus' });
export type MessageSettingsStatus = z.infer<typeof messageSettingsStatusSchema>;

// ---------------------------------------------------------------------------------------------------------
// Sender numbers

/** Whose number it is: the facility's own, an employee's (employment certificate), someone else's (power of attorney). */
export const senderOwners = ['GYM', 'EMPLOYEE', 'OTHER'] as const;
export type SenderOwner = (typeof senderOwners)[number];

/** 8 to 11 digits, hyphens allowed (`isSenderNumber`); stored as digits. */
export const senderNumberField = text({ max: 20 })
  .refine(isSenderNumber, 'invalidFormat')
  .transform((value) => value.replace(/-/g, ''))
  .meta({ example: '02-1234-5678' });

export const messageSenderSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    /** Digits only. */
    phone: z.string(),
    label: z.string().nullable(),
    owner: z.enum(senderOwners),
    /** `/web/file/<id>` of the 통신서비스 이용증명원. */
    proofFileUrl: z.string().nullable(),
    /** `/web/file/<id>` of the employment certificate (EMPLOYEE) or the power of attorney (OTHER). */
    extraFileUrl: z.string().nullable(),
    status: z.enum(messageReviewStates),
    reviewNote: z.string().nullable(),
    reviewedAt: isoDateTime.nullable(),
    createDate: isoDateTime,
    /** Whether a scheduled (WAIT) send uses it: it cannot be deleted then. */
    inUse: z.boolean(),
  })
  .meta({ id: 'MessageSender' });
export type MessageSender = z.infer<typeof messageSenderSchema>;

/** The operator's list row: the number and its facility. */
export const platformMessageSenderSchema = messageSenderSchema
  .extend({ gymName: z.string() })
  .meta({ id: 'PlatformMessageSender' });
export type PlatformMessageSender = z.infer<typeof platformMessageSenderSchema>;

const needsExtraFile = (owner: SenderOwner | undefined) => owner === 'EMPLOYEE' || owner === 'OTHER';

/**
 * Registers a number for review (state REQUEST). The proof file is required; EMPLOYEE and OTHER also need the
 * extra document (`extraFile` 400 `required`).
 */
export const messageSenderCreateSchema = z
  .strictObject({
    gymId: idSchema,
    phone: senderNumberField,
    label: text({ max: 50 }).optional(),
    owner: z.enum(senderOwners, 'invalidValue').default('GYM'),
    proofFile: documentRef.min(1, 'required'),
    extraFile: documentRef.optional(),
  })
  .superRefine((value, ctx) => {
    if (needsExtraFile(value.owner) && !value.extraFile)
      ctx.addIssue({ code: 'custom', path: ['extraFile'], message: 'required' });
  })
  .meta({ id: 'MessageSenderCreate' });
export type MessageSenderCreate = z.input<typeof messageSenderCreateSchema>;

/** After DENY or NEED: new documents, back to REQUEST. Another state answers 409 `illegalTransition`. */
export const messageSenderResubmitSchema = z
  .strictObject({
    gymId: idSchema,
    label: text({ max: 50 }).optional(),
    proofFile: documentRef.min(1, 'required'),
    extraFile: documentRef.optional(),
  })
  .meta({ id: 'MessageSenderResubmit' });
export type MessageSenderResubmit = z.input<typeof messageSenderResubmitSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reviews (the operator's, for sender numbers and, standing in for Kakao's in test mode, templates)

export const reviewDecisions = ['APPROVE', 'DENY', 'NEED'] as const;

/** APPROVE, or DENY / NEED with the note the facility reads (`note` 400 `required` without it). */
export const messageReviewSchema = z
  .strictObject({
    status: z.enum(reviewDecisions, 'invalidValue'),
    note: text({ max: 500, multiline: true }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'APPROVE' && !value.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'required' });
  })
  .meta({ id: 'MessageReview' });
export type MessageReview = z.input<typeof messageReviewSchema>;

export const platformReviewListQuerySchema = z.strictObject({
  status: z.enum(messageReviewStates, 'invalidValue').optional(),
  gymId: gymIdQuery.optional(),
  ...pageFields,
});
export type PlatformReviewListQuery = z.input<typeof platformReviewListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// The Kakao channel and its templates

/** The channel's search id as Kakao shows it: `@` and 1 to 30 letters, digits, Hangul, `.`, `_` or `-`. */
export const kakaoSearchIdField = text({ max: 31 })
  .regex(/^@[\p{L}\p{N}._-]{1,30}$/u, 'invalidFormat')
  .meta({ example: '@fitdesk' });

export const kakaoChannelSchema = z
  .object({
    /** A channel is connected: the 알림톡 templates and the automatic messages may use it. */
    connected: z.boolean(),
    searchId: z.string().nullable(),
    /** The provider's profile key, masked but its last 4 characters. */
    profileKey: z.string().nullable(),
    connectedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'KakaoChannel' });
export type KakaoChannel = z.infer<typeof kakaoChannelSchema>;

export const kakaoChannelConnectSchema = z
  .strictObject({
    gymId: idSchema,
    searchId: kakaoSearchIdField,
    profileKey: text({ min: 1, max: 100 }).regex(/^[A-Za-z0-9_-]+$/, 'invalidFormat'),
  })
  .meta({ id: 'KakaoChannelConnect' });
export type KakaoChannelConnect = z.input<typeof kakaoChannelConnectSchema>;

export const kakaoTemplateSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    /** The provider's template code. */
    code: z.string(),
    name: z.string(),
    content: z.string(),
    fallbackText: z.string().nullable(),
    status: z.enum(messageReviewStates),
    reviewNote: z.string().nullable(),
    reviewedAt: isoDateTime.nullable(),
    createDate: isoDateTime,
    /** Editable while not APPROVE. */
    editable: z.boolean(),
  })
  .meta({ id: 'KakaoTemplate' });
export type KakaoTemplate = z.infer<typeof kakaoTemplateSchema>;

export const platformKakaoTemplateSchema = kakaoTemplateSchema
  .extend({ gymName: z.string(), searchId: z.string().nullable() })
  .meta({ id: 'PlatformKakaoTemplate' });

/**
 * A template's text: at most 1,000 characters with the message variables (`#{이름}`…); an unknown variable is 400
 * `messageUnknownVariable` on `content` (or `fallbackText`). The fallback SMS/LMS text is checked with
 * `analyzeMessage`: a character EUC-KR cannot carry is 400 `messageUnsupportedCharacter`, over 2,000 bytes
 * `messageTooLong`.
 */
const templateFields = {
  name: text({ min: 1, max: 50 }),
  content: text({ min: 1, max: ALIMTALK_MAX_CHARS, multiline: true }),
  fallbackText: text({ max: 2000, multiline: true }).nullable().optional(),
};

/** A new template goes to review at once (REQUEST). */
export const kakaoTemplateCreateSchema = z
  .strictObject({ gymId: idSchema, ...templateFields })
  .meta({ id: 'KakaoTemplateCreate' });
export type KakaoTemplateCreate = z.input<typeof kakaoTemplateCreateSchema>;

/** Edits a template while not APPROVE (409 `messageTemplateApproved`); its state stays. */
export const kakaoTemplateUpdateSchema = z
  .strictObject({ gymId: idSchema, ...templateFields })
  .meta({ id: 'KakaoTemplateUpdate' });
export type KakaoTemplateUpdate = z.input<typeof kakaoTemplateUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Automatic messages

export const autoMessageKindSchema = z.enum(autoMessageKinds, 'invalidValue');

/** The kinds sent when the schedule writes the event, not at the send hour. */
export const eventDrivenAutoKinds = [
  'BOOKING_CONFIRMED',
  'BOOKING_CANCELLED',
  'WAITLIST_PROMOTED',
] as const satisfies readonly (typeof autoMessageKinds)[number][];

/**
 * A kind's numbers. UNPAID: first after `afterDays` days, then every `everyDays`, at most `maxTimes`;
 * BOOKING_REMINDER: `hoursBefore` the lesson; NO_VISIT: after `days` without a visit.
 */
export const autoMessageParamsSchema = z
  .strictObject({
    afterDays: z.number().int().min(1).max(365).optional(),
    everyDays: z.number().int().min(1).max(365).optional(),
    maxTimes: z.number().int().min(1).max(30).optional(),
    hoursBefore: z.number().int().min(1).max(72).optional(),
    days: z.number().int().min(1).max(365).optional(),
  })
  .meta({ id: 'AutoMessageParams' });
export type AutoMessageParams = z.infer<typeof autoMessageParamsSchema>;

/** The defaults of each kind's numbers. */
export const DEFAULT_AUTO_PARAMS: Readonly<
  Partial<Record<(typeof autoMessageKinds)[number], AutoMessageParams>>
> = {
  UNPAID: { afterDays: 3, everyDays: 7, maxTimes: 3 },
  BOOKING_REMINDER: { hoursBefore: 3 },
  NO_VISIT: { days: 14 },
};
export const DEFAULT_AUTO_SEND_HOUR = 10;

export const autoMessageSettingSchema = z
  .object({
    kind: z.enum(autoMessageKinds),
    enabled: z.boolean(),
    /** The SMS/LMS text (the default `DEFAULT_AUTO_TEXTS` until saved). */
    text: z.string(),
    /** An APPROVE template of the facility, used while the channel is connected. */
    templateId: z.number().int().nullable(),
    templateName: z.string().nullable(),
    /** Seoul hour 0–23 of the day's messages (the event-driven booking notices go out at once). */
    sendHour: z.number().int(),
    params: autoMessageParamsSchema,
    /** `autoMessageIsAdvertising`: only consenting customers, the frame, the night rule. */
    advertising: z.boolean(),
    eventDriven: z.boolean(),
    /** False while the facility has not saved this kind (the values are the defaults). */
    saved: z.boolean(),
  })
  .meta({ id: 'AutoMessageSetting' });
export type AutoMessageSetting = z.infer<typeof autoMessageSettingSchema>;

/** `PUT /message/auto/{kind}`: one kind's settings; the text is checked like a template's fallback. */
export const autoMessageUpdateSchema = z
  .strictObject({
    gymId: idSchema,
    enabled: z.boolean('invalidType'),
    text: text({ min: 1, max: 2000, multiline: true }),
    templateId: idSchema.nullable().optional(),
    sendHour: z.number('invalidType').int().min(0).max(23),
    params: autoMessageParamsSchema.default({}),
  })
  .meta({ id: 'AutoMessageUpdate' });
export type AutoMessageUpdate = z.input<typeof autoMessageUpdateSchema>;

export const autoKindParamsSchema = z.object({ kind: autoMessageKindSchema });

// ---------------------------------------------------------------------------------------------------------
// Customer consents

/** Marketing consent per channel, and NIGHT: advertising between 21:00 and 08:00. */
export const consentChannelStateSchema = z
  .object({
    channel: z.enum(consentChannels),
    /** False also when never asked (`at` null). */
    agreed: z.boolean(),
    source: z.enum(consentSources).nullable(),
    at: isoDateTime.nullable(),
    /** The last informational notice of what was agreed; re-confirmed every 2 years. */
    confirmedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ConsentChannelState' });

export const consentEventSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(consentChannels),
    agreed: z.boolean(),
    source: z.enum(consentSources),
    at: isoDateTime,
    byMemberId: z.number().int().nullable(),
    byName: z.string().nullable(),
  })
  .meta({ id: 'ConsentEvent' });

export const customerConsentSchema = z
  .object({
    memberId: z.number().int(),
    /** The four channels in `consentChannels` order. */
    channels: z.array(consentChannelStateSchema),
    /** Every consent given or withdrawn, newest first (at most 200). */
    history: z.array(consentEventSchema),
  })
  .meta({ id: 'CustomerConsent' });
export type CustomerConsent = z.infer<typeof customerConsentSchema>;

/** Gives or withdraws some channels (at least one; a channel already in that state writes nothing). */
export const customerConsentUpdateSchema = z
  .strictObject({
    source: z.enum(consentInputSources, 'invalidValue'),
    consents: consentValuesSchema.refine((v) => Object.values(v).some((x) => x !== undefined), 'required'),
  })
  .meta({ id: 'CustomerConsentUpdate' });
export type CustomerConsentUpdate = z.input<typeof customerConsentUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// The operator: prices, the opt-out number, credits

const price = z.number('invalidType').int().min(0).max(10_000);

export const messagePlatformSettingsSchema = z
  .object({
    prices: z.object({
      SMS: z.number().int(),
      LMS: z.number().int(),
      MMS: z.number().int(),
      ALIMTALK: z.number().int(),
      EMAIL: z.number().int(),
    }),
    optOutNumber: z.string(),
  })
  .meta({ id: 'MessagePlatformSettings' });
export type MessagePlatformSettings = z.infer<typeof messagePlatformSettingsSchema>;

export const messagePlatformSettingsUpdateSchema = z
  .strictObject({
    prices: z.strictObject({ SMS: price, LMS: price, MMS: price, ALIMTALK: price, EMAIL: price }),
    optOutNumber: text({ max: 20 }).refine(isOptOutNumber, 'invalidFormat'),
  })
  .meta({ id: 'MessagePlatformSettingsUpdate' });
export type MessagePlatformSettingsUpdate = z.input<typeof messagePlatformSettingsUpdateSchema>;

/** A top-up (until platform billing): a TOPUP row of the facility's ledger, with its note. */
export const messageCreditTopupSchema = z
  .strictObject({
    gymId: idSchema,
    amount: z.number('invalidType').int('wholeWon').min(1, 'positiveAmount').max(100_000_000, 'tooLarge'),
    note: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'MessageCreditTopup' });
export type MessageCreditTopup = z.input<typeof messageCreditTopupSchema>;

export const messageCreditTopupResultSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    amount: z.number().int(),
    balance: z.number().int(),
  })
  .meta({ id: 'MessageCreditTopupResult' });
