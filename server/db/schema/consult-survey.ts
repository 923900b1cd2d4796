import { index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SurveyDefinition } from '#domain/rules/consult.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A facility's consultation survey, one row per version (docs/rules.md#consulting): editing writes the next
 * version and never changes an old one, so every consult renders on the version it was answered on. The active
 * survey is the highest version.
 */
export const consultSurvey = pgTable(
  'consult_survey',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    definition: jsonb().$type<SurveyDefinition>().notNull(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('consult_survey_gym_version_idx').on(t.gymId, t.version),
    index('consult_survey_gym_idx').on(t.gymId),
  ],
);

export type ConsultSurveyRow = typeof consultSurvey.$inferSelect;
