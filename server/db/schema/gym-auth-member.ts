import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { gymAuth } from './gym-auth.ts';
import { member } from './member.ts';

export const gymAuthMember = pgTable(
  'gym_auth_member',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    gymAuthId: integer()
      .notNull()
      .references(() => gymAuth.id, { onDelete: 'restrict' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('gym_auth_member_gym_member_idx').on(t.gymId, t.memberId),
    index('gym_auth_member_auth_idx').on(t.gymAuthId, t.id),
  ],
);
