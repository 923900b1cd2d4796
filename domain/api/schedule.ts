import { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  attendanceSchema,
  bookingLinkCreateSchema,
  bookingLinkSchema,
  bookingSettingsSchema,
  bookingSettingsUpdateSchema,
  bookSchema,
  lessonCancelSchema,
  lessonCreateSchema,
  lessonDetailSchema,
  lessonListQuerySchema,
  lessonSchema,
  lessonUpdateSchema,
  lessonWriteResultSchema,
  payReportQuerySchema,
  payReportSchema,
  reservationCancelSchema,
  reservationDetailSchema,
  reservationListQuerySchema,
  reservationSchema,
  selfBookingSchema,
  selfBookSchema,
  trainerCreateSchema,
  trainerSchema,
  trainerUpdateSchema,
} from '../schemas/schedule.ts';
import { defineRoute } from './define.ts';

// The schedule (docs/rules.md#schedule): lessons, reservations with the waitlist, attendance, trainers and their
// pay, the facility's booking rules, and the customer's own booking page. Staff read with memberUseYn and change
// with memberSettingYn; the booking rules are the representative's. The booking page's calls carry the
// customer's token in the `x-booking-token` header and nothing else.

export const bookingSettingsGetRoute = defineRoute({
  method: 'GET',
  path: '/booking-setting/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(bookingSettingsSchema),
});

export const bookingSettingsPutRoute = defineRoute({
  method: 'PUT',
  path: '/booking-setting/:gymId',
  params: gymIdParamsSchema,
  body: bookingSettingsUpdateSchema,
  status: 200,
  response: dataOf(bookingSettingsSchema),
});

/** `GET /web/lesson/list/{gymId}?from&to`: the lessons of at most 42 days (a month view), with counts. */
export const lessonListRoute = defineRoute({
  method: 'GET',
  path: '/lesson/list/:gymId',
  params: gymIdParamsSchema,
  query: lessonListQuerySchema,
  status: 200,
  response: listOf(lessonSchema),
});

export const lessonCreateRoute = defineRoute({
  method: 'POST',
  path: '/lesson',
  body: lessonCreateSchema,
  status: 201,
  response: dataOf(lessonWriteResultSchema),
});

export const lessonGetRoute = defineRoute({
  method: 'GET',
  path: '/lesson/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(lessonDetailSchema),
});

export const lessonUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/lesson/:id',
  params: idParamsSchema,
  body: lessonUpdateSchema,
  status: 200,
  response: dataOf(lessonWriteResultSchema),
});

export const lessonCancelRoute = defineRoute({
  method: 'POST',
  path: '/lesson/:id/cancel',
  params: idParamsSchema,
  body: lessonCancelSchema,
  status: 200,
  response: dataOf(lessonWriteResultSchema),
});

/** `POST /web/reservation`: book a customer; a full lesson puts the booking on the waitlist. */
export const bookRoute = defineRoute({
  method: 'POST',
  path: '/reservation',
  body: bookSchema,
  status: 201,
  response: dataOf(reservationSchema),
});

export const reservationCancelRoute = defineRoute({
  method: 'POST',
  path: '/reservation/:id/cancel',
  params: idParamsSchema,
  body: reservationCancelSchema,
  status: 200,
  response: dataOf(reservationSchema),
});

export const attendanceRoute = defineRoute({
  method: 'POST',
  path: '/reservation/:id/attendance',
  params: idParamsSchema,
  body: attendanceSchema,
  status: 200,
  response: dataOf(reservationSchema),
});

export const reservationListRoute = defineRoute({
  method: 'GET',
  path: '/reservation/list/:gymId',
  params: gymIdParamsSchema,
  query: reservationListQuerySchema,
  status: 200,
  response: listOf(reservationSchema),
});

export const reservationGetRoute = defineRoute({
  method: 'GET',
  path: '/reservation/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(reservationDetailSchema),
});

export const trainerListRoute = defineRoute({
  method: 'GET',
  path: '/trainer/list/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: listOf(trainerSchema),
});

export const trainerCreateRoute = defineRoute({
  method: 'POST',
  path: '/trainer',
  body: trainerCreateSchema,
  status: 201,
  response: dataOf(trainerSchema),
});

export const trainerGetRoute = defineRoute({
  method: 'GET',
  path: '/trainer/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(trainerSchema),
});

export const trainerUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/trainer/:id',
  params: idParamsSchema,
  body: trainerUpdateSchema,
  status: 200,
  response: dataOf(trainerSchema),
});

export const payReportRoute = defineRoute({
  method: 'GET',
  path: '/trainer/:id/pay',
  params: idParamsSchema,
  query: payReportQuerySchema,
  status: 200,
  response: dataOf(payReportSchema),
});

/** `POST /web/booking-link`: a customer's own booking link (a new one revokes the old). */
export const bookingLinkRoute = defineRoute({
  method: 'POST',
  path: '/booking-link',
  body: bookingLinkCreateSchema,
  status: 201,
  response: dataOf(bookingLinkSchema),
});

/** `GET /web/self-booking`: the booking page's view, for the customer whose token is in `x-booking-token`. */
export const selfBookingGetRoute = defineRoute({
  method: 'GET',
  path: '/self-booking',
  status: 200,
  response: dataOf(selfBookingSchema),
});

export const selfBookRoute = defineRoute({
  method: 'POST',
  path: '/self-booking/reservation',
  body: selfBookSchema,
  status: 201,
  response: dataOf(z.object({ id: z.number().int(), status: reservationSchema.shape.status })),
});

export const selfCancelRoute = defineRoute({
  method: 'POST',
  path: '/self-booking/reservation/:id/cancel',
  params: idParamsSchema,
  status: 200,
  response: dataOf(z.object({ id: z.number().int(), status: reservationSchema.shape.status })),
});
