import { allFlags } from '#domain/permissions.ts';
import type { GymCreate } from '#domain/schemas/gym.ts';
import type { Db } from '../../db/client.ts';
import { gym, gymAuth, gymAuthMember, gymMember, gymSetting } from '../../db/schema/index.ts';

// The names of the two sets, in Korean as the owners see them (docs/rules.md#facilities).
const REPRESENT_SET_NAME = '대표자';
const DEFAULT_SET_NAME = '기본 권한';

/**
 * Creating a facility, as one transaction (docs/rules.md#facilities): the facility, the "representative" and
 * "default permission" sets, the creator's assignment, their ACTIVE link, and the facility's settings.
 */
export const createGymWithOwner = async (tx: Db, ownerId: number, input: GymCreate) => {
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
