import type { AxiosInstance } from 'axios';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth, GymAuthMember } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { GymSubServiceItem } from '#domain/schemas/sub-service.ts';
import { API_BASE } from '../providers/http-client.ts';

/** The shell's calls; the client has already unwrapped `{ data }`. */
export const createFacilityApi = (http: AxiosInstance) => ({
  /** The member's facilities (those with an ACTIVE link). */
  gymList: async (memberId: number): Promise<Gym[]> =>
    (await http.get<Gym[]>(`${API_BASE}/member/gym-list/${memberId}`)).data,
  /** Every link of the member, pending requests included. */
  links: async (memberId: number): Promise<GymMember[]> =>
    (await http.get<GymMember[]>(`${API_BASE}/gym-member/member/${memberId}`)).data,
  gym: async (gymId: number): Promise<Gym> => (await http.get<Gym>(`${API_BASE}/gym/${gymId}`)).data,
  gymAuth: async (id: number): Promise<GymAuth> =>
    (await http.get<GymAuth>(`${API_BASE}/gym-auth/${id}`)).data,
  gymAuthMembers: async (gymAuthId: number): Promise<GymAuthMember[]> =>
    (
      await http.get<GymAuthMember[]>(`${API_BASE}/gym-auth-member/list`, {
        params: { gymAuthId, _start: 0, _end: 100 },
      })
    ).data,
  subServices: async (gymId: number): Promise<GymSubServiceItem[]> =>
    (await http.get<GymSubServiceItem[]>(`${API_BASE}/gym-sub-service/list/${gymId}`)).data,
});

export type FacilityApi = ReturnType<typeof createFacilityApi>;
