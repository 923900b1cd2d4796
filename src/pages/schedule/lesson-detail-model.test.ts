import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '#domain/schemas/schedule.ts';
import { canBook, isFull, lessonWhen, rosterOrder, rowActions, seoulTime } from './lesson-detail-model.ts';

const KO = ['일', '월', '화', '수', '목', '금', '토'];

const entry = (id: number, patch: Partial<RosterEntry> = {}): RosterEntry => ({
  id,
  memberId: 100 + id,
  name: `Customer ${id}`,
  phone: '010-****-5678',
  ticketIssueId: 5,
  ticketName: 'PT 10',
  sessionsLeft: 3,
  status: 'COMPLETE',
  attendance: null,
  late: false,
  waitPosition: null,
  createDate: '2026-11-20T01:00:00.000Z',
  ...patch,
});

// 07:30–08:20 on Wednesday 25 November in Seoul, still Tuesday the 24th in UTC.
const lesson = {
  status: 'OPEN' as const,
  startAt: '2026-11-24T22:30:00.000Z',
  endAt: '2026-11-24T23:20:00.000Z',
};

describe('lessonWhen', () => {
  it('writes the Seoul day, weekday and clock times', () => {
    expect(lessonWhen(lesson.startAt, lesson.endAt, KO)).toBe('2026.11.25 (수) 07:30–08:20');
    expect(seoulTime(lesson.startAt)).toBe('07:30');
  });
});

describe('rosterOrder', () => {
  it('puts places first, then the waitlist by position, then the cancelled', () => {
    const roster = [
      entry(1, { status: 'CANCEL' }),
      entry(2, { status: 'WAITING', waitPosition: 2 }),
      entry(3),
      entry(4, { status: 'WAITING', waitPosition: 1 }),
      entry(5, { status: 'DELAY' }),
    ];
    expect(rosterOrder(roster).map((e) => e.id)).toEqual([3, 5, 4, 2, 1]);
    expect(roster[0]?.id).toBe(1);
  });
});

describe('rowActions', () => {
  const before = new Date('2026-11-24T22:00:00.000Z');
  const during = new Date('2026-11-24T22:40:00.000Z');
  const after = new Date('2026-11-24T23:30:00.000Z');

  it('offers attendance from the start and a cancel until the end', () => {
    expect(rowActions(entry(1), lesson, before)).toEqual({ attendance: 'early', cancel: true });
    expect(rowActions(entry(1), lesson, during)).toEqual({ attendance: 'open', cancel: true });
    expect(rowActions(entry(1, { status: 'DELAY' }), lesson, after)).toEqual({
      attendance: 'open',
      cancel: false,
    });
  });

  it('offers only a cancel on the waitlist', () => {
    expect(rowActions(entry(1, { status: 'WAITING', waitPosition: 1 }), lesson, during)).toEqual({
      attendance: null,
      cancel: true,
    });
  });

  it('offers nothing once marked, cancelled, or on a cancelled lesson', () => {
    const none = { attendance: null, cancel: false };
    expect(rowActions(entry(1, { attendance: 'ATTENDED' }), lesson, during)).toEqual(none);
    expect(rowActions(entry(1, { status: 'CANCEL' }), lesson, before)).toEqual(none);
    expect(rowActions(entry(1), { ...lesson, status: 'CANCEL' }, during)).toEqual(none);
  });
});

describe('canBook and isFull', () => {
  it('books on an open lesson until it ends', () => {
    expect(canBook(lesson, new Date('2026-11-24T23:00:00.000Z'))).toBe(true);
    expect(canBook(lesson, new Date('2026-11-24T23:20:00.000Z'))).toBe(false);
    expect(canBook({ ...lesson, status: 'CANCEL' }, new Date('2026-11-20T00:00:00.000Z'))).toBe(false);
  });

  it('is full when the places are taken', () => {
    expect(isFull({ booked: 10, capacity: 10 })).toBe(true);
    expect(isFull({ booked: 9, capacity: 10 })).toBe(false);
  });
});
