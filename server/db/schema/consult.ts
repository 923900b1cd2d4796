import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ConsultStatus, PersonKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';

export const consult = pgTable(
  'consult',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    personKind: text().$type<PersonKind>().notNull().default('NONMEMBER'),
    name: text().notNull(),
    phone: text().notNull(),
    content: text(),
    status: text().$type<ConsultStatus>().notNull().default('WAIT'),
    consultDate: date({ mode: 'string' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('consult_gym_idx').on(t.gymId, t.id),
    index('consult_gym_date_idx').on(t.gymId, t.createDate),
  ],
);
