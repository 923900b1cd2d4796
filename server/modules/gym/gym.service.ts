import { allFlags } from '../../../domain/permissions.ts';
import type { GymCreate } from '../../../domain/schemas/gym.ts';
import type { Db } from '../../db/client.ts';
import { gym, gymAuth, gymAuthMember, gymMember, gymSetting } from '../../db/schema/index.ts';

export const REPRESENT_SET_NAME = { ko: '대표자', en: 'representative' } as const;
export const DEFAULT_SET_NAME = { ko: '기본 권한', en: 'default permission' } as const;

/**
 * SPEC §6 "On creating a facility", as one transaction (DESIGN §9): the facility, the "representative" and
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
    .values({ gymId, name: REPRESENT_SET_NAME.ko, ...allFlags(true), representYn: true, defaultYn: false })
    .returning();
  await tx
    .insert(gymAuth)
    .values({ gymId, name: DEFAULT_SET_NAME.ko, ...allFlags(true), representYn: false, defaultYn: true });
  await tx.insert(gymAuthMember).values({ gymId, gymAuthId: represent!.id, memberId: ownerId });
  await tx
    .insert(gymMember)
    .values({ gymId, memberId: ownerId, status: 'ACTIVE', workerYn: false, gymAuthId: represent!.id });
  await tx.insert(gymSetting).values({ gymId });
  return created!;
};
