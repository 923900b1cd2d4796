import dayjs, { type Dayjs } from 'dayjs';
import type { GroupPayKind, PayKind } from '#domain/rules/trainer-pay.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';

// The trainer profile form's values and their conversions to and from the API (docs/rules.md#trainer-pay). Pure,
// so the working hours, the colours and the field errors' paths are unit-tested.

/** The colour a new profile gets, as the server's default. */
export const DEFAULT_TRAINER_COLOR = '#0958d9';

/** Colours to pick from: antd's darker palette steps, each readable with white text. */
export const TRAINER_COLOR_PRESETS = [
  '#0958d9',
  '#389e0d',
  '#531dab',
  '#c41d7f',
  '#d4380d',
  '#08979c',
  '#ad6800',
  '#595959',
] as const;

/** 0 = Sunday … 6 = Saturday, as the API orders the working hours. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The most a percent rate can sensibly be. */
export const MAX_PERCENT = 100;
export const MAX_PER_SESSION = 10_000_000;

export type DayForm = { off: boolean; range: [Dayjs, Dayjs] | null };
export type WorkingHours = Trainer['workingHours'];

/** '09:30' → today's 09:30 as a Dayjs, which antd's time pickers take. */
export const clockToDayjs = (clock: string): Dayjs => {
  const [hours, minutes] = clock.split(':').map(Number);
  return dayjs()
    .hour(hours ?? 0)
    .minute(minutes ?? 0)
    .second(0)
    .millisecond(0);
};

/** The API's seven entries (null: a day off) as the form's days; a short or missing list counts as days off. */
export const hoursToForm = (hours: WorkingHours | undefined): DayForm[] =>
  WEEKDAYS.map((day) => {
    const h = hours?.[day] ?? null;
    return h
      ? { off: false, range: [clockToDayjs(h.start), clockToDayjs(h.end)] }
      : { off: true, range: null };
  });

/** The form's days as the API's seven entries: a day off, or one without both times, is null. */
export const hoursFromForm = (days: readonly (DayForm | undefined)[] | undefined): WorkingHours =>
  WEEKDAYS.map((day) => {
    const d = days?.[day];
    if (!d || d.off || !d.range?.[0] || !d.range?.[1]) return null;
    return { start: d.range[0].format('HH:mm'), end: d.range[1].format('HH:mm') };
  });

/** Whether a working day's end comes after its start (the server refuses it otherwise: `endBeforeStart`). */
export const dayProblem = (day: DayForm | undefined): 'required' | 'endBeforeStart' | null => {
  if (!day || day.off) return null;
  if (!day.range?.[0] || !day.range?.[1]) return 'required';
  return day.range[1].format('HH:mm') <= day.range[0].format('HH:mm') ? 'endBeforeStart' : null;
};

/** What the colour picker holds (a string or antd's Color) as `#rrggbb`. */
export const hexOf = (value: string | { toHexString: () => string } | null | undefined): string => {
  const hex = (
    typeof value === 'string' ? value : (value?.toHexString() ?? DEFAULT_TRAINER_COLOR)
  ).toLowerCase();
  return /^#[0-9a-f]{6}$/.test(hex) ? hex : DEFAULT_TRAINER_COLOR;
};

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export const textColorOn = (hex: string): '#000000' | '#ffffff' => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05; they are equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
};

/** `/web/file/<id>`: where a stored file is read (and a photo previewed). */
export const fileUrl = (fileId: string): string => `/web/file/${encodeURIComponent(fileId)}`;

/** The id in an upload's answer (`/web/file/<id>`). */
export const fileIdOf = (url: string): string | null => /\/web\/file\/([^/?#]+)$/.exec(url)?.[1] ?? null;

/**
 * Where a server field error belongs in the profile form: `workingHours.3.end` on that day's times, any other
 * `workingHours` error on the hours block (null: shown above it), `specialties.0` on the specialties.
 */
export const formPathOf = (field: string): (string | number)[] | null => {
  const [head, index] = field.split('.');
  if (head === 'workingHours') {
    const day = Number(index);
    return index !== undefined && Number.isInteger(day) && day >= 0 && day <= 6
      ? ['hours', day, 'range']
      : null;
  }
  return [head ?? field];
};

/** The values the profile form edits. */
export type TrainerFormValues = {
  specialties: string[];
  career: string;
  introduction: string;
  hours: DayForm[];
  color: string | { toHexString: () => string };
  payKind: PayKind;
  payRate: number | null;
  groupPayKind: GroupPayKind;
  groupPayRate: number | null;
  groupPayMinAttendees: number | null;
};

export const formOf = (t: Trainer): TrainerFormValues => ({
  specialties: t.specialties,
  career: t.career,
  introduction: t.introduction,
  hours: hoursToForm(t.workingHours),
  color: t.color,
  payKind: t.payKind,
  payRate: t.payRate,
  groupPayKind: t.groupPayKind,
  groupPayRate: t.groupPayRate,
  groupPayMinAttendees: t.groupPayMinAttendees,
});

/** The update body (`PUT /web/trainer/{id}`), the photo aside (it is saved on its own). */
export const bodyOf = (values: TrainerFormValues) => ({
  specialties: (values.specialties ?? []).map((s) => s.trim()).filter(Boolean),
  career: values.career ?? '',
  introduction: values.introduction ?? '',
  workingHours: hoursFromForm(values.hours),
  color: hexOf(values.color),
  payKind: values.payKind,
  payRate: values.payRate ?? 0,
  ...groupPayOf(values),
});

/** The group pay rule of the form: a per-class rule keeps no minimum (docs/rules.md#trainer-pay). */
export const groupPayOf = (
  values: Pick<TrainerFormValues, 'groupPayKind' | 'groupPayRate' | 'groupPayMinAttendees'>,
) => ({
  groupPayKind: values.groupPayKind ?? 'PER_ATTENDEE',
  groupPayRate: values.groupPayRate ?? 0,
  groupPayMinAttendees: values.groupPayKind === 'PER_CLASS' ? 0 : (values.groupPayMinAttendees ?? 0),
});
