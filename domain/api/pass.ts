import type { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import { passPromotionsSchema, promotionUsageQuerySchema } from '../schemas/desk.ts';
import {
  adjustBodySchema,
  collectBodySchema,
  endHoldBodySchema,
  holdBodySchema,
  refundBodySchema,
  refundPreviewSchema,
  refundQuerySchema,
  sellBodySchema,
  ticketIssueDetailSchema,
  ticketIssueListQuerySchema,
  ticketIssueSchema,
  transferBodySchema,
} from '../schemas/pass.ts';
import { defineRoute } from './define.ts';

// Sold passes and their actions (docs/rules.md#passes): read with memberUseYn, changed with memberSettingYn. The
// pass products are the declared resource `ticket` (generic routes at /web/ticket).

/** `GET /web/ticket-issue/list/{gymId}`: every sold pass, with filters. */
export const ticketIssueListRoute = defineRoute({
  method: 'GET',
  path: '/ticket-issue/list/:gymId',
  params: gymIdParamsSchema,
  query: ticketIssueListQuerySchema,
  status: 200,
  response: listOf(ticketIssueSchema),
});

/** `GET /web/ticket-issue/{id}`: one pass, whole. */
export const ticketIssueGetRoute = defineRoute({
  method: 'GET',
  path: '/ticket-issue/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(ticketIssueDetailSchema),
});

/**
 * `GET /web/ticket-issue/promotions/{gymId}?memberId=`: the promotions running today that name a pass product, with
 * the customer's uses (docs/rules.md#promotions), for the customer page's sale (memberSettingYn).
 */
export const passPromotionsRoute = defineRoute({
  method: 'GET',
  path: '/ticket-issue/promotions/:gymId',
  params: gymIdParamsSchema,
  query: promotionUsageQuerySchema,
  status: 200,
  response: dataOf(passPromotionsSchema),
});

/** `POST /web/ticket-issue/sell`: sell a pass (the pass, the sale, the payment lines, the audit rows: one transaction). */
export const sellRoute = defineRoute({
  method: 'POST',
  path: '/ticket-issue/sell',
  body: sellBodySchema,
  status: 201,
  response: dataOf(ticketIssueDetailSchema),
});

const action = <P extends string, B extends z.ZodType>(path: P, body: B) =>
  defineRoute({
    method: 'POST',
    path,
    params: idParamsSchema,
    body,
    status: 200,
    response: dataOf(ticketIssueDetailSchema),
  });

/** `POST /web/ticket-issue/{id}/hold`: hold the pass between two days (the product's limits apply). */
export const holdRoute = action('/ticket-issue/:id/hold', holdBodySchema);
/** `POST /web/ticket-issue/{id}/end-hold`: end the current or coming hold early (default: today). */
export const endHoldRoute = action('/ticket-issue/:id/end-hold', endHoldBodySchema);
/** `POST /web/ticket-issue/{id}/transfer`: move the pass to another customer of the facility. */
export const transferRoute = action('/ticket-issue/:id/transfer', transferBodySchema);
/** `POST /web/ticket-issue/{id}/adjust`: use or give back sessions by hand, with a note. */
export const adjustRoute = action('/ticket-issue/:id/adjust', adjustBodySchema);
/** `POST /web/ticket-issue/{id}/collect`: payment lines against the unpaid balance. */
export const collectRoute = action('/ticket-issue/:id/collect', collectBodySchema);
/** `POST /web/ticket-issue/{id}/refund`: refund at most what the formula allows. */
export const refundRoute = action('/ticket-issue/:id/refund', refundBodySchema);

/** `GET /web/ticket-issue/{id}/refund-preview?fault=`: the formula, each line shown (the write uses the same function). */
export const refundPreviewRoute = defineRoute({
  method: 'GET',
  path: '/ticket-issue/:id/refund-preview',
  params: idParamsSchema,
  query: refundQuerySchema,
  status: 200,
  response: dataOf(refundPreviewSchema),
});
