import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

const flags = () => ({
  memberUseYn: boolean().notNull().default(false),
  memberSettingYn: boolean().notNull().default(false),
  consultUseYn: boolean().notNull().default(false),
  consultSettingYn: boolean().notNull().default(false),
  subServiceUseYn: boolean().notNull().default(false),
  subServiceSettingYn: boolean().notNull().default(false),
  adMessageUseYn: boolean().notNull().default(false),
  adMessageSettingYn: boolean().notNull().default(false),
  payHistoryUseYn: boolean().notNull().default(false),
  payHistorySettingYn: boolean().notNull().default(false),
  // The business's finances (docs/rules.md#permissions, docs/DECISIONS.md): statistics, revenue recognition,
  // expenditure, net profit, payroll and the pay of other trainers.
  financeUseYn: boolean().notNull().default(false),
});

export const gymAuth = pgTable(
  'gym_auth',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...flags(),
    // The set's reach (docs/rules.md#customer-reach): only the customers assigned to its holder.
    assignedOnlyYn: boolean().notNull().default(false),
    defaultYn: boolean().notNull().default(false),
    representYn: boolean().notNull().default(false),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('gym_auth_gym_idx').on(t.gymId, t.id),
    // Exactly one default set and one representative set per facility.
    uniqueIndex('gym_auth_one_default_idx').on(t.gymId).where(sql`${t.defaultYn}`),
    uniqueIndex('gym_auth_one_represent_idx').on(t.gymId).where(sql`${t.representYn}`),
  ],
);
