import { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  endRentalBodySchema,
  lockerBankSchema,
  lockerBankWriteSchema,
  lockerMapSchema,
  lockerRentalSchema,
  lockerRoomSchema,
  lockerRoomWriteSchema,
  lockerTileSchema,
  lockerUpdateSchema,
  moveBodySchema,
  renewBodySchema,
  rentalListQuerySchema,
  rentBodySchema,
  rentResultSchema,
} from '../schemas/locker.ts';
import { defineRoute } from './define.ts';

// Lockers (docs/rules.md#lockers). Every call needs the facility's LOCKER add-on in APPROVE (403
// `lockerAddOnRequired`); staff read with memberUseYn and change with memberSettingYn. Ids of rooms, banks, lockers
// and rentals are the facility's own: another facility's answer 404.

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive() });
const gymIdField = { gymId: z.number().int().positive() };
const withGym = <S extends z.ZodRawShape, C extends z.core.$ZodObjectConfig>(schema: z.ZodObject<S, C>) =>
  schema.extend(gymIdField);

/** `GET /web/locker/map/{gymId}`: rooms, banks, every locker with its state, and the legend's counts. */
export const lockerMapRoute = defineRoute({
  method: 'GET',
  path: '/locker/map/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(lockerMapSchema),
});

export const lockerRoomCreateRoute = defineRoute({
  method: 'POST',
  path: '/locker/room',
  body: withGym(lockerRoomWriteSchema),
  status: 201,
  response: dataOf(lockerRoomSchema),
});

export const lockerRoomUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/locker/room/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: lockerRoomWriteSchema,
  status: 200,
  response: dataOf(lockerRoomSchema),
});

/** A room with an active rental in any of its lockers cannot be removed (409 roomInUse). */
export const lockerRoomDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/locker/room/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 204,
  response: z.null(),
});

/** A bank and its lockers, numbered by `bankPositions` (domain/rules/locker.ts). */
export const lockerBankCreateRoute = defineRoute({
  method: 'POST',
  path: '/locker/bank',
  body: withGym(lockerBankWriteSchema),
  status: 201,
  response: dataOf(lockerBankSchema),
});

/** Renaming is always allowed; a new shape or numbering is refused while any of its lockers was ever rented. */
export const lockerBankUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/locker/bank/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: lockerBankWriteSchema,
  status: 200,
  response: dataOf(lockerBankSchema),
});

export const lockerBankDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/locker/bank/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 204,
  response: z.null(),
});

export const lockerUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/locker/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: lockerUpdateSchema,
  status: 200,
  response: dataOf(lockerTileSchema),
});

/** Renting: one ACTIVE rental per locker; one per customer unless the facility allows more. */
export const lockerRentRoute = defineRoute({
  method: 'POST',
  path: '/locker/rental',
  body: withGym(rentBodySchema),
  status: 201,
  response: dataOf(rentResultSchema),
});

export const lockerRentalGetRoute = defineRoute({
  method: 'GET',
  path: '/locker/rental/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(lockerRentalSchema),
});

/** `GET /web/locker/rental/list/{gymId}?view=`: active, expiring soon, expired not returned, or ended. */
export const lockerRentalListRoute = defineRoute({
  method: 'GET',
  path: '/locker/rental/list/:gymId',
  params: gymIdParamsSchema,
  query: rentalListQuerySchema,
  status: 200,
  response: listOf(lockerRentalSchema),
});

export const lockerRenewRoute = defineRoute({
  method: 'POST',
  path: '/locker/rental/:id/renew',
  params: idParamsSchema,
  query: gymQuery,
  body: renewBodySchema,
  status: 200,
  response: dataOf(lockerRentalSchema),
});

export const lockerMoveRoute = defineRoute({
  method: 'POST',
  path: '/locker/rental/:id/move',
  params: idParamsSchema,
  query: gymQuery,
  body: moveBodySchema,
  status: 200,
  response: dataOf(lockerRentalSchema),
});

export const lockerEndRoute = defineRoute({
  method: 'POST',
  path: '/locker/rental/:id/end',
  params: idParamsSchema,
  query: gymQuery,
  body: endRentalBodySchema,
  status: 200,
  response: dataOf(lockerRentalSchema),
});
