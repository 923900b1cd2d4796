import { z } from 'zod';
import { dataOf, idParamsSchema } from '../schemas/common.ts';
import { consultFinishSchema, consultSchema } from '../schemas/consult.ts';
import {
  kioskSellSchema,
  kioskSoldSchema,
  kioskStaffSignInSchema,
  kioskStaffWindowSchema,
  kioskWrapUpSchema,
} from '../schemas/consult-kiosk.ts';
import { passPromotionsSchema } from '../schemas/desk.ts';
import { defineRoute } from './define.ts';

// The consulting tablet's staff steps (docs/rules.md#consulting). Every call carries the tablet's token
// (`x-kiosk-token`); the steps also carry a staff window's token (`x-kiosk-staff`), which a staff member opens at
// the tablet with their sign-in id and password. Their rights in the tablet's facility are checked on every step,
// and they are the actor of its audit rows. No call here takes or needs a session.

/** The header that carries a staff window's token. */
export const KIOSK_STAFF_HEADER = 'x-kiosk-staff';

/** A staff member signs in at the tablet: a staff window of a few minutes (consultUseYn at least). */
export const kioskStaffOpenRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult-staff',
  body: kioskStaffSignInSchema,
  status: 201,
  response: dataOf(kioskStaffWindowSchema),
});

/** The staff member is done: the window's token reaches nothing after. */
export const kioskStaffEndRoute = defineRoute({
  method: 'DELETE',
  path: '/kiosk/consult-staff',
  status: 204,
  response: z.null(),
});

/** The wrap-up's view of one consult of the tablet's facility (consultUseYn). */
export const kioskStaffConsultRoute = defineRoute({
  method: 'GET',
  path: '/kiosk/consult-staff/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(kioskWrapUpSchema),
});

/** "Staff: see the result": the staff member takes the waiting prospect (consultSettingYn). */
export const kioskStaffCallRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult-staff/:id/call',
  params: idParamsSchema,
  status: 200,
  response: dataOf(consultSchema),
});

/** The wrap-up: registered, follow-up or lost (consultSettingYn). */
export const kioskStaffFinishRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult-staff/:id/finish',
  params: idParamsSchema,
  body: consultFinishSchema,
  status: 200,
  response: dataOf(consultSchema),
});

/** The prospect's customer: the one with that phone, or a new one (consultSettingYn and memberSettingYn). */
export const kioskStaffCustomerRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult-staff/:id/customer',
  params: idParamsSchema,
  status: 200,
  response: dataOf(z.object({ customerId: z.number().int(), created: z.boolean() })),
});

/**
 * The promotions running today on pass products, with the uses of the consult's customer (none before there is
 * one), as the customer page's sale offers them (memberSettingYn; docs/rules.md#promotions).
 */
export const kioskStaffPromotionsRoute = defineRoute({
  method: 'GET',
  path: '/kiosk/consult-staff/:id/promotions',
  params: idParamsSchema,
  status: 200,
  response: dataOf(passPromotionsSchema),
});

/** A pass sold to the consult's customer, as the customer page sells it (memberSettingYn). */
export const kioskStaffSellRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult-staff/:id/sell',
  params: idParamsSchema,
  body: kioskSellSchema,
  status: 201,
  response: dataOf(kioskSoldSchema),
});

/** Closing the tablet: a staff member's sign-in id and password; its token reaches nothing after. */
export const kioskCloseRoute = defineRoute({
  method: 'POST',
  path: '/kiosk/consult/close',
  body: kioskStaffSignInSchema,
  status: 204,
  response: z.null(),
});
