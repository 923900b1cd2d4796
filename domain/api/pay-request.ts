import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  payRequestCardSchema,
  payRequestCreatedSchema,
  payRequestCreateSchema,
  payRequestGymBodySchema,
  payRequestListQuerySchema,
  payRequestPublicQuerySchema,
  payRequestPublicSchema,
  payRequestSchema,
  payRequestTransferSchema,
} from '../schemas/pay-request.ts';
import { defineRoute } from './define.ts';

// Payment requests (docs/rules.md#payment-requests). Staff read with payHistoryUseYn and change with
// payHistorySettingYn; ids are the facility's own (another facility's answer 404). The public routes need no
// session: the token (in the query or the body) is the only key, and every bad token answers one 404
// `payRequestInvalid`.

/** `POST /web/pay-request`: send a request for a sale's balance (409 `nothingOwed`, 400 `amountAboveOwed`). */
export const payRequestCreateRoute = defineRoute({
  method: 'POST',
  path: '/pay-request',
  body: payRequestCreateSchema,
  status: 201,
  response: dataOf(payRequestCreatedSchema),
});

/** `GET /web/pay-request?gymId&saleId`: a sale's (or the facility's) requests, newest first. */
export const payRequestListRoute = defineRoute({
  method: 'GET',
  path: '/pay-request',
  query: payRequestListQuerySchema,
  status: 200,
  response: listOf(payRequestSchema),
});

/** `POST /web/pay-request/:id/revoke`: an open (FIN) request stops working. */
export const payRequestRevokeRoute = defineRoute({
  method: 'POST',
  path: '/pay-request/:id/revoke',
  params: idParamsSchema,
  body: payRequestGymBodySchema,
  status: 200,
  response: dataOf(payRequestSchema),
});

/** `POST /web/pay-request/:id/confirm`: staff saw the transfer; writes the TRANSFER payment (status APPROVE). */
export const payRequestConfirmRoute = defineRoute({
  method: 'POST',
  path: '/pay-request/:id/confirm',
  params: idParamsSchema,
  body: payRequestGymBodySchema,
  status: 200,
  response: dataOf(payRequestSchema),
});

/** `GET /web/pay-request/public?token=`: the customer's page (no session). */
export const payRequestPublicGetRoute = defineRoute({
  method: 'GET',
  path: '/pay-request/public',
  query: payRequestPublicQuerySchema,
  status: 200,
  response: dataOf(payRequestPublicSchema),
});

/** `POST /web/pay-request/public/transfer`: the customer says they transferred (status WAIT). */
export const payRequestPublicTransferRoute = defineRoute({
  method: 'POST',
  path: '/pay-request/public/transfer',
  body: payRequestTransferSchema,
  status: 200,
  response: dataOf(payRequestPublicSchema),
});

/** `POST /web/pay-request/public/card`: pay by card through the PaymentProvider (status APPROVE). */
export const payRequestPublicCardRoute = defineRoute({
  method: 'POST',
  path: '/pay-request/public/card',
  body: payRequestCardSchema,
  status: 200,
  response: dataOf(payRequestPublicSchema),
});
