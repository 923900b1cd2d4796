import { z } from 'zod';
import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import { gymIdQuerySchema } from '../schemas/customer.ts';
import {
  autoKindParamsSchema,
  autoMessageSettingSchema,
  autoMessageUpdateSchema,
  customerConsentSchema,
  customerConsentUpdateSchema,
  kakaoChannelConnectSchema,
  kakaoChannelSchema,
  kakaoTemplateCreateSchema,
  kakaoTemplateSchema,
  kakaoTemplateUpdateSchema,
  messageCreditTopupResultSchema,
  messageCreditTopupSchema,
  messagePlatformSettingsSchema,
  messagePlatformSettingsUpdateSchema,
  messageReviewSchema,
  messageSenderCreateSchema,
  messageSenderResubmitSchema,
  messageSenderSchema,
  messageSettingsGymBodySchema,
  messageSettingsGymQuerySchema,
  messageSettingsStatusSchema,
  platformKakaoTemplateSchema,
  platformMessageSenderSchema,
  platformReviewListQuerySchema,
} from '../schemas/message-settings.ts';
import { defineRoute } from './define.ts';

// The messaging settings (docs/rules.md#messaging). Facility routes: read with adMessageUseYn, change with
// adMessageSettingYn, no add-on needed; another facility's number, template or setting answers 404. Operator
// routes (`/platform/message/*`): SUPERADMIN only (403 otherwise). An illegal review step answers 409
// `illegalTransition` naming both states.

// ---- The provider

/** `GET /web/message/status?gymId=`: whether the provider is in test mode (read with adMessageUseYn, no add-on). */
export const messageSettingsStatusRoute = defineRoute({
  method: 'GET',
  path: '/message/status',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(messageSettingsStatusSchema),
});

// ---- Sender numbers

/** `GET /web/message/sender?gymId=`: the facility's sender numbers, newest first, with their review state. */
export const messageSenderListRoute = defineRoute({
  method: 'GET',
  path: '/message/sender',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(z.array(messageSenderSchema)),
});

/** `POST /web/message/sender`: registers a number for review (REQUEST); 409 `messageSenderTaken` when already there. */
export const messageSenderCreateRoute = defineRoute({
  method: 'POST',
  path: '/message/sender',
  body: messageSenderCreateSchema,
  status: 201,
  response: dataOf(messageSenderSchema),
});

/** `POST /web/message/sender/{id}/resubmit`: after DENY or NEED, new documents, back to REQUEST. */
export const messageSenderResubmitRoute = defineRoute({
  method: 'POST',
  path: '/message/sender/:id/resubmit',
  params: idParamsSchema,
  body: messageSenderResubmitSchema,
  status: 200,
  response: dataOf(messageSenderSchema),
});

/** `DELETE /web/message/sender/{id}?gymId=`: 409 `messageSenderInUse` while a scheduled (WAIT) send uses it. */
export const messageSenderDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/message/sender/:id',
  params: idParamsSchema,
  query: messageSettingsGymQuerySchema,
  status: 204,
  response: z.null(),
});

// ---- The Kakao channel and templates

/** `GET /web/message/kakao?gymId=`: the channel (connected or not). */
export const kakaoChannelRoute = defineRoute({
  method: 'GET',
  path: '/message/kakao',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(kakaoChannelSchema),
});

/** `PUT /web/message/kakao`: connects (or reconnects) the channel with its search id and profile key. */
export const kakaoChannelConnectRoute = defineRoute({
  method: 'PUT',
  path: '/message/kakao',
  body: kakaoChannelConnectSchema,
  status: 200,
  response: dataOf(kakaoChannelSchema),
});

/** `DELETE /web/message/kakao?gymId=`: disconnects; the automatic messages fall back to SMS/LMS. */
export const kakaoChannelDisconnectRoute = defineRoute({
  method: 'DELETE',
  path: '/message/kakao',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(kakaoChannelSchema),
});

/** `GET /web/message/kakao/template?gymId=`: the facility's 알림톡 templates, newest first. */
export const kakaoTemplateListRoute = defineRoute({
  method: 'GET',
  path: '/message/kakao/template',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(z.array(kakaoTemplateSchema)),
});

/** `POST /web/message/kakao/template`: a new template, sent to review (REQUEST). */
export const kakaoTemplateCreateRoute = defineRoute({
  method: 'POST',
  path: '/message/kakao/template',
  body: kakaoTemplateCreateSchema,
  status: 201,
  response: dataOf(kakaoTemplateSchema),
});

/** `PUT /web/message/kakao/template/{id}`: edits a template while not APPROVE. */
export const kakaoTemplateUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/message/kakao/template/:id',
  params: idParamsSchema,
  body: kakaoTemplateUpdateSchema,
  status: 200,
  response: dataOf(kakaoTemplateSchema),
});

/** `POST /web/message/kakao/template/{id}/submit`: DENY or NEED back to review (REQUEST). */
export const kakaoTemplateSubmitRoute = defineRoute({
  method: 'POST',
  path: '/message/kakao/template/:id/submit',
  params: idParamsSchema,
  body: messageSettingsGymBodySchema,
  status: 200,
  response: dataOf(kakaoTemplateSchema),
});

// ---- Automatic messages

/** `GET /web/message/auto?gymId=`: all 12 kinds, the defaults for those never saved. */
export const autoMessageListRoute = defineRoute({
  method: 'GET',
  path: '/message/auto',
  query: messageSettingsGymQuerySchema,
  status: 200,
  response: dataOf(z.array(autoMessageSettingSchema)),
});

/** `PUT /web/message/auto/{kind}`: one kind's switch, text, template, hour and numbers. */
export const autoMessageUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/message/auto/:kind',
  params: autoKindParamsSchema,
  body: autoMessageUpdateSchema,
  status: 200,
  response: dataOf(autoMessageSettingSchema),
});

// ---- Customer consents (the customer's rights: memberUseYn reads, memberSettingYn changes, within the reach)

/** `GET /web/member/customer/{id}/consent?gymId=`: the four channels' state and the history. */
export const customerConsentRoute = defineRoute({
  method: 'GET',
  path: '/member/customer/:id/consent',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(customerConsentSchema),
});

/** `PUT /web/member/customer/{id}/consent?gymId=`: gives or withdraws channels, with how it was given. */
export const customerConsentUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/member/customer/:id/consent',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  body: customerConsentUpdateSchema,
  status: 200,
  response: dataOf(customerConsentSchema),
});

// ---- The operator (SUPERADMIN)

/** `GET /web/platform/message/sender?status=`: sender numbers of every facility, oldest request first. */
export const platformSenderListRoute = defineRoute({
  method: 'GET',
  path: '/platform/message/sender',
  query: platformReviewListQuerySchema,
  status: 200,
  response: listOf(platformMessageSenderSchema),
});

/** `POST /web/platform/message/sender/{id}/review`: REQUEST → APPROVE, DENY or NEED (with the note). */
export const platformSenderReviewRoute = defineRoute({
  method: 'POST',
  path: '/platform/message/sender/:id/review',
  params: idParamsSchema,
  body: messageReviewSchema,
  status: 200,
  response: dataOf(platformMessageSenderSchema),
});

/** `GET /web/platform/message/template?status=`: 알림톡 templates of every facility (Kakao's review in test mode). */
export const platformTemplateListRoute = defineRoute({
  method: 'GET',
  path: '/platform/message/template',
  query: platformReviewListQuerySchema,
  status: 200,
  response: listOf(platformKakaoTemplateSchema),
});

/** `POST /web/platform/message/template/{id}/review`: REQUEST → APPROVE, DENY or NEED (with the reason). */
export const platformTemplateReviewRoute = defineRoute({
  method: 'POST',
  path: '/platform/message/template/:id/review',
  params: idParamsSchema,
  body: messageReviewSchema,
  status: 200,
  response: dataOf(platformKakaoTemplateSchema),
});

/** `GET /web/platform/message/settings`: the price per kind and the 080 opt-out number. */
export const platformMessageSettingsRoute = defineRoute({
  method: 'GET',
  path: '/platform/message/settings',
  status: 200,
  response: dataOf(messagePlatformSettingsSchema),
});

export const platformMessageSettingsUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/platform/message/settings',
  body: messagePlatformSettingsUpdateSchema,
  status: 200,
  response: dataOf(messagePlatformSettingsSchema),
});

/** `POST /web/platform/message/credit`: tops up a facility's credits (a TOPUP row with its note). */
export const platformCreditTopupRoute = defineRoute({
  method: 'POST',
  path: '/platform/message/credit',
  body: messageCreditTopupSchema,
  status: 201,
  response: dataOf(messageCreditTopupResultSchema),
});
