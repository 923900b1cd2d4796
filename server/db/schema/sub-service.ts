import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SubServiceType } from '#domain/enums.ts';

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
