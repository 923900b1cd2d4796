// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reservation, ReservationDetail } from '#domain/schemas/schedule.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

const calls: { path: string; params?: unknown; query?: unknown }[] = [];
const saved: { blob: Blob; name: string }[] = [];
let listTotal = 2;
let detailAnswer: () => Promise<ReservationDetail>;

const reservation = (id: number, patch: Partial<Reservation> = {}): Reservation => ({
  id,
  gymId: 1,
  lessonId: 30 + id,
  lessonTitle: `Pilates ${id}`,
  startAt: '2026-11-24T22:30:00.000Z',
  endAt: '2026-11-24T23:20:00.000Z',
  trainerName: 'Coach Lee',
  memberId: 10 + id,
  memberName: `Customer ${id}`,
  phone: '010-****-5678',
  ticketIssueId: 5,
  ticketName: 'PT 10',
  status: 'COMPLETE',
  attendance: null,
  late: false,
  source: 'STAFF',
  createDate: '2026-11-20T01:05:00.000Z',
  ...patch,
});

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    list: async (route: { path: string }, input: { params?: unknown; query?: Record<string, number> }) => {
      calls.push({ path: route.path, params: input.params, query: input.query });
      const start = input.query?._start ?? 0;
      const end = Math.min(input.query?._end ?? 20, listTotal);
      return {
        data: Array.from({ length: Math.max(0, end - start) }, (_, i) =>
          reservation(start + i + 1, i === 0 ? { status: 'CANCEL', late: true, source: 'SELF' } : {}),
        ),
        total: listTotal,
      };
    },
    call: async (route: { path: string }, input: { params?: unknown; query?: unknown }) => {
      calls.push({ path: route.path, params: input.params, query: input.query });
      if (route.path === '/reservation/:id') return detailAnswer();
      return [];
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({ useFacility: () => ({ selected: { id: 1 } }) }));
vi.mock('../customers/use-staff-options.ts', () => ({
  useStaffOptions: () => [{ value: 9, label: 'Coach Lee' }],
}));
vi.mock('../customers/download.ts', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const { ReservationHistoryPage } = await import('./reservation-history-page.tsx');
const { ReservationDetailPage } = await import('./reservation-detail-page.tsx');

afterEach(() => {
  cleanup();
  calls.length = 0;
  saved.length = 0;
  listTotal = 2;
});

const listCalls = () => calls.filter((c) => c.path === '/reservation/list/:gymId');

describe('the reservation history (issue 13)', () => {
  it('lists this month by default, with the status as text, the late mark and the source', async () => {
    renderPage(
      <AntdApp>
        <ReservationHistoryPage />
      </AntdApp>,
    );
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    const first = listCalls()[0];
    expect(first?.params).toEqual({ gymId: 1 });
    expect(first?.query).toMatchObject({ _start: 0, _end: 20 });
    const query = first?.query as { from: string; to: string };
    expect(query.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.to.slice(0, 7)).toBe(query.from.slice(0, 7));
    const row = screen.getByText('Customer 1').closest('tr') as HTMLElement;
    expect(within(row).getByText('2026.11.25 07:30')).toBeTruthy();
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByText('Late cancel')).toBeTruthy();
    expect(within(row).getByText('Booking page')).toBeTruthy();
    expect(within(row).getByText('010-****-5678')).toBeTruthy();
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it('filters late cancels only and opens a reservation by its row', async () => {
    renderPage(
      <AntdApp>
        <ReservationHistoryPage />
      </AntdApp>,
    );
    await screen.findByText('Customer 1');
    await userEvent.click(screen.getByLabelText('Late cancels only'));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ late: 'true', _start: 0 }));
    await userEvent.click(screen.getByRole('button', { name: /Reset filters/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).not.toHaveProperty('late'));
    fireEvent.click(await screen.findByText('Customer 2'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/plan/reservationHistory/info'),
    );
  });

  it('exports every page of the filter in pages of 100, with Korean headers in Korean', async () => {
    listTotal = 230;
    renderPage(
      <AntdApp>
        <ReservationHistoryPage />
      </AntdApp>,
      { language: 'ko' },
    );
    await screen.findByText('Customer 1');
    calls.length = 0;
    await userEvent.click(screen.getByRole('button', { name: /CSV 내보내기/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(
      listCalls().map((c) => [(c.query as { _start: number })._start, (c.query as { _end: number })._end]),
    ).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
    ]);
    const text = await saved[0]?.blob.text();
    expect(text?.split('\n')[0]).toContain('수업 일시,수업,트레이너');
    expect(text?.trim().split('\n')).toHaveLength(231);
  });

  it('shows the empty state', async () => {
    listTotal = 0;
    renderPage(
      <AntdApp>
        <ReservationHistoryPage />
      </AntdApp>,
    );
    expect(await screen.findByText('No reservations match these filters.')).toBeTruthy();
  });
});

describe('one reservation (issue 13)', () => {
  it('shows the facts with their links and the state history', async () => {
    detailAnswer = async () => ({
      ...reservation(4, { status: 'CANCEL', late: true, source: 'SELF' }),
      events: [
        {
          id: 1,
          action: 'WAITLIST',
          fromStatus: null,
          toStatus: 'WAITING',
          note: null,
          actorName: 'Customer 4',
          createDate: '2026-11-20T01:05:00.000Z',
        },
        {
          id: 2,
          action: 'LATE_CANCEL',
          fromStatus: 'WAITING',
          toStatus: 'CANCEL',
          note: 'Sick',
          actorName: null,
          createDate: '2026-11-24T21:00:00.000Z',
        },
      ],
    });
    renderPage(<ReservationDetailPage />, { path: '/plan/reservationHistory/info?id=4' });
    const lesson = await screen.findByRole('link', { name: 'Pilates 4' });
    expect(calls.at(-1)).toMatchObject({ path: '/reservation/:id', params: { id: 4 } });
    expect(lesson.getAttribute('href')).toBe('/plan/schedule/lessondetail?id=34');
    expect(screen.getByRole('link', { name: 'Customer 4' }).getAttribute('href')).toBe(
      '/memberManage/list/info?id=14',
    );
    expect(screen.getByText('Joined the waitlist')).toBeTruthy();
    expect(screen.getByText('Cancelled late')).toBeTruthy();
    expect(screen.getByText('By Customer 4')).toBeTruthy();
    expect(screen.getByText('By the system')).toBeTruthy();
    expect(screen.getByText('Note: Sick')).toBeTruthy();
    expect(screen.getByText('2026.11.25 06:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the reservation history/ }).getAttribute('href')).toBe(
      '/plan/reservationHistory',
    );
  });

  it('says when the reservation is not found', async () => {
    detailAnswer = () => Promise.reject({ statusCode: 404, message: 'Not found', code: 'NOT_FOUND' });
    renderPage(<ReservationDetailPage />, { path: '/plan/reservationHistory/info?id=999' });
    expect(await screen.findByText('This reservation was not found.')).toBeTruthy();
  });
});
