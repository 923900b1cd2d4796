import { uploadFileRoute } from '#domain/api/file.ts';
import type { UploadType } from '#domain/enums.ts';
import { gymResource } from '#domain/resources/gym.ts';
import type { Gym, GymCreate, GymUpdate } from '#domain/schemas/gym.ts';
import type { ApiClient } from '../../api/client.ts';
import { resourceRoutes } from '../../api/resources.ts';

const gymRoutes = resourceRoutes(gymResource);

/** The calls of the verification request (docs/rules.md#verification, docs/rules.md#facilities). */
export const createVerificationApi = (api: ApiClient) => ({
  /** POST /web/file/upload?type= with the field `file`; answers the stored file's URL (the reply's first item). */
  upload: async (file: Blob & { name?: string }, type: UploadType = 'ETC'): Promise<string> => {
    const urls = await api.upload(uploadFileRoute, { query: { type }, field: 'file', file });
    const url = Array.isArray(urls) ? urls[0] : undefined;
    if (typeof url !== 'string') throw new Error('The upload answered no file URL.');
    return url;
  },
  /** One call: the facility, its two permission sets and the owner's link (docs/rules.md#facilities). */
  create: (gym: GymCreate): Promise<Gym> => api.call(gymRoutes.create, { body: gym }),
  update: (gymId: number, patch: GymUpdate): Promise<Gym> =>
    api.call(gymRoutes.update, { params: { id: gymId }, body: patch }),
});

export type VerificationApi = ReturnType<typeof createVerificationApi>;
