import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GymMemberStatus } from '#domain/enums.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { gymAuth } from './gym-auth.ts';
import { member } from './member.ts';

export const gymMember = pgTable(
  'gym_member',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    status: text().$type<GymMemberStatus>().notNull().default('WAIT'),
    workerYn: boolean().notNull().default(false),
    gymAuthId: integer().references(() => gymAuth.id, { onDelete: 'restrict' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    uniqueIndex('gym_member_gym_member_idx').on(t.gymId, t.memberId),
    index('gym_member_member_idx').on(t.memberId, t.status),
    index('gym_member_gym_worker_idx').on(t.gymId, t.workerYn, t.id),
    index('gym_member_auth_idx').on(t.gymAuthId),
    check('gym_member_status_check', sql`${t.status} in ('WAIT', 'ACTIVE', 'INACTIVE', 'QUIT')`),
  ],
);
