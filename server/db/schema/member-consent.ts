import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ConsentKind } from '#domain/rules/consent.ts';
import { member } from './member.ts';

/**
 * The consents an account gave at join (docs/rules.md#join): one row per kind, with the version of the document
 * it refers to, whether it was given, and when. Rows are only ever added.
 */
export const memberConsent = pgTable(
  'member_consent',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    kind: text().$type<ConsentKind>().notNull(),
    version: text().notNull(),
    agreed: boolean().notNull(),
    agreedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('member_consent_member_id_idx').on(t.memberId, t.agreedAt),
    check('member_consent_kind_check', sql`${t.kind} in ('TERMS', 'PRIVACY', 'MARKETING')`),
  ],
);

export type MemberConsentRow = typeof memberConsent.$inferSelect;
