import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GymSubServiceStatus } from '#domain/enums.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { subService } from './sub-service.ts';

export const gymSubService = pgTable(
  'gym_sub_service',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    subServiceId: integer()
      .notNull()
      .references(() => subService.id, { onDelete: 'restrict' }),
    gymSubServiceStatus: text().$type<GymSubServiceStatus>().notNull().default('WAIT'),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('gym_sub_service_gym_idx').on(t.gymId, t.id),
    index('gym_sub_service_status_idx').on(t.gymSubServiceStatus, t.id),
    // One live (requested or approved) subscription per facility and add-on.
    uniqueIndex('gym_sub_service_live_idx')
      .on(t.gymId, t.subServiceId)
      .where(sql`${t.gymSubServiceStatus} in ('WAIT', 'APPROVE')`),
    check(
      'gym_sub_service_status_check',
      sql`${t.gymSubServiceStatus} in ('WAIT', 'APPROVE', 'DENY', 'CANCEL')`,
    ),
  ],
);
