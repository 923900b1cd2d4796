import { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  entryKioskInfoSchema,
  entryKioskOpenedSchema,
  entryListQuerySchema,
  entrySchema,
  entrySettingsSchema,
  entrySettingsUpdateSchema,
  entryStatsQuerySchema,
  entryStatsSchema,
  kioskAnswerSchema,
  kioskBalanceAnswerSchema,
  kioskBalanceSchema,
  kioskCheckSchema,
  kioskExitSchema,
  kioskOverrideSchema,
  manualEntrySchema,
  membershipQrSchema,
  membershipQrSendSchema,
} from '../schemas/entry.ts';
import { defineRoute } from './define.ts';

// Check-in (docs/rules.md#check-in). Every call needs the facility's ENTER add-on in APPROVE (403
// `enterAddOnRequired`). Staff read with memberUseYn and change with memberSettingYn; the rules are the
// representative's. The kiosk's calls carry its token in the `x-entry-token` header and nothing else: they try
// check-ins, let a staff member override one or leave, and can neither list customers nor read one.

export const ENTRY_KIOSK_HEADER = 'x-entry-token';

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive() });

/** `POST /web/entry-kiosk/{gymId}`: a staff member starts the kiosk; the tablet keeps the token. */
export const entryKioskOpenRoute = defineRoute({
  method: 'POST',
  path: '/entry-kiosk/:gymId',
  params: gymIdParamsSchema,
  status: 201,
  response: dataOf(entryKioskOpenedSchema),
});

export const entryKioskInfoRoute = defineRoute({
  method: 'GET',
  path: '/entry/kiosk/info',
  status: 200,
  response: dataOf(entryKioskInfoSchema),
});

/** A check-in attempt: written to the entry log (a known customer), or UNKNOWN / CHOOSE (nothing written). */
export const entryKioskCheckRoute = defineRoute({
  method: 'POST',
  path: '/entry/kiosk/check',
  body: kioskCheckSchema,
  status: 200,
  response: dataOf(kioskAnswerSchema),
});

export const entryKioskOverrideRoute = defineRoute({
  method: 'POST',
  path: '/entry/kiosk/override',
  body: kioskOverrideSchema,
  status: 200,
  response: dataOf(kioskAnswerSchema),
});

/** Staff at the kiosk read, with their password, what an unpaid refusal is owed and from which sales. */
export const entryKioskBalanceRoute = defineRoute({
  method: 'POST',
  path: '/entry/kiosk/balance',
  body: kioskBalanceSchema,
  status: 200,
  response: dataOf(kioskBalanceAnswerSchema),
});

/** Leaving the kiosk needs a staff member's password; the token is closed. */
export const entryKioskExitRoute = defineRoute({
  method: 'POST',
  path: '/entry/kiosk/exit',
  body: kioskExitSchema,
  status: 204,
  response: z.null(),
});

/** Staff check a customer in from the back office (method MANUAL). */
export const manualEntryRoute = defineRoute({
  method: 'POST',
  path: '/entry/manual/:gymId',
  params: gymIdParamsSchema,
  body: manualEntrySchema,
  status: 200,
  response: dataOf(kioskAnswerSchema),
});

/** `GET /web/entry/list/{gymId}`: the entry log, newest first, phones masked. */
export const entryListRoute = defineRoute({
  method: 'GET',
  path: '/entry/list/:gymId',
  params: gymIdParamsSchema,
  query: entryListQuerySchema,
  status: 200,
  response: listOf(entrySchema),
});

export const entryStatsRoute = defineRoute({
  method: 'GET',
  path: '/entry/stats/:gymId',
  params: gymIdParamsSchema,
  query: entryStatsQuerySchema,
  status: 200,
  response: dataOf(entryStatsSchema),
});

/** `GET /web/entry/export/{gymId}` with the list's filters: a CSV (UTF-8 with BOM), written to the audit log. */
export const entryExportRoute = defineRoute({
  method: 'GET',
  path: '/entry/export/:gymId',
  params: gymIdParamsSchema,
  query: entryListQuerySchema.omit({ _start: true, _end: true }),
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});

export const entrySettingsGetRoute = defineRoute({
  method: 'GET',
  path: '/entry-setting/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(entrySettingsSchema),
});

export const entrySettingsPutRoute = defineRoute({
  method: 'PUT',
  path: '/entry-setting/:gymId',
  params: gymIdParamsSchema,
  body: entrySettingsUpdateSchema,
  status: 200,
  response: dataOf(entrySettingsSchema),
});

/** `GET /web/member/qr/{id}?gymId=`: the customer's membership QR code (for the printable card). */
export const membershipQrRoute = defineRoute({
  method: 'GET',
  path: '/member/qr/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(membershipQrSchema),
});

/** Reissuing revokes every earlier code of the customer. */
export const membershipQrReissueRoute = defineRoute({
  method: 'POST',
  path: '/member/qr/:id/reissue',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(membershipQrSchema),
});

/** Sends the code to the customer's phone through the outbox. */
export const membershipQrSendRoute = defineRoute({
  method: 'POST',
  path: '/member/qr/:id/send',
  params: idParamsSchema,
  body: membershipQrSendSchema,
  status: 204,
  response: z.null(),
});
