import type { AxiosInstance } from 'axios';
import type {
  Login,
  Member,
  MemberJoin,
  MemberProfileUpdate,
  PasswordChange,
} from '#domain/schemas/member.ts';
import { API_BASE } from './http-client.ts';

/** A photo of up to 20 MB can take longer than the JSON client's 10 seconds on a slow line. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** The member calls of the API; the client has already unwrapped `{ data }`. */
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
  /** Your own profile fields (PUT /web/member/{id}). */
  updateProfile: async (id: number, patch: MemberProfileUpdate): Promise<Member> =>
    (await http.put<Member>(`${API_BASE}/member/${encodeURIComponent(id)}`, patch)).data,
  /** Changes your password; the server ends your other sessions. */
  changePassword: async (id: number, change: PasswordChange): Promise<Member> =>
    (await http.put<Member>(`${API_BASE}/member/${encodeURIComponent(id)}/password`, change)).data,
  /** POST /web/member/image/{memberId} as multipart form data, with the file in the field `image`. */
  uploadImage: async (
    id: number,
    file: Blob & { name?: string },
    onProgress?: (percent: number) => void,
  ): Promise<Member> => {
    const form = new FormData();
    form.append('image', file, file.name ?? 'image');
    return (
      await http.post<Member>(`${API_BASE}/member/image/${encodeURIComponent(id)}`, form, {
        timeout: UPLOAD_TIMEOUT_MS,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      })
    ).data;
  },
});

export type MemberApi = ReturnType<typeof createMemberApi>;
