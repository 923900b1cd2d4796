import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GroupPayKind, PayKind } from '#domain/rules/trainer-pay.ts';
import { created } from './columns.ts';
import { file } from './file.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A trainer's profile (docs/rules.md#trainer-pay), linked to a staff member of the facility: photo (upload type
 * TRAINER), specialties, career, introduction, working hours per weekday, the colour on the schedule and the pay
 * rate (won per session, or a percent of the pass's per-session value) and how a group class pays (a fixed amount
 * per class held, or an amount per attendee with a minimum head count).
 */
export const trainer = pgTable(
  'trainer',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    photoFileId: text().references(() => file.id, { onDelete: 'set null' }),
    specialties: jsonb().$type<string[]>().notNull().default([]),
    career: text().notNull().default(''),
    introduction: text().notNull().default(''),
    workingHours: jsonb()
      .$type<({ start: string; end: string } | null)[]>()
      .notNull()
      .default([null, null, null, null, null, null, null]),
    color: text().notNull().default('#0958d9'),
    payKind: text().$type<PayKind>().notNull().default('PER_SESSION'),
    payRate: integer().notNull().default(0),
    groupPayKind: text().$type<GroupPayKind>().notNull().default('PER_ATTENDEE'),
    groupPayRate: integer().notNull().default(0),
    groupPayMinAttendees: integer().notNull().default(0),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    uniqueIndex('trainer_gym_member_idx').on(t.gymId, t.memberId),
    index('trainer_member_idx').on(t.memberId),
    check('trainer_pay_kind_check', sql`${t.payKind} in ('PER_SESSION', 'PERCENT')`),
    check('trainer_pay_rate_check', sql`${t.payRate} >= 0`),
    check('trainer_group_pay_kind_check', sql`${t.groupPayKind} in ('PER_CLASS', 'PER_ATTENDEE')`),
    check('trainer_group_pay_rate_check', sql`${t.groupPayRate} >= 0`),
    check('trainer_group_pay_min_check', sql`${t.groupPayMinAttendees} between 0 and 500`),
  ],
);

export type TrainerRow = typeof trainer.$inferSelect;
