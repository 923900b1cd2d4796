import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/** A locker room (docs/rules.md#lockers): for example the men's and the women's; it holds banks. */
export const lockerRoom = pgTable(
  'locker_room',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createDate: created(),
  },
  (t) => [index('locker_room_gym_idx').on(t.gymId, t.sortOrder)],
);

export type LockerRoomRow = typeof lockerRoom.$inferSelect;
