import type { TFunction } from 'i18next';
import type { SelfSettings, SeoulMoment } from './self-booking-model.ts';

// The booking page's wording of dates and rules, from `selfBooking.*` (ko: `11월 25일 (수) 19:00`).

const parts = (t: TFunction, m: SeoulMoment) => ({
  month: m.month,
  day: m.day,
  weekday: t(`schedule.weekdays.${m.weekday}`),
  monthName: t(`selfBooking.months.${m.month}`),
  time: m.time,
});

/** `11월 25일 (수)` / `Wed, Nov 25`. */
export const dayText = (t: TFunction, m: SeoulMoment): string => t('selfBooking.format.date', parts(t, m));

/** `11월 25일 (수) 19:00` / `Wed, Nov 25 19:00`. */
export const dateTimeText = (t: TFunction, m: SeoulMoment): string =>
  t('selfBooking.format.dateTime', parts(t, m));

/** A calendar day 'YYYY-MM-DD' (a pass's end): `2026년 11월 25일` / `Nov 25, 2026`. */
export const isoDateText = (t: TFunction, date: string): string => {
  const month = Number(date.slice(5, 7));
  return t('selfBooking.format.isoDate', {
    year: date.slice(0, 4),
    month,
    day: Number(date.slice(8, 10)),
    monthName: t(`selfBooking.months.${month}`),
  });
};

/** The facility's booking rules as plain sentences. */
export const rulesText = (t: TFunction, s: SelfSettings): string[] => [
  s.openDaysAhead === 0
    ? t('selfBooking.rules.windowSameDay', { minutes: s.closeMinutesBefore })
    : t('selfBooking.rules.window', { count: s.openDaysAhead, minutes: s.closeMinutesBefore }),
  s.freeCancelHours === 0
    ? t('selfBooking.rules.freeCancelStart')
    : t('selfBooking.rules.freeCancel', { count: s.freeCancelHours }),
  t('selfBooking.rules.waitlist', { minutes: s.waitlistCloseMinutesBefore }),
  t(s.noShowUsesSession ? 'selfBooking.rules.noShowUses' : 'selfBooking.rules.noShowFree'),
  t('selfBooking.rules.max', { count: s.maxActiveBookings }),
];
