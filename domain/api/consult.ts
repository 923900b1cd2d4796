import { consultResource } from '../resources/index.ts';
import { gymIdParamsSchema, listOf } from '../schemas/common.ts';
import { defineRoute } from './define.ts';

/** `GET /web/consult/list/{gymId}`: a facility's consultations, paged like every list. */
export const consultListRoute = defineRoute({
  method: 'GET',
  path: '/consult/list/:gymId',
  params: gymIdParamsSchema,
  listOf: consultResource,
  status: 200,
  response: listOf(consultResource.schemas.record),
});
