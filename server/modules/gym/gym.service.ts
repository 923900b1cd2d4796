import { and, asc, eq, type InferSelectModel, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { allFlags } from '#domain/permissions.ts';
import { compactForSearch } from '#domain/rules/text.ts';
import type { Gym, GymCreate } from '#domain/schemas/gym.ts';
import type { gymSettingUpdateSchema } from '#domain/schemas/gym-setting.ts';
import type { Executor } from '../../db/client.ts';
import { gym, gymAuth, gymAuthMember, gymMember, gymSetting } from '../../db/schema/index.ts';

// The names of the two sets, in Korean as the owners see them (docs/rules.md#facilities).
const REPRESENT_SET_NAME = '대표자';
const DEFAULT_SET_NAME = '기본 권한';

/**
 * Creating a facility, as one transaction (docs/rules.md#facilities): the facility, the "representative" and
 * "default permission" sets, the creator's assignment, their ACTIVE link, and the facility's settings.
 */
export const createGymWithOwner = async (tx: Executor, ownerId: number, input: GymCreate) => {
  const [created] = await tx
    .insert(gym)
    .values({ ...input, inactiveReason: null })
    .returning();
  const gymId = created!.id;
  const [represent] = await tx
    .insert(gymAuth)
    .values({ gymId, name: REPRESENT_SET_NAME, ...allFlags(true), representYn: true, defaultYn: false })
    .returning();
  await tx
    .insert(gymAuth)
    .values({ gymId, name: DEFAULT_SET_NAME, ...allFlags(true), representYn: false, defaultYn: true });
  await tx.insert(gymAuthMember).values({ gymId, gymAuthId: represent!.id, memberId: ownerId });
  await tx
    .insert(gymMember)
    .values({ gymId, memberId: ownerId, status: 'ACTIVE', workerYn: false, gymAuthId: represent!.id });
  await tx.insert(gymSetting).values({ gymId });
  return created!;
};

export type GymRow = InferSelectModel<typeof gym>;
export type GymSettingRow = InferSelectModel<typeof gymSetting>;

/** The API record of a facility. */
export const toGymRecord = (row: GymRow): Gym => ({
  ...row,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

const SEARCH_LIMIT = 20;

/**
 * The public search: ACTIVE facilities whose name holds the keyword, whitespace ignored on both sides
 * (docs/rules.md#lists-and-search), on the partial trigram index; public fields only.
 */
export const searchActiveGyms = (db: Executor, query: string) => {
  const keyword = compactForSearch(query);
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ id: gym.id, name: gym.name, address: gym.address })
    .from(gym)
    .where(
      and(
        eq(gym.gymStatus, 'ACTIVE'),
        keyword ? sql`lower(regexp_replace(${gym.name}, '\\s', '', 'g')) like ${`%${escaped}%`}` : undefined,
      ),
    )
    .orderBy(asc(gym.name), asc(gym.id))
    .limit(SEARCH_LIMIT);
};

/** The facilities where a member has an ACTIVE link; bounded by the member's links (one per facility). */
export const activeGymsOfMember = async (db: Executor, memberId: number) => {
  const rows = await db
    .select({ gym })
    .from(gymMember)
    .innerJoin(gym, eq(gym.id, gymMember.gymId))
    .where(and(eq(gymMember.memberId, memberId), eq(gymMember.status, 'ACTIVE')))
    .orderBy(asc(gym.id))
    .limit(200);
  return rows.map((row) => row.gym);
};

export const settingOf = async (db: Executor, gymId: number) => {
  const [row] = await db.select().from(gymSetting).where(eq(gymSetting.gymId, gymId)).limit(1);
  return row;
};

export const updateSetting = async (
  db: Executor,
  gymId: number,
  patch: z.infer<typeof gymSettingUpdateSchema>,
  now: Date,
) => {
  const [row] = await db
    .update(gymSetting)
    .set({ ...patch, modifiedDate: now })
    .where(eq(gymSetting.gymId, gymId))
    .returning();
  return row;
};

/** Closing: the facility moves to QUIT and keeps its data, read-only (docs/rules.md#state-machines). */
export const closeGym = (tx: Executor, gymId: number, now: Date) =>
  tx.update(gym).set({ gymStatus: 'QUIT', modifiedDate: now }).where(eq(gym.id, gymId));
