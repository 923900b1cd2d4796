import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { allFlags } from '#domain/permissions.ts';
import type { GymCreate } from '#domain/schemas/gym.ts';
import type { gymSettingUpdateSchema } from '#domain/schemas/gym-setting.ts';
import type { Executor } from '../../db/client.ts';
import { gym, gymAuth, gymAuthMember, gymMember, gymSetting } from '../../db/schema/index.ts';

// A facility's writes (docs/rules.md#facilities): made with its owner and two sets, its settings, closing it.

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
