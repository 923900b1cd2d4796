import { loginRoute, logoutRoute, validateRoute } from '#domain/api/auth.ts';
import {
  changePasswordRoute,
  checkUserIdRoute,
  getMemberRoute,
  joinRoute,
  updateMemberRoute,
} from '#domain/api/member.ts';
import { uploadMemberImageRoute } from '#domain/api/member-image.ts';
import type {
  Login,
  Member,
  MemberJoin,
  MemberProfileUpdate,
  PasswordChange,
} from '#domain/schemas/member.ts';
import type { ApiClient } from '../api/client.ts';

export { UPLOAD_TIMEOUT_MS } from '../api/client.ts';

/** The member calls of the API, through the typed client (src/api/). */
export const createMemberApi = (api: ApiClient) => ({
  login: (credentials: Login): Promise<Member> => api.call(loginRoute, { body: credentials }),
  logout: async (): Promise<void> => {
    await api.call(logoutRoute);
  },
  validate: (): Promise<Member> => api.call(validateRoute),
  getMember: (id: number): Promise<Member> => api.call(getMemberRoute, { params: { id } }),
  join: (values: MemberJoin): Promise<Member> => api.call(joinRoute, { body: values }),
  isUserIdAvailable: async (userId: string): Promise<boolean> =>
    (await api.call(checkUserIdRoute, { query: { userId } })).available,
  /** Your own profile fields (PUT /web/member/{id}). */
  updateProfile: (id: number, patch: MemberProfileUpdate): Promise<Member> =>
    api.call(updateMemberRoute, { params: { id }, body: patch }),
  /** Changes your password; the server ends your other sessions. */
  changePassword: (id: number, change: PasswordChange): Promise<Member> =>
    api.call(changePasswordRoute, { params: { id }, body: change }),
  /** POST /web/member/image/{memberId} as multipart form data, with the file in the field `image`. */
  uploadImage: (
    id: number,
    file: Blob & { name?: string },
    onProgress?: (percent: number) => void,
  ): Promise<Member> =>
    api.upload(uploadMemberImageRoute, { params: { memberId: id }, field: 'image', file, onProgress }),
});

export type MemberApi = ReturnType<typeof createMemberApi>;
