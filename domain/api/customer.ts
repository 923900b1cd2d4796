import { z } from 'zod';
import { dataOf, idParamsSchema, listOf, memberIdParamsSchema } from '../schemas/common.ts';
import {
  batchCreateBodySchema,
  batchCreateQuerySchema,
  customerCreateSchema,
  customerDetailSchema,
  customerExportQuerySchema,
  customerListQuerySchema,
  customerSchema,
  customerUpdateSchema,
  eraseBodySchema,
  gymIdQuerySchema,
  importResultSchema,
  memoCreateSchema,
  memoSchema,
  segmentCountsSchema,
} from '../schemas/customer.ts';
import { memberStopBodySchema, ticketIssueDetailSchema, usageSchema } from '../schemas/pass.ts';
import { defineRoute } from './define.ts';

// A facility's customers (docs/rules.md#customers): read with memberUseYn, changed with memberSettingYn; the
// erasure is the representative's.

const customerList = <P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path,
    query: customerListQuerySchema,
    status: 200,
    response: listOf(customerSchema),
  });

/** `GET /web/member/total-list?gymId=&segment=`: the customer list; `segment` picks the tab. */
export const customerListRoute = customerList('/member/total-list');
/** `GET /web/member/active-list?gymId=`: the active segment. */
export const activeListRoute = customerList('/member/active-list');
/** `GET /web/member/stop-list?gymId=`: customers on hold today. */
export const stopListRoute = customerList('/member/stop-list');
/** `GET /web/member/will-inactive-list?gymId=&days=`: passes ending within `days` (or 2 sessions or fewer). */
export const willInactiveListRoute = customerList('/member/will-inactive-list');
/** `GET /web/member/inactive-list?gymId=`: expired customers. */
export const inactiveListRoute = customerList('/member/inactive-list');

/** `GET /web/member/segment-counts?gymId=&days=`: every tab's count in one statement. */
export const segmentCountsRoute = defineRoute({
  method: 'GET',
  path: '/member/segment-counts',
  query: z.strictObject({
    gymId: customerListQuerySchema.shape.gymId,
    days: customerListQuerySchema.shape.days,
  }),
  status: 200,
  response: dataOf(segmentCountsSchema),
});

/** `GET /web/member/customer-export?gymId=&segment=&q=&ids=`: a CSV (UTF-8 with BOM), written to the audit log. */
export const customerExportRoute = defineRoute({
  method: 'GET',
  path: '/member/customer-export',
  query: customerExportQuerySchema,
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});

/** `POST /web/member/customer?gymId=`: register a customer. A phone already there answers 409 `duplicatePhone`. */
export const customerCreateRoute = defineRoute({
  method: 'POST',
  path: '/member/customer',
  query: gymIdQuerySchema,
  body: customerCreateSchema,
  status: 201,
  response: dataOf(customerDetailSchema),
});

/** `GET /web/member/customer/{id}?gymId=`: one customer, with the whole phone number. */
export const customerGetRoute = defineRoute({
  method: 'GET',
  path: '/member/customer/:id',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(customerDetailSchema),
});

/** `GET /web/member/customer-lookup?gymId=&phone=`: the customer with this phone, if any (the add drawer). */
export const customerLookupRoute = defineRoute({
  method: 'GET',
  path: '/member/customer-lookup',
  query: z.strictObject({ gymId: customerListQuerySchema.shape.gymId, phone: z.string().max(20) }),
  status: 200,
  response: dataOf(customerSchema.nullable()),
});

/** `PUT /web/member/customer/{id}?gymId=`: edit the profile. */
export const customerUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/member/customer/:id',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  body: customerUpdateSchema,
  status: 200,
  response: dataOf(customerDetailSchema),
});

/** `POST /web/member/batch-create?gymId=&dryRun=`: the CSV import; all rows or none. */
export const batchCreateRoute = defineRoute({
  method: 'POST',
  path: '/member/batch-create',
  query: batchCreateQuerySchema,
  body: batchCreateBodySchema,
  status: 200,
  response: dataOf(importResultSchema),
});

/** `POST /web/member/stop/{memberId}`: hold every current pass of the customer (the same rules as one hold). */
export const memberStopRoute = defineRoute({
  method: 'POST',
  path: '/member/stop/:memberId',
  params: memberIdParamsSchema,
  body: memberStopBodySchema,
  status: 200,
  response: dataOf(z.array(ticketIssueDetailSchema)),
});

/** `DELETE /web/member/{memberId}?gymId=` (the SPEC's name; `{id}` here, like the other `/member/{id}` calls). */
export const customerRemoveRoute = defineRoute({
  method: 'DELETE',
  path: '/member/:id',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(customerDetailSchema),
});

/** `DELETE /web/member/delete-all/{id}?gymId=`: erase the personal data (representative); money rows stay. */
export const customerEraseRoute = defineRoute({
  method: 'DELETE',
  path: '/member/delete-all/:id',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  body: eraseBodySchema,
  status: 200,
  response: dataOf(customerDetailSchema),
});

/** `GET /web/member/ticket-issue-list/{id}?gymId=`: the customer's passes, current first, each whole. */
export const customerPassesRoute = defineRoute({
  method: 'GET',
  path: '/member/ticket-issue-list/:id',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(z.array(ticketIssueDetailSchema)),
});

/** `GET /web/member/customer/{id}/memos?gymId=`: the memo timeline, newest first. */
export const customerMemosRoute = defineRoute({
  method: 'GET',
  path: '/member/customer/:id/memos',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(z.array(memoSchema)),
});

/** `POST /web/member/customer/{id}/memos?gymId=`: add a memo. */
export const customerMemoCreateRoute = defineRoute({
  method: 'POST',
  path: '/member/customer/:id/memos',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  body: memoCreateSchema,
  status: 201,
  response: dataOf(memoSchema),
});

/** `GET /web/member/customer/{id}/usage?gymId=`: the usage history across the customer's passes, newest first. */
export const customerUsageRoute = defineRoute({
  method: 'GET',
  path: '/member/customer/:id/usage',
  params: idParamsSchema,
  query: gymIdQuerySchema,
  status: 200,
  response: dataOf(z.array(usageSchema.extend({ ticketIssueId: z.number().int(), ticketName: z.string() }))),
});
