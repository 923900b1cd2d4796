import { z } from 'zod';
import { addDays, isIsoDate, seoulToday } from '../rules/seoul-time.ts';

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** `{id}` in a path: the one id-parameter schema of every route (docs/architecture.md#api-contract). */
export const idParamsSchema = z.object({ id: idSchema });
/** `{gymId}` in a path: the facility a special route works in. */
export const gymIdParamsSchema = z.object({ gymId: idSchema });
/** `{memberId}` in a path: the account a route is about. */
export const memberIdParamsSchema = z.object({ memberId: idSchema });

export const isoDateTime = z.string().meta({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' });
/** A date the server answers: `YYYY-MM-DD`. Requests take `calendarDate`, `birthDate` or `calendarMonth`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat');

// The one date and month of every request (docs/rules.md#dates): a real calendar date, in the years a facility's
// records can hold. Every contract in domain/ takes these, so a bad date gets the same field error everywhere.
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';
export const BIRTH_DATE_MIN = '1900-01-01';

/** A real calendar date from `min` to `max` (both `YYYY-MM-DD`, included): 2026-02-30 and 9999-12-31 are not. */
export const isDateBetween = (value: string, min: string, max: string): boolean =>
  value.length === 10 && isIsoDate(value) && value >= min && value <= max;

/** A month `YYYY-MM`, 01 to 12, from 2000-01 to 2099-12. */
export const isCalendarMonth = (value: string): boolean =>
  /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= DATE_MIN.slice(0, 7) && value <= DATE_MAX.slice(0, 7);

/** A date in a request: a real calendar date from 2000-01-01 to 2099-12-31, else 400 `calendarDate`. */
export const calendarDate = z
  .string('calendarDate')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'calendarDate')
  .refine((value) => isDateBetween(value, DATE_MIN, DATE_MAX), 'calendarDate')
  .meta({ format: 'date', example: '2026-11-22' });

/**
 * A birth date in a request: a real calendar date from 1900-01-01 to today (Asia/Seoul, by the system clock, with a
 * day's grace so no time zone refuses a child born today), else 400 `birthDate`.
 */
export const birthDate = z
  .string('birthDate')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'birthDate')
  .refine((value) => isDateBetween(value, BIRTH_DATE_MIN, addDays(seoulToday(new Date()), 1)), 'birthDate')
  .meta({ format: 'date', example: '1990-01-31' });

/** A month in a request: `YYYY-MM`, from 2000-01 to 2099-12, else 400 `calendarMonth`. */
export const calendarMonth = z
  .string('calendarMonth')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'calendarMonth')
  .refine(isCalendarMonth, 'calendarMonth')
  .meta({ example: '2026-11' });

/** The error envelope (docs/architecture.md#api-contract) lives with the error codes. */
export { errorEnvelopeSchema as errorSchema } from '../errors.ts';

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A list answer: the page and the total (also in `X-Total-Count`). */
export const listOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), total: z.number().int() });
