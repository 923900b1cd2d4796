import type { AxiosInstance } from 'axios';
import type { Login, Member, MemberJoin } from '../../domain/schemas/member.ts';
import { API_BASE } from './http-client.ts';

/** The member calls of the API (SPEC §7 "Member"); the client has already unwrapped `{ data }`. */
export const createMemberApi = (http: AxiosInstance) => ({
  login: async (credentials: Login): Promise<Member> =>
    (await http.post<Member>(`${API_BASE}/member/login`, credentials)).data,
  logout: async (): Promise<void> => {
    await http.post(`${API_BASE}/member/logout`);
  },
  validate: async (): Promise<Member> => (await http.get<Member>(`${API_BASE}/member/validate`)).data,
  getMember: async (id: number): Promise<Member> =>
    (await http.get<Member>(`${API_BASE}/member/${encodeURIComponent(id)}`)).data,
  join: async (values: MemberJoin): Promise<Member> =>
    (await http.post<Member>(`${API_BASE}/member`, values)).data,
  isUserIdAvailable: async (userId: string): Promise<boolean> =>
    (await http.get<{ available: boolean }>(`${API_BASE}/member/check-userId`, { params: { userId } })).data
      .available,
});

export type MemberApi = ReturnType<typeof createMemberApi>;
