import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * An invitation (docs/rules.md#permissions): when the facility invited this worker, and who did. A WAIT link
     * with `invitedAt` is accepted only by the invited person; until then the facility sees the name and the phone
     * masked.
     */
    invitedAt: timestamp({ withTimezone: true }),
    invitedBy: integer().references((): AnyPgColumn => member.id, { onDelete: 'set null' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    uniqueIndex('gym_member_gym_member_idx').on(t.gymId, t.memberId),
    index('gym_member_member_idx').on(t.memberId, t.status),
    index('gym_member_gym_worker_idx').on(t.gymId, t.workerYn, t.id),
    index('gym_member_auth_idx').on(t.gymAuthId),
    // The invitation ceilings: a facility's and an account's invitations of the last day.
    index('gym_member_gym_invited_idx').on(t.gymId, t.invitedAt).where(sql`${t.invitedAt} is not null`),
    index('gym_member_invited_by_idx').on(t.invitedBy, t.invitedAt).where(sql`${t.invitedBy} is not null`),
    check('gym_member_status_check', sql`${t.status} in ('WAIT', 'ACTIVE', 'INACTIVE', 'QUIT')`),
  ],
);
