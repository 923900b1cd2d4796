import { z } from 'zod';
import { messageChannels, messageKinds } from '../rules/message.ts';
import { customerSegments } from '../rules/passes.ts';
import { idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Group messages (docs/rules.md#messaging): the sends of a facility, their recipients, the live audience count and
// the compose body. Read and sent with adMessageUseYn while the MESSAGE add-on is APPROVE.

const gymIdQuery = z.coerce.number().int().positive().max(2_147_483_647);

/** SPEC §4 send state: REQUEST sending, PROCESS done, FAIL, WAIT scheduled, CANCEL. */
export const messageSendStates = ['REQUEST', 'PROCESS', 'FAIL', 'WAIT', 'CANCEL'] as const;
export type MessageSendState = (typeof messageSendStates)[number];

/** SPEC §4 review state of a sender number, the Kakao channel and an 알림톡 template. */
export const messageReviewStates = ['REQUEST', 'APPROVE', 'DENY', 'NEED'] as const;
export type MessageReviewState = (typeof messageReviewStates)[number];

export const messageRecipientStates = [
  'QUEUED',
  'SENT',
  'DELIVERED',
  'FAILED',
  'FALLBACK',
  'EXCLUDED',
] as const;
export type MessageRecipientState = (typeof messageRecipientStates)[number];

/** Why a person of the audience gets nothing. `CANCELLED`: the send was cancelled before it reached them. */
export const messageExclusions = [
  'NO_CONSENT',
  'OPTED_OUT',
  'NIGHT',
  'NO_PHONE',
  'DUPLICATE',
  'CANCELLED',
] as const;
export type MessageExclusion = (typeof messageExclusions)[number];

export const messageOrigins = ['MANUAL', 'AUTO', 'TEST'] as const;

/** The largest audience of one send (a CSV or hand-picked list is smaller). */
export const MESSAGE_AUDIENCE_MAX = 100_000;
export const MESSAGE_CSV_MAX_LINES = 10_000;

/**
 * Who receives a send:
 * - `segment`: a tab of the member list (the same definitions and counts), with its search and trainer filter;
 * - `customers`: hand-picked customer ids;
 * - `phones`: the lines of a CSV of phones (a bad line answers 400 with `audience.phones.<line>`).
 */
export const messageAudienceSchema = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('segment'),
      segment: z.enum(customerSegments, 'invalidValue'),
      days: z.number().int().min(1).max(365).default(7),
      q: text({ max: 50 }).optional(),
      trainerMemberId: idSchema.optional(),
    }),
    z.strictObject({
      type: z.literal('customers'),
      memberIds: z.array(idSchema).min(1, 'required').max(MESSAGE_AUDIENCE_MAX, 'tooMany'),
    }),
    z.strictObject({
      type: z.literal('phones'),
      phones: z.array(z.string().max(40)).min(1, 'required').max(MESSAGE_CSV_MAX_LINES, 'tooMany'),
    }),
  ])
  .meta({ id: 'MessageAudience' });
export type MessageAudience = z.input<typeof messageAudienceSchema>;

/** What to do with people without night consent when an advertising send goes out between 21:00 and 08:00. */
export const nightChoices = ['DEFER', 'EXCLUDE'] as const;

/** The text of a send: SMS/LMS/MMS chosen from its EUC-KR bytes (docs/rules.md#messaging). */
const contentFields = {
  gymId: idSchema,
  channel: z.enum(messageChannels, 'invalidValue').default('SMS'),
  /** LMS/MMS subject, at most 40 EUC-KR bytes. */
  subject: text({ max: 40 }).optional(),
  /** The message with its variables (`#{이름}`). For advertising: the content only; the server adds the frame. */
  content: text({ min: 1, max: 2000, multiline: true }),
  advertising: z.boolean('invalidType').default(false),
  /** An APPROVE sender number of the facility (SMS channel). */
  senderId: idSchema.optional(),
  /** An APPROVE 알림톡 template (KAKAO channel): its fallback SMS/LMS goes out when the 알림톡 fails. */
  templateId: idSchema.optional(),
  /** An uploaded JPG of at most 300 KB (`/web/file` type ETC): makes an MMS. */
  imageFileId: z.string().max(100).optional(),
};

export const messageAudienceQuerySchema = z
  .strictObject({
    gymId: idSchema,
    audience: messageAudienceSchema,
    channel: z.enum(messageChannels, 'invalidValue').default('SMS'),
    advertising: z.boolean('invalidType').default(false),
    /** When it goes out (now when absent): the night rule is decided for that time. */
    scheduledAt: isoDateTime.optional(),
  })
  .meta({ id: 'MessageAudienceQuery' });

/** The live count of the compose screen: who will receive it and who is excluded, with why. */
export const messageAudienceCountSchema = z
  .object({
    /** Everyone the audience names. */
    total: z.number().int(),
    /** Those who will receive it. */
    recipients: z.number().int(),
    excluded: z.object({
      NO_CONSENT: z.number().int(),
      OPTED_OUT: z.number().int(),
      NIGHT: z.number().int(),
      NO_PHONE: z.number().int(),
      DUPLICATE: z.number().int(),
    }),
    /** True when the send would go out between 21:00 and 08:00 Seoul time and is advertising. */
    night: z.boolean(),
    /** The first recipient's variable values, for the preview. */
    sample: z.object({ name: z.string(), values: z.record(z.string(), z.string()) }).nullable(),
  })
  .meta({ id: 'MessageAudienceCount' });
export type MessageAudienceCount = z.infer<typeof messageAudienceCountSchema>;

export const messageSendCreateSchema = z
  .strictObject({
    ...contentFields,
    audience: messageAudienceSchema,
    /** Absent: now. A scheduled send must be in the future. */
    scheduledAt: isoDateTime.optional(),
    /** Needed when an advertising send falls between 21:00 and 08:00: move it to 08:00, or exclude those without night consent. */
    nightChoice: z.enum(nightChoices, 'invalidValue').optional(),
  })
  .meta({ id: 'MessageSendCreate' });
export type MessageSendCreate = z.input<typeof messageSendCreateSchema>;

/**
 * A test send to the staff member's own phone: the same content, with the values of the first recipient of
 * `audience` when it is given (the staff member's own name otherwise).
 */
export const messageTestSendSchema = z
  .strictObject({ ...contentFields, audience: messageAudienceSchema.optional() })
  .meta({ id: 'MessageTestSend' });
export type MessageTestSend = z.input<typeof messageTestSendSchema>;

export const messageSendSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    channel: z.enum(messageChannels),
    kind: z.enum(messageKinds),
    subject: z.string().nullable(),
    /** The text as sent, the advertising frame included, variables not yet filled. */
    content: z.string(),
    advertising: z.boolean(),
    senderId: z.number().int().nullable(),
    senderPhone: z.string().nullable(),
    templateId: z.number().int().nullable(),
    templateName: z.string().nullable(),
    imageFileId: z.string().nullable(),
    audience: messageAudienceSchema,
    state: z.enum(messageSendStates),
    origin: z.enum(messageOrigins),
    autoKind: z.string().nullable(),
    scheduledAt: isoDateTime,
    deferredFrom: isoDateTime.nullable(),
    finishedAt: isoDateTime.nullable(),
    unitPrice: z.number().int(),
    recipientCount: z.number().int(),
    excludedCount: z.number().int(),
    sentCount: z.number().int(),
    deliveredCount: z.number().int(),
    failedCount: z.number().int(),
    /** Won charged, net of refunds of failed messages. */
    cost: z.number().int(),
    staffMemberId: z.number().int().nullable(),
    staffName: z.string().nullable(),
    createDate: isoDateTime,
    /** Whether it can still be cancelled (WAIT, before it starts). */
    cancellable: z.boolean(),
  })
  .meta({ id: 'MessageSend' });
export type MessageSend = z.infer<typeof messageSendSchema>;

export const messageSendListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  state: z.enum(messageSendStates, 'invalidValue').optional(),
  channel: z.enum(messageChannels, 'invalidValue').optional(),
  /** Seoul dates, inclusive, of the scheduled time. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat')
    .optional(),
  staffMemberId: z.coerce.number().int().positive().optional(),
  origin: z.enum(messageOrigins, 'invalidValue').optional(),
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
});
export type MessageSendListQuery = z.input<typeof messageSendListQuerySchema>;

export const messageRecipientSchema = z
  .object({
    id: z.number().int(),
    memberId: z.number().int().nullable(),
    name: z.string().nullable(),
    /** Masked in the list (`010-****-5678`). */
    address: z.string().nullable(),
    text: z.string(),
    state: z.enum(messageRecipientStates),
    exclusion: z.enum(messageExclusions).nullable(),
    failReason: z.string().nullable(),
    /** SMS, LMS, MMS, ALIMTALK or EMAIL: what went out (an 알림톡 that fell back says LMS or SMS). */
    sentAs: z.string().nullable(),
    charge: z.number().int(),
    sentAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
  })
  .meta({ id: 'MessageRecipient' });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const messageRecipientListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  state: z.enum(messageRecipientStates, 'invalidValue').optional(),
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
});

export const messageGymActionSchema = z.strictObject({ gymId: idSchema }).meta({ id: 'MessageGymAction' });

/** The top of the sends page: the balance, the prices, whether the provider is in test mode. */
export const messageOverviewSchema = z
  .object({
    balance: z.number().int(),
    testMode: z.boolean(),
    providerName: z.string(),
    prices: z.object({
      SMS: z.number().int(),
      LMS: z.number().int(),
      MMS: z.number().int(),
      ALIMTALK: z.number().int(),
      EMAIL: z.number().int(),
    }),
    optOutNumber: z.string(),
    /** The facility's name and contact for the advertising frame. */
    gymName: z.string(),
    approvedSenders: z.array(
      z.object({ id: z.number().int(), phone: z.string(), label: z.string().nullable() }),
    ),
    kakaoConnected: z.boolean(),
    approvedTemplates: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        content: z.string(),
        fallbackText: z.string().nullable(),
      }),
    ),
    /** The signed-in staff member's own phone (the test send's destination), masked. */
    myPhone: z.string().nullable(),
  })
  .meta({ id: 'MessageOverview' });
export type MessageOverview = z.infer<typeof messageOverviewSchema>;

export const messageCreditSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['TOPUP', 'CHARGE', 'REFUND']),
    amount: z.number().int(),
    sendId: z.number().int().nullable(),
    note: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'MessageCredit' });
export type MessageCredit = z.infer<typeof messageCreditSchema>;

export const messageCreditListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
});

/** What a provider's callback changed: reports applied, or customers whose consent an opt-out withdrew. */
export const messageWebhookResultSchema = z
  .object({ changed: z.number().int() })
  .meta({ id: 'MessageWebhookResult' });
