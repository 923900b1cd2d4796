import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { BusinessForm, GymStatus } from '#domain/enums.ts';
import { created } from './columns.ts';

export const gym = pgTable(
  'gym',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    businessNo: text(),
    representName: text(),
    businessForm: text().$type<BusinessForm>().notNull().default('INDIVIDUAL'),
    businessType: text(),
    businessField: text(),
    postNo: text(),
    address: text(),
    addressDetail: text(),
    businessUrlImgUrl: text(),
    representIdImgUrl: text(),
    workerIdImgUrl: text(),
    senders: text(),
    gymStatus: text().$type<GymStatus>().notNull().default('WAIT'),
    inactiveReason: text(),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('gym_status_idx').on(t.gymStatus, t.id),
    // The public search matches the name without whitespace, as a substring (docs/rules.md#lists-and-search),
    // on ACTIVE facilities.
    index('gym_name_compact_trgm_idx')
      .using('gin', sql`lower(regexp_replace(${t.name}, '\\s', '', 'g')) gin_trgm_ops`)
      .where(sql`${t.gymStatus} = 'ACTIVE'`),
    check('gym_status_check', sql`${t.gymStatus} in ('WAIT', 'REQUEST', 'ACTIVE', 'INACTIVE', 'QUIT')`),
    check('gym_business_form_check', sql`${t.businessForm} in ('INDIVIDUAL', 'CORPORATE')`),
  ],
);
