import { timestamp } from 'drizzle-orm/pg-core';

/** A creation or modification time: with the time zone, set by the database when the row is written. */
export const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();
