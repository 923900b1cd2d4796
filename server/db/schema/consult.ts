import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  ConsultChannel,
  ConsultOutcome,
  ConsultStatus,
  LeadStage,
  LostReason,
  PersonKind,
} from '#domain/enums.ts';
import type { Answers, ConsultResult } from '#domain/rules/consult.ts';
import type { LeadSource } from '#domain/rules/customer.ts';
import { created } from './columns.ts';
import { consultSurvey } from './consult-survey.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/** When each consent was given (docs/rules.md#consulting); null when it was not. */
export type ConsentTimes = {
  personal: string;
  health: string | null;
  marketing: string | null;
  night: string | null;
};

/**
 * A consultation (docs/rules.md#consulting): written by the tablet (status WAIT) or by staff, answered on one survey
 * version, finished with an outcome. `stage` is its place in the lead pipeline; `statusToken` is the hash of the
 * unguessable token with which the tablet reads its own consult back, and nothing else.
 */
export const consult = pgTable(
  'consult',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    personKind: text().$type<PersonKind>().notNull().default('NONMEMBER'),
    channel: text().$type<ConsultChannel>().notNull().default('WALK_IN'),
    name: text().notNull(),
    phone: text().notNull(),
    content: text(),
    status: text().$type<ConsultStatus>().notNull().default('WAIT'),
    stage: text().$type<LeadStage>().notNull().default('NEW'),
    outcome: text().$type<ConsultOutcome>(),
    lostReason: text().$type<LostReason>(),
    lostNote: text(),
    followUpDate: date({ mode: 'string' }),
    surveyId: integer().references(() => consultSurvey.id, { onDelete: 'restrict' }),
    answers: jsonb().$type<Answers>().notNull().default({}),
    consents: jsonb().$type<ConsentTimes>(),
    result: jsonb().$type<ConsultResult>(),
    goals: text().array().notNull().default(sql`'{}'::text[]`),
    seeDoctor: boolean().notNull().default(false),
    source: text().$type<LeadSource>(),
    staffMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    customerId: integer().references(() => member.id, { onDelete: 'set null' }),
    queueNumber: integer(),
    statusToken: text(),
    consultDate: date({ mode: 'string' }),
    closedAt: timestamp({ withTimezone: true }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('consult_gym_idx').on(t.gymId, t.id),
    index('consult_gym_date_idx').on(t.gymId, t.createDate),
    index('consult_gym_phone_idx').on(t.gymId, t.phone),
    index('consult_gym_follow_up_idx').on(t.gymId, t.followUpDate),
    index('consult_status_token_idx').on(t.statusToken),
    check('consult_stage_check', sql`${t.stage} in ('NEW', 'CONSULTED', 'TRIAL', 'REGISTERED', 'LOST')`),
    check(
      'consult_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('REGISTERED', 'FOLLOW_UP', 'LOST')`,
    ),
  ],
);

export type ConsultRow = typeof consult.$inferSelect;
