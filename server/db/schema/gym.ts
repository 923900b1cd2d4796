import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  BusinessForm,
  ConsultStatus,
  GymMemberStatus,
  GymStatus,
  GymSubServiceStatus,
  PersonKind,
  SubServiceType,
} from '#domain/enums.ts';
import { member } from './member.ts';

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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

export const subService = pgTable(
  'sub_service',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymSubServiceType: text().$type<SubServiceType>().notNull(),
    nameKo: text().notNull(),
    nameEn: text().notNull(),
    price: integer().notNull(),
  },
  (t) => [uniqueIndex('sub_service_type_idx').on(t.gymSubServiceType)],
);

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

export const consult = pgTable(
  'consult',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    personKind: text().$type<PersonKind>().notNull().default('NONMEMBER'),
    name: text().notNull(),
    phone: text().notNull(),
    content: text(),
    status: text().$type<ConsultStatus>().notNull().default('WAIT'),
    consultDate: date({ mode: 'string' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('consult_gym_idx').on(t.gymId, t.id),
    index('consult_gym_date_idx').on(t.gymId, t.createDate),
  ],
);

export const gymSetting = pgTable('gym_setting', {
  gymId: integer()
    .primaryKey()
    .references(() => gym.id, { onDelete: 'cascade' }),
  openTime: text().notNull().default('06:00'),
  closeTime: text().notNull().default('23:00'),
  willExpireDays: integer().notNull().default(30),
  defaultSenderPhone: text(),
  modifiedDate: created(),
});
