import type { InferSelectModel } from 'drizzle-orm';
import type { Gym } from '#domain/schemas/gym.ts';
import type { gym, gymSetting } from '../../db/schema/index.ts';

// A facility as the API returns it.

export type GymRow = InferSelectModel<typeof gym>;
export type GymSettingRow = InferSelectModel<typeof gymSetting>;

/** The API record of a facility. */
export const toGymRecord = (row: GymRow): Gym => ({
  ...row,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});
