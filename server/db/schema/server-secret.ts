import { pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';

/**
 * Secrets the server makes for itself on first use and keeps in the database, so every process signs alike:
 * `membership-qr` signs the customers' membership QR codes (docs/rules.md#check-in).
 */
export const serverSecret = pgTable('server_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  createDate: created(),
});
