import { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import { gymPublicSchema, gymSchema } from '../schemas/gym.ts';
import { gymSettingSchema, gymSettingUpdateSchema } from '../schemas/gym-setting.ts';
import { defineRoute } from './define.ts';

/** `GET /web/gym/search?q=`: the public search of verified (ACTIVE) facilities (docs/rules.md#lists-and-search). */
export const gymSearchRoute = defineRoute({
  method: 'GET',
  path: '/gym/search',
  query: z.strictObject({ q: z.string().max(100).default('') }),
  status: 200,
  response: listOf(gymPublicSchema),
});

/** `GET /web/member/gym-list/{id}`: the facilities where a member has an ACTIVE link. */
export const memberGymListRoute = defineRoute({
  method: 'GET',
  path: '/member/gym-list/:id',
  params: idParamsSchema,
  status: 200,
  response: z.object({ data: z.array(gymSchema) }),
});

/** `GET /web/setting/gym/{gymId}`: a facility's settings (any active staff). */
export const gymSettingRoute = defineRoute({
  method: 'GET',
  path: '/setting/gym/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(gymSettingSchema),
});

/** `PUT /web/setting/gym/{gymId}`: change a facility's settings (the representative). */
export const updateGymSettingRoute = defineRoute({
  method: 'PUT',
  path: '/setting/gym/:gymId',
  params: gymIdParamsSchema,
  body: gymSettingUpdateSchema,
  status: 200,
  response: dataOf(gymSettingSchema),
});
