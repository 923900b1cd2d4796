import { gymIdParamsSchema, listOf } from '../schemas/common.ts';
import { gymSubServiceItemSchema } from '../schemas/sub-service.ts';
import { defineRoute } from './define.ts';

/** `GET /web/gym-sub-service/list/{gymId}`: a facility's add-on subscriptions, each with its catalogue entry. */
export const gymSubServiceListRoute = defineRoute({
  method: 'GET',
  path: '/gym-sub-service/list/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: listOf(gymSubServiceItemSchema),
});
