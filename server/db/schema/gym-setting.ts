import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

export const gymSetting = pgTable('gym_setting', {
  gymId: integer()
    .primaryKey()
    .references(() => gym.id, { onDelete: 'cascade' }),
  openTime: text().notNull().default('06:00'),
  closeTime: text().notNull().default('23:00'),
  willExpireDays: integer().notNull().default(30),
  defaultSenderPhone: text(),
  /** The account a payment request shows for a bank transfer (docs/rules.md#payment-requests). */
  transferBank: text(),
  transferAccount: text(),
  transferHolder: text(),
  modifiedDate: created(),
});
