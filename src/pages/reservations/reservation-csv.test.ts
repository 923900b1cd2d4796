import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import type { Reservation } from '#domain/schemas/schedule.ts';
import { createI18n } from '#src/i18n/config.ts';
import {
  CSV_MAX_ROWS,
  collectPages,
  csvColumns,
  reservationCsv,
  reservationCsvRow,
  seoulDateTime,
} from './reservation-csv.ts';

const reservation = (patch: Partial<Reservation> = {}): Reservation => ({
  id: 7,
  gymId: 1,
  lessonId: 3,
  lessonTitle: 'Morning yoga',
  startAt: '2026-11-24T22:30:00.000Z',
  endAt: '2026-11-24T23:20:00.000Z',
  trainerName: 'Kim Trainer',
  memberId: 11,
  memberName: '홍길동',
  phone: '010-****-5678',
  ticketIssueId: 5,
  ticketName: 'PT 10',
  status: 'CANCEL',
  attendance: null,
  late: true,
  source: 'SELF',
  createDate: '2026-11-20T01:05:00.000Z',
  ...patch,
});

const ko = createI18n({ lng: 'ko' });
const en = createI18n({ lng: 'en' });
const tKo = (key: string) => ko.t(key);
const tEn = (key: string) => en.t(key);

describe('the reservation CSV', () => {
  it('writes instants as the Seoul wall clock', () => {
    // 22:30 UTC is 07:30 the next day in Seoul.
    expect(seoulDateTime('2026-11-24T22:30:00.000Z')).toBe('2026.11.25 07:30');
  });

  it('maps a reservation to its cells in the column order, with labels in the language', () => {
    expect(reservationCsvRow(reservation(), tKo)).toEqual([
      '2026.11.25 07:30',
      'Morning yoga',
      'Kim Trainer',
      '홍길동',
      '010-****-5678',
      'PT 10',
      '취소',
      '',
      '늦은 취소',
      '예약 페이지',
      '2026.11.20 10:05',
    ]);
    const row = reservationCsvRow(
      reservation({
        status: 'COMPLETE',
        attendance: 'ATTENDED',
        late: false,
        source: 'STAFF',
        trainerName: null,
      }),
      tEn,
    );
    expect(row).toHaveLength(csvColumns.length);
    expect(row.slice(2, 3)).toEqual(['']);
    expect(row.slice(6)).toEqual(['Booked', 'Attended', '', 'Staff', '2026.11.20 10:05']);
  });

  it('labels every status, attendance and source in both languages', () => {
    for (const t of [tKo, tEn]) {
      for (const status of ['COMPLETE', 'CANCEL', 'DELAY', 'WAIT', 'WAITING'] as const)
        expect(reservationCsvRow(reservation({ status }), t)[6]).not.toContain('reservations.');
      expect(reservationCsvRow(reservation({ attendance: 'NOSHOW' }), t)[7]).not.toContain('reservations.');
    }
    expect(reservationCsvRow(reservation({ status: 'WAITING' }), tKo)[6]).toBe('대기(정원 초과)');
  });

  it('starts with a byte order mark and has Korean headers in Korean', () => {
    const csv = reservationCsv([reservation(), reservation({ id: 8, lessonTitle: 'Yoga, "basic"' })], tKo);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(csv.slice(1)).data;
    expect(parsed[0]).toEqual([
      '수업 일시',
      '수업',
      '트레이너',
      '회원',
      '전화번호',
      '이용권',
      '상태',
      '출석',
      '늦은 취소',
      '예약 경로',
      '예약 일시',
    ]);
    expect(parsed[2]?.[1]).toBe('Yoga, "basic"');
    expect(parsed).toHaveLength(3);
  });

  it('has English headers in English', () => {
    const header = Papa.parse<string[]>(reservationCsv([], tEn).slice(1)).data[0];
    expect(header?.[0]).toBe('Lesson date and time');
    expect(header).toHaveLength(csvColumns.length);
  });
});

describe('reading every page for the export', () => {
  const source = (total: number) =>
    vi.fn(async (start: number, end: number) => ({
      data: Array.from({ length: Math.max(0, Math.min(end, total) - start) }, (_, i) => start + i),
      total,
    }));

  it('reads pages of 100 until the total, reporting progress', async () => {
    const fetchPage = source(250);
    const progress: [number, number][] = [];
    const result = await collectPages(fetchPage, {
      onProgress: (read, total) => progress.push([read, total]),
    });
    expect(fetchPage.mock.calls).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
    ]);
    expect(result.rows).toHaveLength(250);
    expect(result.rows[249]).toBe(249);
    expect(result).toMatchObject({ total: 250, truncated: false });
    expect(progress).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });

  it('stops at 5,000 rows and says the list held more', async () => {
    const fetchPage = source(7_000);
    const result = await collectPages(fetchPage);
    expect(result.rows).toHaveLength(CSV_MAX_ROWS);
    expect(fetchPage).toHaveBeenCalledTimes(50);
    expect(fetchPage.mock.calls.every(([start, end]) => end - start <= 100)).toBe(true);
    expect(result).toMatchObject({ total: 7_000, truncated: true });
  });

  it('makes one call for an empty list, and stops on a short page', async () => {
    const empty = source(0);
    expect(await collectPages(empty)).toEqual({ rows: [], total: 0, truncated: false });
    expect(empty).toHaveBeenCalledTimes(1);
    // The list shrank while being read: a short page ends it.
    const shrinking = vi.fn(async (start: number) => ({ data: start === 0 ? [1, 2, 3] : [], total: 300 }));
    const result = await collectPages(shrinking);
    expect(shrinking).toHaveBeenCalledTimes(1);
    expect(result.rows).toEqual([1, 2, 3]);
  });
});
