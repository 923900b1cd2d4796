import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { LeadStage } from '#domain/enums.ts';
import { created } from './columns.ts';
import { consult } from './consult.ts';
import { member } from './member.ts';

export type ConsultEventKind = 'CREATED' | 'STAGE' | 'FOLLOW_UP' | 'OUTCOME' | 'NOTE';

/**
 * A consultation's timeline (docs/rules.md#consulting): its creation, each move in the pipeline, each follow-up
 * and its outcome. Appended, never changed; the pipeline's month of history is read from here.
 */
export const consultEvent = pgTable(
  'consult_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    consultId: integer()
      .notNull()
      .references(() => consult.id, { onDelete: 'cascade' }),
    kind: text().$type<ConsultEventKind>().notNull(),
    stage: text().$type<LeadStage>(),
    dueDate: date({ mode: 'string' }),
    note: text(),
    actorMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('consult_event_consult_idx').on(t.consultId, t.id),
    index('consult_event_gym_date_idx').on(t.gymId, t.createDate),
    check('consult_event_kind_check', sql`${t.kind} in ('CREATED', 'STAGE', 'FOLLOW_UP', 'OUTCOME', 'NOTE')`),
  ],
);
