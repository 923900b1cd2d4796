import type { AxiosInstance } from 'axios';
import type { UploadType } from '#domain/enums.ts';
import type { Gym, GymCreate, GymUpdate } from '#domain/schemas/gym.ts';
import { API_BASE } from '../../providers/http-client.ts';
import { UPLOAD_TIMEOUT_MS } from '../../providers/member-api.ts';

/** The calls of the verification request (docs/rules.md#verification, docs/rules.md#facilities). */
export const createVerificationApi = (http: AxiosInstance) => ({
  /** POST /web/file/upload?type= with the field `file`; answers the stored file's URL (the reply's first item). */
  upload: async (file: Blob & { name?: string }, type: UploadType = 'ETC'): Promise<string> => {
    const form = new FormData();
    form.append('file', file, file.name ?? 'document');
    const urls = (
      await http.post<string[]>(`${API_BASE}/file/upload`, form, {
        params: { type },
        timeout: UPLOAD_TIMEOUT_MS,
      })
    ).data;
    const url = Array.isArray(urls) ? urls[0] : undefined;
    if (typeof url !== 'string') throw new Error('The upload answered no file URL.');
    return url;
  },
  /** One call: the facility, its two permission sets and the owner's link (docs/rules.md#facilities). */
  create: async (gym: GymCreate): Promise<Gym> => (await http.post<Gym>(`${API_BASE}/gym`, gym)).data,
  update: async (gymId: number, patch: GymUpdate): Promise<Gym> =>
    (await http.put<Gym>(`${API_BASE}/gym/${encodeURIComponent(gymId)}`, patch)).data,
});

export type VerificationApi = ReturnType<typeof createVerificationApi>;
