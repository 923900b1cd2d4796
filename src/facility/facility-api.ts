import { memberGymListRoute } from '#domain/api/gym.ts';
import { myGymAuthRoute } from '#domain/api/gym-auth.ts';
import { memberLinksRoute } from '#domain/api/gym-member.ts';
import { gymSubServiceListRoute } from '#domain/api/sub-service.ts';
import { gymResource } from '#domain/resources/gym.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { GymSubServiceItem } from '#domain/schemas/sub-service.ts';
import type { ApiClient } from '../api/client.ts';
import { resourceRoutes } from '../api/resources.ts';

const gymRoutes = resourceRoutes(gymResource);

/** The shell's calls, through the typed client (src/api/). */
export const createFacilityApi = (api: ApiClient) => ({
  /** The member's facilities (those with an ACTIVE link). */
  gymList: (memberId: number): Promise<Gym[]> => api.call(memberGymListRoute, { params: { id: memberId } }),
  /** Every link of the member, pending requests included. */
  links: (memberId: number): Promise<GymMember[]> => api.call(memberLinksRoute, { params: { memberId } }),
  gym: (gymId: number): Promise<Gym> => api.call(gymRoutes.get, { params: { id: gymId } }),
  /** The member's own permission set in the facility (null without one). */
  myGymAuth: (gymId: number): Promise<GymAuth | null> => api.call(myGymAuthRoute, { params: { gymId } }),
  subServices: (gymId: number): Promise<GymSubServiceItem[]> =>
    api.call(gymSubServiceListRoute, { params: { gymId } }),
});

export type FacilityApi = ReturnType<typeof createFacilityApi>;
