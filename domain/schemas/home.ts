import { z } from 'zod';
import type { SubServiceType } from '../enums.ts';
import type { GymRight } from '../permissions.ts';
import { isoDate, isoDateTime } from './common.ts';

// HOME's day (docs/rules.md#home): today's figures (Asia/Seoul) of an ACTIVE facility, each with the path of the
// list it summarises. A figure is there only for a viewer holding its right (and the facility its add-on, where
// the list needs one): the server does not compute the others, and their keys are absent from the answer.

const count = z.number().int().nonnegative();
const won = z.number().int();

/** The figures HOME can show, in the order it shows them. */
export const homeFigureKeys = [
  'checkIns',
  'newCustomers',
  'sales',
  'unpaid',
  'expiringPasses',
  'classes',
  'followUps',
] as const;
export type HomeFigureKey = (typeof homeFigureKeys)[number];

/**
 * Each figure's right, add-on and list (docs/rules.md#home): money needs payHistoryUseYn; customers, passes,
 * check-ins and classes memberUseYn; consultations consultUseYn. The check-ins need the ENTER add-on and the
 * follow-ups the CONSULT add-on, as their lists do.
 */
export const HOME_FIGURES: Record<
  HomeFigureKey,
  { right: GymRight; addOn?: SubServiceType; path: string; money?: true }
> = {
  checkIns: { right: 'memberUseYn', addOn: 'ENTER', path: '/manage/entryList' },
  newCustomers: { right: 'memberUseYn', path: '/memberManage/list' },
  sales: { right: 'payHistoryUseYn', path: '/pay/history', money: true },
  unpaid: { right: 'payHistoryUseYn', path: '/sales/unpaid', money: true },
  expiringPasses: { right: 'memberUseYn', path: '/ticket/issueList' },
  classes: { right: 'memberUseYn', path: '/plan/schedule' },
  followUps: { right: 'consultUseYn', addOn: 'CONSULT', path: '/memberManage/consult-list' },
};

/** The days after today a pass may end in and count as "expiring this week" (today + 0 … today + 7). */
export const EXPIRING_WITHIN_DAYS = 7;
/** The lessons of today still to come (or under way) that the classes figure lists. */
export const HOME_NEXT_LESSONS = 5;

const path = z.string();

export const homeLessonSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  startAt: isoDateTime,
  endAt: isoDateTime,
  capacity: count,
  booked: count,
  waiting: count,
});
export type HomeLesson = z.infer<typeof homeLessonSchema>;

export const homeTodaySchema = z.strictObject({
  /** Today in Asia/Seoul, from the server's clock. */
  date: isoDate,
  /** Check-ins let in today (ALLOWED or OVERRIDE entries). */
  checkIns: z.strictObject({ count, path }).optional(),
  /** Customers registered today. */
  newCustomers: z.strictObject({ count, path }).optional(),
  /** Money received today (APPROVE lines) and, apart, refunds paid back today (REFUND lines, as a positive sum). */
  sales: z.strictObject({ received: won, refunded: won, payments: count, refunds: count, path }).optional(),
  /** What the facility's customers owe (the customers' unpaid balances) and how many owe anything. */
  unpaid: z.strictObject({ total: won, customers: count, path }).optional(),
  /** Passes in force (FIN) whose end date falls between today and today + 7. */
  expiringPasses: z.strictObject({ count, path }).optional(),
  /** Today's open lessons, their places and bookings, and the next ones still to come. */
  classes: z
    .strictObject({
      lessons: count,
      capacity: count,
      booked: count,
      waiting: count,
      next: z.array(homeLessonSchema),
      path,
    })
    .optional(),
  /** Open leads whose follow-up date is today or past, and of them the ones already late. */
  followUps: z.strictObject({ count, overdue: count, path }).optional(),
});
export type HomeToday = z.infer<typeof homeTodaySchema>;
