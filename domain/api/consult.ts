import { z } from 'zod';
import { consultResource } from '../resources/index.ts';
import { calendarMonth, dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  consultDetailSchema,
  consultFinishSchema,
  consultFollowUpSchema,
  consultSchema,
  consultStageSchema,
  kioskConsultCreateSchema,
  kioskConsultSchema,
  kioskInfoSchema,
  pipelineSchema,
  surveyDefinitionSchema,
  surveySchema,
} from '../schemas/consult.ts';
import { defineRoute } from './define.ts';

// Consulting (docs/rules.md#consulting). Every call answers 403 `consultAddOnRequired` while the facility's
// CONSULT add-on is not APPROVE. Staff calls use the session; the tablet's calls (/kiosk/...) use only the
// `x-kiosk-token` header, which reaches nothing else.

/** `GET /web/consult/list/{gymId}`: the consultation list, filtered and searched. */
export const consultListRoute = defineRoute({
  method: 'GET',
  path: '/consult/list/:gymId',
  params: gymIdParamsSchema,
  listOf: consultResource,
  status: 200,
  response: listOf(consultSchema),
});

/** Prospects waiting at the tablet: the list's badge, polled every 5 s. */
export const consultWaitingRoute = defineRoute({
  method: 'GET',
  path: '/consult/waiting/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(z.object({ count: z.number().int() })),
});

export const consultGetRoute = defineRoute({
  method: 'GET',
  path: '/consult/:id/detail',
  params: idParamsSchema,
  status: 200,
  response: dataOf(consultDetailSchema),
});

/** `DELETE /web/consult/{id}`: consultSettingYn. */
export const consultDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/consult/:id',
  params: idParamsSchema,
  status: 204,
  response: z.null(),
});

/** A staff member takes a waiting prospect: WAIT → CONSULTING, and the tablet moves to the result. */
export const consultCallRoute = defineRoute({
  method: 'POST',
  path: '/consult/:id/call',
  params: idParamsSchema,
  status: 200,
  response: dataOf(consultSchema),
});

/** The staff wrap-up: registered, follow-up or lost. */
export const consultFinishRoute = defineRoute({
  method: 'POST',
  path: '/consult/:id/finish',
  params: idParamsSchema,
  body: consultFinishSchema,
  status: 200,
  response: dataOf(consultSchema),
});

/** The prospect becomes a customer (deduplicated by phone): the sale drawer then sells the pass. */
export const consultConvertRoute = defineRoute({
  method: 'POST',
  path: '/consult/:id/customer',
  params: idParamsSchema,
  status: 200,
  response: dataOf(z.object({ customerId: z.number().int(), created: z.boolean() })),
});

/** A move in the lead pipeline, audited. */
export const consultStageRoute = defineRoute({
  method: 'PUT',
  path: '/consult/:id/stage',
  params: idParamsSchema,
  body: consultStageSchema,
  status: 200,
  response: dataOf(consultSchema),
});

export const consultFollowUpRoute = defineRoute({
  method: 'POST',
  path: '/consult/:id/follow-up',
  params: idParamsSchema,
  body: consultFollowUpSchema,
  status: 200,
  response: dataOf(consultSchema),
});

/** The facility's active survey (the default template until the facility saves its own). */
export const surveyGetRoute = defineRoute({
  method: 'GET',
  path: '/consult/survey/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(surveySchema),
});

/** Saving a survey writes its next version; old consults keep theirs. consultSettingYn. */
export const surveySaveRoute = defineRoute({
  method: 'POST',
  path: '/consult/survey/:gymId',
  params: gymIdParamsSchema,
  body: surveyDefinitionSchema,
  status: 201,
  response: dataOf(surveySchema),
});

export const pipelineRoute = defineRoute({
  method: 'GET',
  path: '/consult/pipeline/:gymId',
  params: gymIdParamsSchema,
  query: z.strictObject({
    month: calendarMonth.optional(),
  }),
  status: 200,
  response: dataOf(pipelineSchema),
});

/** A staff member opens the tablet flow: the tablet's token, valid for the working day. */
export const kioskOpenRoute = defineRoute({
  method: 'POST',
  path: '/consult/kiosk/:gymId',
  params: gymIdParamsSchema,
  status: 201,
  response: dataOf(z.object({ token: z.string(), expiresAt: z.string() })),
});

export const kioskInfoRoute = defineRoute({
  method: 'GET',
  path: '/kiosk/consult',
  status: 200,
  response: dataOf(kioskInfoSchema),
});

export const kioskCreateRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult',
  body: kioskConsultCreateSchema,
  status: 201,
  response: dataOf(kioskConsultSchema),
});

export const kioskStatusRoute = defineRoute({
  method: 'GET',
  path: '/kiosk/consult/:token',
  params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'invalidFormat') }),
  status: 200,
  response: dataOf(kioskConsultSchema),
});

/** The header that carries the tablet's token. */
export const KIOSK_HEADER = 'x-kiosk-token';
