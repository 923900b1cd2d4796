import { describe, expect, it } from 'vitest';
import type { Trainer } from '#domain/schemas/schedule.ts';
import {
  bodyOf,
  clockToDayjs,
  DEFAULT_TRAINER_COLOR,
  dayProblem,
  fileIdOf,
  fileUrl,
  formOf,
  formPathOf,
  hexOf,
  hoursFromForm,
  hoursToForm,
  textColorOn,
} from './trainer-form.ts';

const trainer: Trainer = {
  id: 7,
  gymId: 1,
  memberId: 12,
  name: '김코치',
  phone: '010-****-5678',
  photoFileId: null,
  specialties: ['필라테스'],
  career: '',
  introduction: '',
  workingHours: [
    null,
    { start: '09:00', end: '18:00' },
    null,
    null,
    null,
    { start: '13:30', end: '22:00' },
    null,
  ],
  color: '#0958d9',
  payKind: 'PERCENT',
  payRate: 40,
  groupPayKind: 'PER_ATTENDEE',
  groupPayRate: 8_000,
  groupPayMinAttendees: 4,
};

describe('working hours (Sunday first)', () => {
  it('round-trips the API entries through the form', () => {
    const days = hoursToForm(trainer.workingHours);
    expect(days.map((d) => d.off)).toEqual([true, false, true, true, true, false, true]);
    expect(days[1]!.range!.map((t) => t.format('HH:mm'))).toEqual(['09:00', '18:00']);
    expect(hoursFromForm(days)).toEqual(trainer.workingHours);
  });

  it('treats a missing list as seven days off', () => {
    expect(hoursToForm(undefined).every((d) => d.off && d.range === null)).toBe(true);
    expect(hoursFromForm(undefined)).toEqual([null, null, null, null, null, null, null]);
  });

  it('sends a day off as null even when it still holds times', () => {
    const days = hoursToForm(trainer.workingHours);
    days[1] = { ...days[1]!, off: true };
    expect(hoursFromForm(days)[1]).toBeNull();
  });

  it('refuses a working day without times or ending before it starts', () => {
    expect(dayProblem({ off: true, range: null })).toBeNull();
    expect(dayProblem({ off: false, range: null })).toBe('required');
    expect(dayProblem({ off: false, range: [clockToDayjs('10:00'), clockToDayjs('10:00')] })).toBe(
      'endBeforeStart',
    );
    expect(dayProblem({ off: false, range: [clockToDayjs('10:00'), clockToDayjs('09:00')] })).toBe(
      'endBeforeStart',
    );
    expect(dayProblem({ off: false, range: [clockToDayjs('09:00'), clockToDayjs('10:00')] })).toBeNull();
  });
});

describe('the profile form', () => {
  it('builds the update body, trimming specialties and writing the colour as #rrggbb', () => {
    const values = {
      ...formOf(trainer),
      specialties: [' 요가 ', '', 'PT'],
      color: { toHexString: () => '#AABBCC' },
    };
    expect(bodyOf(values)).toEqual({
      specialties: ['요가', 'PT'],
      career: '',
      introduction: '',
      workingHours: trainer.workingHours,
      color: '#aabbcc',
      payKind: 'PERCENT',
      payRate: 40,
      groupPayKind: 'PER_ATTENDEE',
      groupPayRate: 8_000,
      groupPayMinAttendees: 4,
    });
    // A per-class rule keeps no minimum.
    expect(bodyOf({ ...values, groupPayKind: 'PER_CLASS' })).toMatchObject({
      groupPayKind: 'PER_CLASS',
      groupPayMinAttendees: 0,
    });
  });

  it('falls back to the default colour for anything that is not #rrggbb', () => {
    expect(hexOf('#12345')).toBe(DEFAULT_TRAINER_COLOR);
    expect(hexOf(undefined)).toBe(DEFAULT_TRAINER_COLOR);
  });

  it('places server field errors on the form', () => {
    expect(formPathOf('payRate')).toEqual(['payRate']);
    expect(formPathOf('specialties.2')).toEqual(['specialties']);
    expect(formPathOf('workingHours.3.end')).toEqual(['hours', 3, 'range']);
    expect(formPathOf('workingHours')).toBeNull();
  });

  it('reads the file id of an upload and builds its preview URL', () => {
    expect(fileIdOf('/web/file/3f2a9c')).toBe('3f2a9c');
    expect(fileIdOf('nonsense')).toBeNull();
    expect(fileUrl('3f2a9c')).toBe('/web/file/3f2a9c');
  });

  it('picks the readable text colour on a trainer colour', () => {
    expect(textColorOn('#0958d9')).toBe('#ffffff');
    expect(textColorOn('#ffe58f')).toBe('#000000');
  });
});
