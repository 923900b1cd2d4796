import { z } from 'zod';
import {
  attendanceMarks,
  editScopes,
  lessonTypes,
  MAX_CAPACITY,
  payKinds,
  reservationStatuses,
} from '../rules/schedule.ts';
import { groupPayKinds, MAX_GROUP_MINIMUM, payLineRules } from '../rules/trainer-pay.ts';
import { calendarDate, calendarMonth, idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Lessons, reservations, trainers and the booking rules (docs/rules.md#schedule).

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeFormat');
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A facility's booking rules (docs/rules.md#schedule). */
export const bookingSettingsSchema = z
  .object({
    gymId: z.number().int(),
    openDaysAhead: z.number().int(),
    closeMinutesBefore: z.number().int(),
    freeCancelHours: z.number().int(),
    noShowUsesSession: z.boolean(),
    lateCancelUsesSession: z.boolean(),
    waitlistCloseMinutesBefore: z.number().int(),
    maxActiveBookings: z.number().int(),
  })
  .meta({ id: 'BookingSettings' });
export type BookingSettingsRecord = z.output<typeof bookingSettingsSchema>;

export const bookingSettingsUpdateSchema = z
  .strictObject({
    openDaysAhead: z.number().int().min(0).max(90).optional(),
    closeMinutesBefore: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .optional(),
    freeCancelHours: z
      .number()
      .int()
      .min(0)
      .max(7 * 24)
      .optional(),
    noShowUsesSession: z.boolean().optional(),
    lateCancelUsesSession: z.boolean().optional(),
    waitlistCloseMinutesBefore: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .optional(),
    maxActiveBookings: z.number().int().min(1).max(100).optional(),
  })
  .meta({ id: 'BookingSettingsUpdate' });

/** A lesson occurrence as the calendar shows it, with its booked and waiting counts. */
export const lessonSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    seriesId: z.number().int().nullable(),
    title: z.string(),
    lessonType: z.enum(lessonTypes),
    trainerMemberId: z.number().int().nullable(),
    trainerName: z.string().nullable(),
    room: z.string().nullable(),
    startAt: isoDateTime,
    endAt: isoDateTime,
    capacity: z.number().int(),
    ticketIds: z.array(z.number().int()),
    openDaysAhead: z.number().int().nullable(),
    closeMinutesBefore: z.number().int().nullable(),
    status: z.enum(['OPEN', 'CANCEL']),
    cancelReason: z.string().nullable(),
    color: z.string(),
    /** COMPLETE and DELAY reservations: the places taken. */
    booked: z.number().int(),
    waiting: z.number().int(),
    /** A PT lesson's booked customer (names in booking order, comma-separated); null for a group class or no one. */
    customerName: z.string().nullable(),
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.output<typeof lessonSchema>;

export const lessonListQuerySchema = z.strictObject({
  from: calendarDate,
  to: calendarDate,
  trainerMemberId: idSchema.optional(),
  room: text({ max: 40 }).optional(),
  lessonType: z.enum(lessonTypes, 'invalidValue').optional(),
});

const lessonFields = {
  title: text({ min: 1, max: 60 }),
  lessonType: z.enum(lessonTypes, 'invalidValue'),
  trainerMemberId: idSchema.nullable(),
  room: text({ max: 40 }).nullable(),
  capacity: z.number().int().min(1, 'capacityRange').max(MAX_CAPACITY, 'capacityRange'),
  ticketIds: z.array(idSchema).max(50),
  openDaysAhead: z.number().int().min(0).max(90).nullable(),
  closeMinutesBefore: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable(),
};

export const lessonCreateSchema = z
  .strictObject({
    gymId: idSchema,
    ...lessonFields,
    trainerMemberId: lessonFields.trainerMemberId.optional(),
    room: lessonFields.room.optional(),
    ticketIds: lessonFields.ticketIds.optional(),
    openDaysAhead: lessonFields.openDaysAhead.optional(),
    closeMinutesBefore: lessonFields.closeMinutesBefore.optional(),
    date: calendarDate,
    startTime: clock,
    endTime: clock,
    /** A weekly recurrence: the chosen weekdays (0 = Sunday) until a last day, at most a year. */
    repeat: z
      .strictObject({
        weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'noWeekdays').max(7),
        untilDate: calendarDate,
      })
      .optional(),
  })
  .meta({ id: 'LessonCreate' });
export type LessonCreate = z.output<typeof lessonCreateSchema>;

export const lessonUpdateSchema = z
  .strictObject({
    /** How far the edit reaches in a recurring lesson; a one-off lesson is always ONE. */
    scope: z.enum(editScopes, 'invalidValue').default('ONE'),
    title: lessonFields.title.optional(),
    trainerMemberId: lessonFields.trainerMemberId.optional(),
    room: lessonFields.room.optional(),
    capacity: lessonFields.capacity.optional(),
    ticketIds: lessonFields.ticketIds.optional(),
    openDaysAhead: lessonFields.openDaysAhead.optional(),
    closeMinutesBefore: lessonFields.closeMinutesBefore.optional(),
    /** A new day moves only this occurrence (scope ONE). */
    date: calendarDate.optional(),
    startTime: clock.optional(),
    endTime: clock.optional(),
  })
  .meta({ id: 'LessonUpdate' });
export type LessonUpdate = z.output<typeof lessonUpdateSchema>;

export const lessonCancelSchema = z
  .strictObject({
    reason: text({ min: 1, max: 200 }),
    scope: z.enum(editScopes, 'invalidValue').default('ONE'),
  })
  .meta({ id: 'LessonCancel' });

/** One customer on a lesson's roster (staff only: names and masked phones). */
export const rosterEntrySchema = z
  .object({
    id: z.number().int(),
    memberId: z.number().int(),
    name: z.string(),
    phone: z.string(),
    ticketIssueId: z.number().int(),
    ticketName: z.string(),
    sessionsLeft: z.number().int().nullable(),
    status: z.enum(reservationStatuses),
    attendance: z.enum(attendanceMarks).nullable(),
    late: z.boolean(),
    /** 1 for the first in line; null unless WAITING. */
    waitPosition: z.number().int().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'RosterEntry' });
export type RosterEntry = z.output<typeof rosterEntrySchema>;

export const lessonDetailSchema = lessonSchema
  .extend({
    roster: z.array(rosterEntrySchema),
    noShowUsesSession: z.boolean(),
    lateCancelUsesSession: z.boolean(),
  })
  .meta({ id: 'LessonDetail' });
export type LessonDetail = z.output<typeof lessonDetailSchema>;

/** What a create or an edit did: the occurrences written and the reservations moved to DELAY. */
export const lessonWriteResultSchema = z
  .object({ ids: z.array(z.number().int()), delayed: z.number().int() })
  .meta({ id: 'LessonWriteResult' });

export const bookSchema = z
  .strictObject({
    lessonId: idSchema,
    memberId: idSchema,
    /** The pass to hold a session of; without it the first valid pass the lesson accepts. */
    ticketIssueId: idSchema.optional(),
  })
  .meta({ id: 'Book' });

export const reservationCancelSchema = z
  .strictObject({ note: text({ max: 200 }).nullable().optional() })
  .meta({ id: 'ReservationCancel' });

export const attendanceSchema = z
  .strictObject({ mark: z.enum(attendanceMarks, 'invalidValue') })
  .meta({ id: 'Attendance' });

/** A reservation in the history list. */
export const reservationSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    lessonId: z.number().int(),
    lessonTitle: z.string(),
    startAt: isoDateTime,
    endAt: isoDateTime,
    trainerName: z.string().nullable(),
    memberId: z.number().int(),
    memberName: z.string(),
    phone: z.string(),
    ticketIssueId: z.number().int(),
    ticketName: z.string(),
    status: z.enum(reservationStatuses),
    attendance: z.enum(attendanceMarks).nullable(),
    late: z.boolean(),
    source: z.enum(['STAFF', 'SELF']),
    createDate: isoDateTime,
  })
  .meta({ id: 'Reservation' });
export type Reservation = z.output<typeof reservationSchema>;

export const reservationEventSchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    fromStatus: z.enum(reservationStatuses).nullable(),
    toStatus: z.enum(reservationStatuses),
    note: z.string().nullable(),
    actorName: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'ReservationEvent' });

export const reservationDetailSchema = reservationSchema
  .extend({ events: z.array(reservationEventSchema) })
  .meta({ id: 'ReservationDetail' });
export type ReservationDetail = z.output<typeof reservationDetailSchema>;

export const reservationListQuerySchema = z.strictObject({
  _start: z.coerce.number().int().min(0).default(0),
  _end: z.coerce.number().int().min(1).max(10_000).default(20),
  status: z.enum(reservationStatuses, 'invalidValue').optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  trainerMemberId: idSchema.optional(),
  memberId: idSchema.optional(),
  lessonId: idSchema.optional(),
  late: flag.optional(),
});
export type ReservationListQuery = z.output<typeof reservationListQuerySchema>;

/** A trainer's profile, linked to a staff member of the facility. */
export const trainerSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    name: z.string(),
    phone: z.string(),
    photoFileId: z.string().nullable(),
    specialties: z.array(z.string()),
    career: z.string(),
    introduction: z.string(),
    /** Per weekday (0 = Sunday) the working hours, or null for a day off. */
    workingHours: z.array(z.object({ start: z.string(), end: z.string() }).nullable()),
    color: z.string(),
    payKind: z.enum(payKinds),
    payRate: z.number().int(),
    /** How a group class pays (docs/rules.md#trainer-pay): per class held, or per attendee with a minimum. */
    groupPayKind: z.enum(groupPayKinds),
    groupPayRate: z.number().int(),
    groupPayMinAttendees: z.number().int(),
    /** Set when the caller may not read this pay rule (a colleague's, without the finance right): the rates are 0. */
    payHidden: z.boolean().optional(),
  })
  .meta({ id: 'Trainer' });
export type Trainer = z.output<typeof trainerSchema>;

const trainerFields = {
  specialties: z.array(text({ min: 1, max: 30 })).max(10),
  career: text({ max: 1000, multiline: true }),
  introduction: text({ max: 1000, multiline: true }),
  workingHours: z.array(z.strictObject({ start: clock, end: clock }).nullable()).length(7, 'sevenDays'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colorFormat'),
  payKind: z.enum(payKinds, 'invalidValue'),
  payRate: z.number().int().min(0).max(10_000_000),
  groupPayKind: z.enum(groupPayKinds, 'invalidValue'),
  groupPayRate: z.number().int().min(0).max(10_000_000),
  groupPayMinAttendees: z.number().int().min(0).max(MAX_GROUP_MINIMUM),
  photoFileId: z.string().max(64).nullable(),
};

export const trainerCreateSchema = z
  .strictObject({
    gymId: idSchema,
    memberId: idSchema,
    specialties: trainerFields.specialties.optional(),
    career: trainerFields.career.optional(),
    introduction: trainerFields.introduction.optional(),
    workingHours: trainerFields.workingHours.optional(),
    color: trainerFields.color.optional(),
    payKind: trainerFields.payKind.optional(),
    payRate: trainerFields.payRate.optional(),
    groupPayKind: trainerFields.groupPayKind.optional(),
    groupPayRate: trainerFields.groupPayRate.optional(),
    groupPayMinAttendees: trainerFields.groupPayMinAttendees.optional(),
  })
  .meta({ id: 'TrainerCreate' });

export const trainerUpdateSchema = z
  .strictObject({
    specialties: trainerFields.specialties.optional(),
    career: trainerFields.career.optional(),
    introduction: trainerFields.introduction.optional(),
    workingHours: trainerFields.workingHours.optional(),
    color: trainerFields.color.optional(),
    payKind: trainerFields.payKind.optional(),
    payRate: trainerFields.payRate.optional(),
    groupPayKind: trainerFields.groupPayKind.optional(),
    groupPayRate: trainerFields.groupPayRate.optional(),
    groupPayMinAttendees: trainerFields.groupPayMinAttendees.optional(),
    photoFileId: trainerFields.photoFileId.optional(),
  })
  .meta({ id: 'TrainerUpdate' });

export const payReportQuerySchema = z.strictObject({
  month: calendarMonth,
});

/**
 * A trainer's month (docs/rules.md#trainer-pay): each attended or charged PT session and each group class held,
 * with the rule each line used; lessons the facility cancelled are not in it.
 */
export const payReportSchema = z
  .object({
    trainerId: z.number().int(),
    month: z.string(),
    payKind: z.enum(payKinds),
    payRate: z.number().int(),
    groupPayKind: z.enum(groupPayKinds),
    groupPayRate: z.number().int(),
    groupPayMinAttendees: z.number().int(),
    sessions: z.array(
      z.object({
        reservationId: z.number().int(),
        lessonId: z.number().int(),
        lessonTitle: z.string(),
        startAt: isoDateTime,
        memberName: z.string(),
        attendance: z.enum(attendanceMarks).nullable(),
        late: z.boolean(),
        ticketName: z.string(),
        passPrice: z.number().int(),
        passSessions: z.number().int().nullable(),
        /** A bundle's value of its sessions (null: the price buys them). */
        passSessionValue: z.number().int().nullable(),
        /** What one session is worth, rounded down (null for a pass without sessions). */
        unitValue: z.number().int().nullable(),
        rule: z.enum(payLineRules),
        pay: z.number().int(),
      }),
    ),
    classes: z.array(
      z.object({
        lessonId: z.number().int(),
        lessonTitle: z.string(),
        startAt: isoDateTime,
        /** Bookings attended or charged. */
        attendees: z.number().int(),
        /** The heads paid: the attendees, or the minimum when it is more. */
        paidHeads: z.number().int(),
        rule: z.enum(payLineRules),
        pay: z.number().int(),
      }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'PayReport' });
export type PayReport = z.output<typeof payReportSchema>;

export const bookingLinkCreateSchema = z
  .strictObject({ gymId: idSchema, memberId: idSchema, send: z.boolean().optional() })
  .meta({ id: 'BookingLinkCreate' });

export const bookingLinkSchema = z
  .object({ token: z.string(), path: z.string(), expiresAt: isoDateTime })
  .meta({ id: 'BookingLink' });

/** What the customer's own booking page reads: no other customer's name, counts only. */
export const selfBookingSchema = z
  .object({
    gymName: z.string(),
    memberName: z.string(),
    passes: z.array(
      z.object({
        id: z.number().int(),
        ticketId: z.number().int(),
        name: z.string(),
        endDate: z.string().nullable(),
        sessionsLeft: z.number().int().nullable(),
      }),
    ),
    lessons: z.array(
      lessonSchema
        .pick({
          id: true,
          title: true,
          lessonType: true,
          trainerName: true,
          room: true,
          startAt: true,
          endAt: true,
          capacity: true,
          booked: true,
          waiting: true,
          ticketIds: true,
        })
        .extend({ bookable: z.boolean() }),
    ),
    bookings: z.array(
      z.object({
        id: z.number().int(),
        lessonId: z.number().int(),
        lessonTitle: z.string(),
        startAt: isoDateTime,
        status: z.enum(reservationStatuses),
        waitPosition: z.number().int().nullable(),
        freeCancelUntil: isoDateTime,
      }),
    ),
    settings: bookingSettingsSchema.omit({ gymId: true }),
  })
  .meta({ id: 'SelfBooking' });
export type SelfBooking = z.output<typeof selfBookingSchema>;

export const selfBookSchema = z
  .strictObject({ lessonId: idSchema, ticketIssueId: idSchema.optional() })
  .meta({ id: 'SelfBook' });
