import { z } from 'zod';
import { fileKinds, IMAGE_KINDS, kindLabels, MAX_UPLOAD_MB } from '../rules/files.ts';
import { dataOf, memberIdParamsSchema } from '../schemas/common.ts';
import { memberSchema } from '../schemas/member.ts';
import { defineRoute } from './define.ts';

export const imageTypes = kindLabels(IMAGE_KINDS);

/** Documents the form; the server streams the file and checks it there (docs/rules.md#files). */
export const memberImageUploadSchema = z
  .object({
    image: z
      .file()
      .mime(IMAGE_KINDS.map((kind) => fileKinds[kind].mime))
      .meta({ description: `${imageTypes}, at most ${MAX_UPLOAD_MB} MB; the content must match the name.` }),
  })
  .meta({ id: 'MemberImageUpload' });

/** `POST /web/member/image/{memberId}`: upload a profile photo (field `image`). */
export const uploadMemberImageRoute = defineRoute({
  method: 'POST',
  path: '/member/image/:memberId',
  params: memberIdParamsSchema,
  body: memberImageUploadSchema,
  multipart: true,
  status: 200,
  response: dataOf(memberSchema),
});

/** `GET /web/member/image/{memberId}?v=`: the photo itself; `v` is the version `member.image` carries. */
export const memberImageRoute = defineRoute({
  method: 'GET',
  path: '/member/image/:memberId',
  params: memberIdParamsSchema,
  query: z.object({ v: z.string().max(64).optional() }),
  status: 200,
  response: 'file',
});
