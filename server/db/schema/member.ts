import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AuthCode, Gender, MemberStatus } from '#domain/enums.ts';
import type { LeadSource } from '#domain/rules/customer.ts';
import { gym } from './gym.ts';

/**
 * An account or a facility's customer (docs/architecture.md#operations-model). A customer is a MEMBER row that a
 * facility created (`ownerGymId`): it needs no login, so `userId` and `passwordHash` are both set or both null,
 * and its phone is unique among that facility's customers.
 *
 * The `pass*`, `sessionsLeft`, `hold*` and `unpaidAmount` columns are the customer list's summary of the current
 * pass and the money owed (docs/rules.md#customers): a cache rebuilt from the passes, the usage ledger and the
 * payment lines in the same transaction as every change to them, never counted up or down by code. The states
 * (active, on hold, expiring, expired) are derived from these dates at read time.
 */
export const member = pgTable(
  'member',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text(),
    passwordHash: text(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    gender: text().$type<Gender>().notNull().default('NONE'),
    birthDate: date({ mode: 'string' }),
    image: text(),
    authCode: text().$type<AuthCode>().notNull(),
    status: text().$type<MemberStatus>().notNull().default('ACTIVE'),
    stopStartDate: date({ mode: 'string' }),
    stopEndDate: date({ mode: 'string' }),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The customer's own columns (null for accounts).
    ownerGymId: integer().references(() => gym.id, { onDelete: 'cascade' }),
    memo: text(),
    cardNumber: text(),
    trainerMemberId: integer().references((): AnyPgColumn => member.id, { onDelete: 'set null' }),
    leadSource: text().$type<LeadSource>(),
    /** The calendar day (Asia/Seoul) the customer was registered: the "new this month" segment. */
    registeredOn: date({ mode: 'string' }),
    erasedAt: timestamp({ withTimezone: true }),
    // The list summary (see above).
    currentTicketIssueId: integer(),
    passName: text(),
    passStartDate: date({ mode: 'string' }),
    passEndDate: date({ mode: 'string' }),
    sessionsLeft: integer(),
    holdStartDate: date({ mode: 'string' }),
    holdEndDate: date({ mode: 'string' }),
    // A sum over every sale of the customer: 64-bit, so a customer who owes a great deal can still buy
    // (docs/rules.md#money-limits).
    unpaidAmount: bigint({ mode: 'number' }).notNull().default(0),
    // Check-in (docs/rules.md#check-in): the membership QR's version (a reissue revokes the old codes) and the last
    // allowed entry, which the "no visit for 14 days" segment reads.
    qrVersion: integer().notNull().default(1),
    lastVisitAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // userId is unique case-insensitively.
    uniqueIndex('member_user_id_lower_idx').on(sql`lower(${t.userId})`),
    index('member_auth_code_idx').on(t.authCode),
    // A facility's customers: one phone each (the import's dedupe key), and the list's sorts and segments.
    uniqueIndex('member_owner_phone_idx').on(t.ownerGymId, t.phone).where(sql`${t.erasedAt} is null`),
    index('member_owner_list_idx').on(t.ownerGymId, t.status, t.id),
    index('member_owner_end_idx').on(t.ownerGymId, t.passEndDate, t.id),
    index('member_owner_registered_idx').on(t.ownerGymId, t.registeredOn, t.id),
    index('member_owner_unpaid_idx').on(t.ownerGymId, t.unpaidAmount, t.id).where(sql`${t.unpaidAmount} > 0`),
    index('member_owner_name_idx').on(t.ownerGymId, t.name, t.id),
    // The expiring segment's "2 sessions or fewer" (bench/README.md: a BitmapOr with the end-date index).
    index('member_owner_sessions_idx').on(t.ownerGymId, t.sessionsLeft),
    index('member_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .where(sql`${t.ownerGymId} is not null`),
    index('member_phone_trgm_idx')
      .using('gin', sql`${t.phone} gin_trgm_ops`)
      .where(sql`${t.ownerGymId} is not null`),
    index('member_trainer_idx').on(t.trainerMemberId),
    // The kiosk's ways in: a card number, the last 4 digits of the phone. A card belongs to one customer on the
    // facility's books; a removed customer's card is free again (docs/rules.md#card-numbers).
    uniqueIndex('member_owner_card_key')
      .on(t.ownerGymId, t.cardNumber)
      .where(sql`${t.cardNumber} is not null and ${t.status} <> 'QUIT'`),
    index('member_owner_phone4_idx').on(t.ownerGymId, sql`right(${t.phone}, 4)`),
    index('member_owner_visit_idx').on(t.ownerGymId, t.lastVisitAt),
    check('member_auth_code_check', sql`${t.authCode} in ('SUPERADMIN', 'ADMIN', 'MEMBER')`),
    check('member_status_check', sql`${t.status} in ('ACTIVE', 'STOP', 'QUIT')`),
    check('member_gender_check', sql`${t.gender} in ('MALE', 'FEMALE', 'NONE')`),
    check('member_login_pair_check', sql`(${t.userId} is null) = (${t.passwordHash} is null)`),
    check('member_login_or_owner_check', sql`${t.userId} is not null or ${t.ownerGymId} is not null`),
  ],
);

export type MemberRow = typeof member.$inferSelect;
