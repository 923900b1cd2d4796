import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind, SubServiceType } from '#domain/enums.ts';
import { consult } from './consult.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * "The notice bot" (docs/rules.md#notifications): the operator's decisions, told to each representative of
 * the facility.
 */
export const notification = pgTable(
  'notification',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    reason: text(),
    subServiceType: text().$type<SubServiceType>(),
    /** A CONSULT_WAITING notice's consult: handling it (or removing it) clears the notice (docs/rules.md#notifications). */
    consultId: integer().references(() => consult.id, { onDelete: 'cascade' }),
    readYn: boolean().notNull().default(false),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending, scanned backwards for "newest first" (docs/architecture.md#database: no .desc() in index
    // definitions).
    index('notification_member_idx').on(t.memberId, t.createDate),
    index('notification_member_unread_idx').on(t.memberId).where(sql`not ${t.readYn}`),
    index('notification_consult_idx').on(t.consultId).where(sql`${t.consultId} is not null`),
    check(
      'notification_kind_check',
      sql`${t.kind} in ('GYM_APPROVED', 'GYM_REJECTED', 'SUB_SERVICE_APPROVED', 'SUB_SERVICE_DENIED', 'CONSULT_WAITING')`,
    ),
  ],
);

export type NotificationRow = typeof notification.$inferSelect;
