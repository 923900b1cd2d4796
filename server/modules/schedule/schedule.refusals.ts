import type { RecurrenceProblem } from '#domain/rules/schedule.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// The schedule's refusals (docs/rules.md#schedule): the 409s its writes answer and the keys its 400s put on a
// field, named once, so a misspelt key fails the type check instead of reaching a user untranslated.

/** Why a pass cannot hold a place on a lesson (docs/rules.md#schedule). */
export type PassReason =
  | 'passNotAccepted'
  | 'passRefunded'
  | 'noSessionsLeft'
  | 'passExpired'
  | 'passNotStarted'
  | 'passOnHold'
  | 'passSessionsHeld';

/** The 409s of lessons, bookings, cancels and attendance (their texts: server/http/messages.ts). */
export type ScheduleReason =
  | PassReason
  | 'trainerOverlap'
  | 'lessonCancelled'
  | 'lessonOver'
  | 'bookingNotOpen'
  | 'bookingClosed'
  | 'customerRemoved'
  | 'alreadyBooked'
  | 'bookingOverlap'
  | 'tooManyBookings'
  | 'waitlistClosed'
  | 'noBookablePass'
  | 'reservationNotLive'
  | 'attendanceMarked'
  | 'attendanceTooEarly'
  | 'lateCancel';

/** The keys a schedule 400 puts on a field (their texts: domain/i18n/validation.ts). */
export type ScheduleField =
  | RecurrenceProblem
  | 'unknownTrainer'
  | 'unknownTicket'
  | 'dateOnlyForOne'
  | 'capacityBelowBooked'
  | 'alreadyTrainer'
  | 'documentNotUploaded';

export const { refused, badField } = refusalsOf<ScheduleReason, ScheduleField>();
