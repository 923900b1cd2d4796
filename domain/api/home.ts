import { dataOf, gymIdParamsSchema } from '../schemas/common.ts';
import { homeTodaySchema } from '../schemas/home.ts';
import { defineRoute } from './define.ts';

// HOME (docs/rules.md#home): one call for the day's figures of a facility.

/**
 * `GET /web/home/today/{gymId}`: today's figures (Asia/Seoul), each with the path of its list. Any ACTIVE link to
 * the facility may ask (another facility answers 404); each figure is computed only for a viewer with its right,
 * and the facility's add-on where its list needs one. A viewer with none of them gets the date alone.
 */
export const homeTodayRoute = defineRoute({
  method: 'GET',
  path: '/home/today/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(homeTodaySchema),
});
