import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuthCode, Gender, MemberStatus } from '#domain/enums.ts';

export const member = pgTable(
  'member',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text().notNull(),
    passwordHash: text().notNull(),
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
  },
  (t) => [
    // userId is unique case-insensitively.
    uniqueIndex('member_user_id_lower_idx').on(sql`lower(${t.userId})`),
    index('member_auth_code_idx').on(t.authCode),
    check('member_auth_code_check', sql`${t.authCode} in ('SUPERADMIN', 'ADMIN', 'MEMBER')`),
    check('member_status_check', sql`${t.status} in ('ACTIVE', 'STOP', 'QUIT')`),
    check('member_gender_check', sql`${t.gender} in ('MALE', 'FEMALE', 'NONE')`),
  ],
);

export type MemberRow = typeof member.$inferSelect;
