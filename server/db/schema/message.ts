import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { file } from './file.ts';
import { member } from './member.ts';

// Messaging (docs/rules.md#messaging): group sends to customers, their recipients, the facility's sender numbers and
// Kakao channel, prepaid credits, the automatic messages, and each customer's marketing consents.

/** SPEC §4 review state of a sender number, a Kakao channel or an 알림톡 template. */
export type MessageReview = 'REQUEST' | 'APPROVE' | 'DENY' | 'NEED';
/** SPEC §4 send state: REQUEST sending, PROCESS done, FAIL, WAIT scheduled, CANCEL. */
export type MessageSendState = 'REQUEST' | 'PROCESS' | 'FAIL' | 'WAIT' | 'CANCEL';
export type MessageRecipientState = 'QUEUED' | 'SENT' | 'DELIVERED' | 'FAILED' | 'FALLBACK' | 'EXCLUDED';
export type MessageExclusion = 'NO_CONSENT' | 'OPTED_OUT' | 'NIGHT' | 'NO_PHONE' | 'DUPLICATE' | 'CANCELLED';
export type ConsentSource = 'DESK' | 'CONSULT' | 'IMPORT' | 'MEMBER' | 'OPT_OUT' | 'RENEWAL';

const reviewCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('REQUEST', 'APPROVE', 'DENY', 'NEED')`);

/**
 * A facility's sender number (발신번호 사전등록): 8–11 digits with its proof documents, reviewed by the operator.
 * Only an APPROVE number sends.
 */
export const messageSender = pgTable(
  'message_sender',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    /** Digits only. */
    phone: text().notNull(),
    label: text(),
    /** Whose number it is: the facility's own, an employee's, or someone else's (a power of attorney). */
    owner: text().$type<'GYM' | 'EMPLOYEE' | 'OTHER'>().notNull().default('GYM'),
    /** 통신서비스 이용증명원. */
    proofFileId: text().references(() => file.id, { onDelete: 'set null' }),
    /** An employment certificate (EMPLOYEE) or a power of attorney (OTHER). */
    extraFileId: text().references(() => file.id, { onDelete: 'set null' }),
    status: text().$type<MessageReview>().notNull().default('REQUEST'),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('message_sender_gym_phone_idx').on(t.gymId, t.phone),
    index('message_sender_status_idx').on(t.status, t.id),
    reviewCheck('message_sender_status_check', t.status),
    check('message_sender_owner_check', sql`${t.owner} in ('GYM', 'EMPLOYEE', 'OTHER')`),
  ],
);

/** The facility's Kakao channel: its search id and the provider's profile key (one per facility). */
export const kakaoChannel = pgTable(
  'kakao_channel',
  {
    gymId: integer().primaryKey(),
    searchId: text().notNull(),
    profileKey: text().notNull(),
    status: text().$type<MessageReview>().notNull().default('REQUEST'),
    reviewNote: text(),
    connectedAt: timestamp({ withTimezone: true }),
    createDate: created(),
  },
  (t) => [reviewCheck('kakao_channel_status_check', t.status)],
);

/** An 알림톡 template, reviewed by Kakao; each has a fallback SMS/LMS text. */
export const kakaoTemplate = pgTable(
  'kakao_template',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    /** The provider's template code. */
    code: text().notNull(),
    name: text().notNull(),
    content: text().notNull(),
    fallbackText: text(),
    status: text().$type<MessageReview>().notNull().default('REQUEST'),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('kakao_template_gym_code_idx').on(t.gymId, t.code),
    reviewCheck('kakao_template_status_check', t.status),
  ],
);

/**
 * A send: one message to many (or one automatic message, or a test send). Counts are kept on the row as recipients
 * change state, so the list reads one row per send.
 */
export const messageSend = pgTable(
  'message_send',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    channel: text().$type<'SMS' | 'KAKAO' | 'EMAIL'>().notNull(),
    kind: text().$type<'SMS' | 'LMS' | 'MMS'>().notNull(),
    subject: text(),
    /** The text as composed, with its variables (`#{이름}`) and, for advertising, the locked frame. */
    content: text().notNull(),
    advertising: boolean().notNull().default(false),
    senderId: integer().references(() => messageSender.id, { onDelete: 'restrict' }),
    templateId: integer().references(() => kakaoTemplate.id, { onDelete: 'restrict' }),
    imageFileId: text().references(() => file.id, { onDelete: 'set null' }),
    /** How the audience was chosen (segment, filter, picked ids, CSV), for the detail page. */
    audience: jsonb().notNull(),
    state: text().$type<MessageSendState>().notNull(),
    /** MANUAL compose, AUTO (an automatic message, `autoKind`), TEST (to the staff member's own phone). */
    origin: text().$type<'MANUAL' | 'AUTO' | 'TEST'>().notNull().default('MANUAL'),
    autoKind: text(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when a night-time advertising send was moved to 08:00 after asking. */
    deferredFrom: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    unitPrice: integer().notNull(),
    recipientCount: integer().notNull().default(0),
    excludedCount: integer().notNull().default(0),
    sentCount: integer().notNull().default(0),
    deliveredCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    /** Won charged, net of refunds. */
    cost: integer().notNull().default(0),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('message_send_gym_idx').on(t.gymId, t.id),
    index('message_send_gym_scheduled_idx').on(t.gymId, t.scheduledAt),
    check('message_send_state_check', sql`${t.state} in ('REQUEST', 'PROCESS', 'FAIL', 'WAIT', 'CANCEL')`),
    check('message_send_channel_check', sql`${t.channel} in ('SMS', 'KAKAO', 'EMAIL')`),
    check('message_send_kind_check', sql`${t.kind} in ('SMS', 'LMS', 'MMS')`),
    check('message_send_origin_check', sql`${t.origin} in ('MANUAL', 'AUTO', 'TEST')`),
  ],
);

/** One person of a send: the rendered text, the state, or why they were excluded. */
export const messageRecipient = pgTable(
  'message_recipient',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: integer()
      .notNull()
      .references(() => messageSend.id, { onDelete: 'cascade' }),
    gymId: integer().notNull(),
    memberId: integer().references(() => member.id, { onDelete: 'set null' }),
    name: text(),
    /** Digits only, or an email for the EMAIL channel; null when the customer has none (excluded NO_PHONE). */
    address: text(),
    text: text().notNull(),
    /** The 알림톡 template's fallback SMS/LMS text with this person's values, sent when the 알림톡 fails. */
    fallbackText: text(),
    state: text().$type<MessageRecipientState>().notNull(),
    exclusion: text().$type<MessageExclusion>(),
    failReason: text(),
    /** What actually went out: the 알림톡, or the SMS/LMS it fell back to. */
    sentAs: text(),
    providerMessageId: text(),
    outboxId: bigint({ mode: 'number' }),
    charge: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    updatedAt: created(),
  },
  (t) => [
    index('message_recipient_send_idx').on(t.sendId, t.id),
    index('message_recipient_member_idx').on(t.gymId, t.memberId),
    index('message_recipient_provider_idx').on(t.providerMessageId),
    check(
      'message_recipient_state_check',
      sql`${t.state} in ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'FALLBACK', 'EXCLUDED')`,
    ),
  ],
);

/**
 * The facility's prepaid credits: a ledger of top-ups (+), charges (−) and refunds (+). Never updated. A recipient
 * is charged once and refunded at most once (the unique index).
 */
export const messageCredit = pgTable(
  'message_credit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    kind: text().$type<'TOPUP' | 'CHARGE' | 'REFUND'>().notNull(),
    amount: integer().notNull(),
    sendId: integer().references(() => messageSend.id, { onDelete: 'set null' }),
    recipientId: bigint({ mode: 'number' }),
    note: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('message_credit_gym_idx').on(t.gymId, t.id),
    uniqueIndex('message_credit_recipient_once_idx')
      .on(t.recipientId, t.kind)
      .where(sql`${t.recipientId} is not null`),
    check('message_credit_kind_check', sql`${t.kind} in ('TOPUP', 'CHARGE', 'REFUND')`),
    check(
      'message_credit_sign_check',
      sql`(${t.kind} = 'CHARGE' and ${t.amount} <= 0) or (${t.kind} <> 'CHARGE' and ${t.amount} >= 0)`,
    ),
  ],
);

/** The platform's price per message kind, in won, edited by the operator. */
export const messagePrice = pgTable(
  'message_price',
  {
    kind: text().primaryKey(),
    price: integer().notNull(),
    modifiedDate: created(),
  },
  (t) => [check('message_price_kind_check', sql`${t.kind} in ('SMS', 'LMS', 'MMS', 'ALIMTALK', 'EMAIL')`)],
);

/** The platform's messaging settings, one row (id 1): the free opt-out number every advertising message ends with. */
export const messagePlatform = pgTable(
  'message_platform',
  {
    id: integer().primaryKey(),
    optOutNumber: text().notNull(),
    modifiedDate: created(),
  },
  (t) => [check('message_platform_one_row_check', sql`${t.id} = 1`)],
);

/** An automatic message of a facility: on or off, its text or 알림톡 template, its hour and its numbers. */
export const messageAuto = pgTable(
  'message_auto',
  {
    gymId: integer().notNull(),
    kind: text().notNull(),
    enabled: boolean().notNull().default(false),
    text: text().notNull(),
    templateId: integer().references(() => kakaoTemplate.id, { onDelete: 'set null' }),
    /** Seoul hour 0–23 at which the day's messages go out (booking notices go out at once). */
    sendHour: integer().notNull().default(10),
    /** The kind's numbers: unpaid after N days, every M days, at most K times; the reminder's hours before. */
    params: jsonb().notNull().default({}),
    modifiedDate: created(),
  },
  (t) => [
    primaryKey({ columns: [t.gymId, t.kind] }),
    check('message_auto_hour_check', sql`${t.sendHour} between 0 and 23`),
  ],
);

/** Each automatic message's cause, sent once: the deduplication key (e.g. `PASS_END_7:issue:123:2026-12-08`). */
export const messageAutoSent = pgTable(
  'message_auto_sent',
  {
    gymId: integer().notNull(),
    causeKey: text().notNull(),
    sendId: integer().references(() => messageSend.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [primaryKey({ columns: [t.gymId, t.causeKey] })],
);

/**
 * A customer's current marketing consent per channel, and the night-time consent (channel `NIGHT`): the latest
 * event of `customer_consent_event`. The audience filter reads this table.
 */
export const customerConsent = pgTable(
  'customer_consent',
  {
    gymId: integer().notNull(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** SMS, KAKAO, EMAIL marketing consent, or NIGHT (advertising between 21:00 and 08:00). */
    channel: text().notNull(),
    agreed: boolean().notNull(),
    source: text().$type<ConsentSource>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The last informational notice of what was agreed (re-confirmed every 2 years). */
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gymId, t.memberId, t.channel] }),
    index('customer_consent_channel_idx').on(t.gymId, t.channel, t.agreed),
    // The audience's consent join read from the index alone, in member order (bench/README.md#messaging).
    index('customer_consent_audience_idx').on(t.gymId, t.channel, t.memberId, t.agreed, t.source),
    check('customer_consent_channel_check', sql`${t.channel} in ('SMS', 'KAKAO', 'EMAIL', 'NIGHT')`),
  ],
);

/** Every consent given or withdrawn, with the time and how (never updated). */
export const customerConsentEvent = pgTable(
  'customer_consent_event',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    agreed: boolean().notNull(),
    source: text().$type<ConsentSource>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    byMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
  },
  (t) => [index('customer_consent_event_member_idx').on(t.gymId, t.memberId, t.id)],
);

export type MessageSendRow = typeof messageSend.$inferSelect;
export type MessageRecipientRow = typeof messageRecipient.$inferSelect;
export type MessageSenderRow = typeof messageSender.$inferSelect;
export type KakaoTemplateRow = typeof kakaoTemplate.$inferSelect;
export type MessageAutoRow = typeof messageAuto.$inferSelect;
