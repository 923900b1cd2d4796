// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SelfBooking } from '#domain/schemas/schedule.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

type Call = { path: string; params?: unknown; body?: unknown; headers?: Record<string, string> };
const calls: Call[] = [];
const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF12';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

let view: () => Promise<SelfBooking>;
let bookAnswer: () => Promise<unknown>;

const data = (): SelfBooking => ({
  gymName: 'Seoul Fit',
  memberName: 'Minji',
  passes: [{ id: 5, ticketId: 40, name: 'Pilates 10', endDate: '2026-12-31', sessionsLeft: 4 }],
  lessons: [
    {
      id: 31,
      title: 'Morning Pilates',
      lessonType: 'GROUP',
      trainerName: 'Coach Lee',
      room: 'Studio A',
      startAt: at(48),
      endAt: at(49),
      capacity: 10,
      booked: 3,
      waiting: 0,
      ticketIds: [],
      bookable: true,
    },
    {
      id: 32,
      title: 'Evening Yoga',
      lessonType: 'GROUP',
      trainerName: null,
      room: null,
      startAt: at(50),
      endAt: at(51),
      capacity: 10,
      booked: 10,
      waiting: 2,
      ticketIds: [],
      bookable: true,
    },
  ],
  bookings: [
    {
      id: 70,
      lessonId: 80,
      lessonTitle: 'Spin',
      startAt: at(24),
      status: 'COMPLETE',
      waitPosition: null,
      freeCancelUntil: at(21),
    },
    {
      id: 71,
      lessonId: 81,
      lessonTitle: 'Boxing',
      startAt: at(2),
      status: 'COMPLETE',
      waitPosition: null,
      freeCancelUntil: at(-1),
    },
  ],
  settings: {
    openDaysAhead: 7,
    closeMinutesBefore: 60,
    freeCancelHours: 3,
    noShowUsesSession: true,
    lateCancelUsesSession: false,
    waitlistCloseMinutesBefore: 120,
    maxActiveBookings: 10,
  },
});

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (route: { path: string }, input: Omit<Call, 'path'> = {}) => {
      calls.push({ path: route.path, ...input });
      if (route.path === '/self-booking') return view();
      if (route.path === '/self-booking/reservation') return bookAnswer();
      return { id: 70, status: 'CANCEL' };
    },
  },
}));

const { SelfBookingPage } = await import('./self-booking-page.tsx');

const open = (search = `?token=${TOKEN}`, language = 'en') =>
  renderPage(
    <AntdApp>
      <SelfBookingPage />
    </AntdApp>,
    { path: `/reservation/req${search}`, language },
  );

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('the booking page (issue 13)', () => {
  it('shows the passes, the bookings and the lessons with counts only, sending the token', async () => {
    view = async () => data();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seoul Fit' })).toBeTruthy();
    expect(screen.getByText('Hello, Minji')).toBeTruthy();
    expect(screen.getByText('Pilates 10')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/self-booking', headers: { 'x-booking-token': TOKEN } });
    expect(screen.getByText('3/10 booked')).toBeTruthy();
    expect(screen.getByText('Full · 2 waiting')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Book Morning Pilates/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Join the waitlist for Evening Yoga/ })).toBeTruthy();
    // Spin can still be cancelled; Boxing's free-cancel time is over.
    expect(screen.getByRole('button', { name: /^Cancel the booking for Spin/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Boxing/ })).toBeNull();
    expect(screen.getByText(/Free cancellation ended/)).toBeTruthy();
    expect(screen.getByText(/A no-show uses a session/)).toBeTruthy();
  });

  it('writes dates the Korean way', async () => {
    view = async () => data();
    open(undefined, 'ko');
    expect(await screen.findByText('Minji님, 안녕하세요')).toBeTruthy();
    const bookings = screen.getByRole('region', { name: '내 예약' });
    expect(
      within(bookings).getAllByText(/^\d{1,2}월 \d{1,2}일 \([일월화수목금토]\) \d{2}:\d{2}$/),
    ).toHaveLength(2);
    expect(screen.getByText('3/10명 예약')).toBeTruthy();
  });

  it('books with the token and shows a refusal in the server words', async () => {
    view = async () => data();
    bookAnswer = async () =>
      Promise.reject({
        statusCode: 409,
        message: 'You already hold a booking at that time.',
        code: 'CONFLICT',
      });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /^Book Morning Pilates/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/self-booking/reservation')).toMatchObject({
        body: { lessonId: 31 },
        headers: { 'x-booking-token': TOKEN },
      }),
    );
    expect(await screen.findByText('You already hold a booking at that time.')).toBeTruthy();
  });

  it('cancels after a confirmation', async () => {
    view = async () => data();
    open();
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel the booking for Spin/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/self-booking/reservation/:id/cancel')).toMatchObject({
        params: { id: 70 },
        headers: { 'x-booking-token': TOKEN },
      }),
    );
  });

  it('says the link is gone on a 401, without leaving the page', async () => {
    view = async () => Promise.reject({ statusCode: 401, message: 'x', code: 'UNAUTHENTICATED' });
    open();
    expect(await screen.findByText('This booking link has expired or been replaced.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/reservation/req');
  });

  it('says the same without a token, and calls nothing', async () => {
    view = async () => data();
    open('');
    expect(await screen.findByText('Ask the facility for a new link.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
