import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Lesson } from '#domain/schemas/schedule.ts';
import {
  countsText,
  createBody,
  eventLabel,
  eventOf,
  eventPeople,
  formFieldErrors,
  formFieldOf,
  fromWall,
  initialFormValues,
  type LessonFormValues,
  moveBody,
  moveOf,
  rangeOf,
  roomsOf,
  scrollTimeFor,
  textColorOn,
  toWall,
} from './schedule-model.ts';

const translate = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key;

const lesson = (patch: Partial<Lesson> = {}): Lesson => ({
  id: 7,
  gymId: 1,
  seriesId: null,
  title: 'Pilates',
  lessonType: 'GROUP',
  trainerMemberId: 3,
  trainerName: 'Kim',
  room: 'A',
  // 19:00–20:00 in Seoul.
  startAt: '2026-11-25T10:00:00.000Z',
  endAt: '2026-11-25T11:00:00.000Z',
  capacity: 10,
  ticketIds: [],
  openDaysAhead: null,
  closeMinutesBefore: null,
  status: 'OPEN',
  cancelReason: null,
  color: '#1677ff',
  booked: 3,
  waiting: 0,
  customerName: null,
  ...patch,
});

const values = (patch: Partial<LessonFormValues> = {}): LessonFormValues => ({
  title: '  Morning yoga ',
  lessonType: 'GROUP',
  capacity: 12,
  date: dayjs('2026-11-25'),
  startTime: dayjs('2026-11-25T09:00'),
  endTime: dayjs('2026-11-25T09:50'),
  ...patch,
});

describe('Seoul wall clock for FullCalendar', () => {
  it('shows an instant at its Seoul time, across midnight UTC', () => {
    expect(toWall('2026-11-25T10:00:00.000Z')).toBe('2026-11-25T19:00:00');
    expect(toWall('2026-11-24T15:30:00.000Z')).toBe('2026-11-25T00:30:00');
  });

  it('reads back a FullCalendar date as its Seoul day and time', () => {
    expect(fromWall(new Date('2026-11-25T19:00:00Z'))).toEqual({ date: '2026-11-25', time: '19:00' });
  });

  it('turns a visible range (end exclusive) into from and to, at most 42 days', () => {
    expect(rangeOf(new Date('2026-11-22T00:00:00Z'), new Date('2026-11-29T00:00:00Z'))).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    });
    expect(rangeOf(new Date('2026-11-25T00:00:00Z'), new Date('2026-11-26T00:00:00Z'))).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
    expect(rangeOf(new Date('2026-11-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-12-12',
    });
  });
});

describe('event texts', () => {
  it('shows booked/capacity, and the waitlist only when someone waits', () => {
    expect(countsText(lesson(), translate)).toBe('3/10');
    expect(countsText(lesson({ booked: 10, waiting: 2 }), translate)).toBe(
      '10/10 · schedule.event.waiting{"count":2}',
    );
  });

  it('labels an event with its title, Seoul time, people and state', () => {
    const label = eventLabel(lesson({ status: 'CANCEL' }), translate);
    expect(label).toContain('Pilates, 2026-11-25 19:00–20:00, Kim, A');
    expect(label).toContain('schedule.event.cancelled');
  });

  it('names the trainer on a group class, and the customer and the trainer on a PT lesson', () => {
    expect(eventPeople(lesson())).toBe('Kim');
    expect(eventPeople(lesson({ lessonType: 'PT', customerName: '김민수', trainerName: '이코치' }))).toBe(
      '김민수 · 이코치',
    );
    // A PT slot no one has booked yet shows its trainer; a group class never shows a customer.
    expect(eventPeople(lesson({ lessonType: 'PT', customerName: null }))).toBe('Kim');
    expect(eventPeople(lesson({ customerName: '김민수' }))).toBe('Kim');
    expect(eventPeople(lesson({ trainerName: null }))).toBeNull();
    expect(eventLabel(lesson({ lessonType: 'PT', customerName: '김민수' }), translate)).toContain(
      'Pilates, 2026-11-25 19:00–20:00, 김민수, Kim, A',
    );
  });

  it('greys out and locks a cancelled lesson', () => {
    const open = eventOf(lesson(), true);
    expect(open).toMatchObject({ id: '7', start: '2026-11-25T19:00:00', editable: true });
    expect(open.url).toBe('/plan/schedule/lessondetail?id=7');
    const cancelled = eventOf(lesson({ status: 'CANCEL' }), true);
    expect(cancelled.editable).toBe(false);
    expect(cancelled.classNames).toContain('fd-lesson--cancelled');
    expect(eventOf(lesson(), false).editable).toBe(false);
  });

  it('picks the readable text colour', () => {
    expect(textColorOn('#ffffff')).toBe('#000000');
    expect(textColorOn('#0958d9')).toBe('#ffffff');
    expect(textColorOn('#fadb14')).toBe('#000000');
    expect(textColorOn('nonsense')).toBe('#000000');
  });
});

describe('createBody', () => {
  it('writes a one-off lesson and leaves blank optional fields out', () => {
    expect(createBody(values({ room: '  ', ticketIds: [], trainerMemberId: null }), 4)).toEqual({
      gymId: 4,
      title: 'Morning yoga',
      lessonType: 'GROUP',
      capacity: 12,
      date: '2026-11-25',
      startTime: '09:00',
      endTime: '09:50',
    });
  });

  it('adds the trainer, room, products, window and a weekly repeat when switched on', () => {
    const body = createBody(
      values({
        trainerMemberId: 9,
        room: 'Studio B',
        ticketIds: [5, 2, 5],
        openDaysAhead: 7,
        closeMinutesBefore: 0,
        repeat: true,
        weekdays: [5, 1, 3, 1],
        untilDate: dayjs('2026-12-31'),
      }),
      4,
    );
    expect(body).toMatchObject({
      trainerMemberId: 9,
      room: 'Studio B',
      ticketIds: [5, 2],
      openDaysAhead: 7,
      closeMinutesBefore: 0,
      repeat: { weekdays: [1, 3, 5], untilDate: '2026-12-31' },
    });
  });

  it('sends no repeat while the switch is off', () => {
    const body = createBody(values({ repeat: false, weekdays: [1], untilDate: dayjs('2026-12-31') }), 4);
    expect(body.repeat).toBeUndefined();
  });

  it('gives a PT slot one place when no capacity was entered', () => {
    expect(createBody(values({ lessonType: 'PT', capacity: undefined as never }), 4).capacity).toBe(1);
  });
});

describe('server field errors', () => {
  it('maps the API paths onto the drawer fields', () => {
    expect(formFieldOf('repeat.untilDate')).toBe('untilDate');
    expect(formFieldOf('repeat.weekdays')).toBe('weekdays');
    expect(formFieldOf('repeat')).toBe('weekdays');
    expect(formFieldOf('ticketIds.1')).toBe('ticketIds');
    expect(formFieldOf('capacity')).toBe('capacity');
    expect(formFieldOf('startDate')).toBe('date');
  });

  it('merges the messages of one field', () => {
    expect(
      formFieldErrors([
        { name: 'ticketIds.0', errors: ['a'] },
        { name: 'ticketIds.1', errors: ['a', 'b'] },
        { name: 'trainerMemberId', errors: ['c'] },
      ]),
    ).toEqual([
      { name: 'ticketIds', errors: ['a', 'b'] },
      { name: 'trainerMemberId', errors: ['c'] },
    ]);
  });
});

describe('moving a lesson', () => {
  const at = (iso: string) => new Date(`${iso}Z`);

  it('reads the new times of a move on the same day', () => {
    const move = moveOf(lesson(), at('2026-11-25T20:00:00'), at('2026-11-25T21:30:00'));
    expect(move).toEqual({ dayChanged: false, date: '2026-11-25', startTime: '20:00', endTime: '21:30' });
    expect(moveBody(move!, 'ONE')).toEqual({ scope: 'ONE', startTime: '20:00', endTime: '21:30' });
  });

  it('sends the new day only for "this one"', () => {
    const move = moveOf(lesson(), at('2026-11-27T19:00:00'), at('2026-11-27T20:00:00'))!;
    expect(move.dayChanged).toBe(true);
    expect(moveBody(move, 'ONE')).toEqual({
      scope: 'ONE',
      date: '2026-11-27',
      startTime: '19:00',
      endTime: '20:00',
    });
    expect(moveBody(move, 'FOLLOWING')).toEqual({ scope: 'FOLLOWING', startTime: '19:00', endTime: '20:00' });
    expect(moveBody(move, 'ALL')).toEqual({ scope: 'ALL', startTime: '19:00', endTime: '20:00' });
  });

  it('refuses a span that crosses midnight', () => {
    expect(moveOf(lesson(), at('2026-11-25T23:30:00'), at('2026-11-26T00:30:00'))).toBeNull();
    expect(moveOf(lesson(), at('2026-11-25T23:00:00'), at('2026-11-26T00:00:00'))).toBeNull();
    expect(moveOf(lesson(), null, null)).toBeNull();
  });
});

describe('form defaults and rooms', () => {
  it('starts a new lesson on the chosen day, an hour long, repeating on its weekday', () => {
    const initial = initialFormValues('2026-11-25');
    expect(initial.startTime.format('HH:mm')).toBe('10:00');
    expect(initial.endTime.format('HH:mm')).toBe('11:00');
    expect(initial.weekdays).toEqual([3]);
    expect(initialFormValues('2026-11-25', '23:30').endTime.format('YYYY-MM-DD HH:mm')).toBe(
      '2026-11-25 23:59',
    );
    expect(initialFormValues('2026-11-25', '08:00', '09:30').endTime.format('HH:mm')).toBe('09:30');
  });

  it('lists the rooms once, sorted', () => {
    expect(roomsOf([{ room: 'B' }, { room: null }, { room: 'A' }], ['B', 'C'])).toEqual(['A', 'B', 'C']);
  });
});

describe('scrollTimeFor', () => {
  it('opens a day or a week an hour before the Seoul clock, never before midnight', () => {
    expect(scrollTimeFor(new Date('2026-11-25T21:14:00Z'))).toBe('05:00:00'); // 06:14 KST
    expect(scrollTimeFor(new Date('2026-11-25T15:30:00Z'))).toBe('00:00:00'); // 00:30 KST
    expect(scrollTimeFor(new Date('2026-11-25T12:59:00Z'))).toBe('20:00:00'); // 21:59 KST
  });
});
