import { dataOf, gymIdParamsSchema } from '../schemas/common.ts';
import { gymAuthSchema } from '../schemas/gym-auth.ts';
import { defineRoute } from './define.ts';

/**
 * `GET /web/gym-auth/mine/{gymId}`: the caller's own permission set in a facility, which the shell reads to show
 * what the member may open (docs/rules.md#access-table). Every other set is the representative's: the generic
 * `gym-auth` routes need the representative set.
 */
export const myGymAuthRoute = defineRoute({
  method: 'GET',
  path: '/gym-auth/mine/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(gymAuthSchema.nullable()),
});
