import { z } from 'zod';
import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  messageAudienceCountSchema,
  messageAudienceQuerySchema,
  messageCreditListQuerySchema,
  messageCreditSchema,
  messageGymActionSchema,
  messageOverviewSchema,
  messageRecipientListQuerySchema,
  messageRecipientSchema,
  messageSendCreateSchema,
  messageSendListQuerySchema,
  messageSendSchema,
  messageTestSendSchema,
  messageWebhookResultSchema,
} from '../schemas/message.ts';
import { defineRoute } from './define.ts';

// Group messages (docs/rules.md#messaging): read and sent with adMessageUseYn while the MESSAGE add-on is APPROVE
// (403 `messageAddOnRequired` without it). A send, recipient or credit row of another facility answers 404.

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /web/message/overview`: the credit balance, prices, test mode, approved senders and templates. */
export const messageOverviewRoute = defineRoute({
  method: 'GET',
  path: '/message/overview',
  query: gymQuery,
  status: 200,
  response: dataOf(messageOverviewSchema),
});

/** `GET /web/message/send`: the facility's sends, newest first, with their counts and cost. */
export const messageSendListRoute = defineRoute({
  method: 'GET',
  path: '/message/send',
  query: messageSendListQuerySchema,
  status: 200,
  response: listOf(messageSendSchema),
});

export const messageSendDetailRoute = defineRoute({
  method: 'GET',
  path: '/message/send/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(messageSendSchema),
});

/** `GET /web/message/send/{id}/recipient`: each person of a send with their state or exclusion, paged. */
export const messageRecipientListRoute = defineRoute({
  method: 'GET',
  path: '/message/send/:id/recipient',
  params: idParamsSchema,
  query: messageRecipientListQuerySchema,
  status: 200,
  response: listOf(messageRecipientSchema),
});

/** `POST /web/message/audience`: the live count of who will receive a send and who is excluded, with why. */
export const messageAudienceRoute = defineRoute({
  method: 'POST',
  path: '/message/audience',
  body: messageAudienceQuerySchema,
  status: 200,
  response: dataOf(messageAudienceCountSchema),
});

/**
 * `POST /web/message/send`: builds a send (recipients, exclusions, rendered texts, one charge each, the outbox rows)
 * in one transaction. 400 with field errors for an unapproved sender, a bad text, a past schedule, an unknown
 * variable or bad CSV lines; 409 `messageCreditsShort` (with the shortfall) or `messageNightChoiceNeeded`.
 */
export const messageSendCreateRoute = defineRoute({
  method: 'POST',
  path: '/message/send',
  body: messageSendCreateSchema,
  status: 201,
  response: dataOf(messageSendSchema),
});

/** `POST /web/message/send/{id}/cancel`: a scheduled send (WAIT) before it starts; its charges are refunded. */
export const messageSendCancelRoute = defineRoute({
  method: 'POST',
  path: '/message/send/:id/cancel',
  params: idParamsSchema,
  body: messageGymActionSchema,
  status: 200,
  response: dataOf(messageSendSchema),
});

/** `POST /web/message/send/{id}/resend`: a new send to the failed recipients of this one. */
export const messageSendResendRoute = defineRoute({
  method: 'POST',
  path: '/message/send/:id/resend',
  params: idParamsSchema,
  body: messageGymActionSchema,
  status: 201,
  response: dataOf(messageSendSchema),
});

/** `POST /web/message/test`: the composed message to the staff member's own phone, with the first recipient's values. */
export const messageTestSendRoute = defineRoute({
  method: 'POST',
  path: '/message/test',
  body: messageTestSendSchema,
  status: 201,
  response: dataOf(messageSendSchema),
});

/** `GET /web/message/credit`: the credit ledger, newest first. */
export const messageCreditListRoute = defineRoute({
  method: 'GET',
  path: '/message/credit',
  query: messageCreditListQuerySchema,
  status: 200,
  response: listOf(messageCreditSchema),
});

/**
 * `POST /web/message/webhook/report`: the provider's delivery reports, signed (`X-Fitdesk-Signature`, HMAC-SHA256
 * with MESSAGE_WEBHOOK_SECRET); public, 404 while no secret is configured. A report received twice changes nothing.
 */
export const messageWebhookReportRoute = defineRoute({
  method: 'POST',
  path: '/message/webhook/report',
  status: 200,
  response: dataOf(messageWebhookResultSchema),
});

/** `POST /web/message/webhook/opt-out`: the 080 opt-out callback, signed like the reports. */
export const messageWebhookOptOutRoute = defineRoute({
  method: 'POST',
  path: '/message/webhook/opt-out',
  status: 200,
  response: dataOf(messageWebhookResultSchema),
});
