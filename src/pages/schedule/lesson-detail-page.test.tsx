// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

type Call = { path: string; method: string; params?: unknown; query?: unknown; body?: unknown };
const calls: Call[] = [];
let lessonAnswer: () => Promise<LessonDetail>;
let bookAnswer: () => Promise<unknown>;
let rights = { memberSettingYn: true, representYn: false };

const MINUTE = 60_000;

const entry = (id: number, patch: Partial<RosterEntry> = {}): RosterEntry => ({
  id,
  memberId: 100 + id,
  name: `Customer ${id}`,
  phone: '010-****-5678',
  ticketIssueId: 5,
  ticketName: 'PT 10',
  sessionsLeft: 4,
  status: 'COMPLETE',
  attendance: null,
  late: false,
  waitPosition: null,
  createDate: '2026-11-20T01:00:00.000Z',
  ...patch,
});

const lesson = (patch: Partial<LessonDetail> = {}): LessonDetail => ({
  id: 7,
  gymId: 1,
  seriesId: null,
  title: 'Morning Pilates',
  lessonType: 'GROUP',
  trainerMemberId: 9,
  trainerName: 'Coach Lee',
  room: 'Studio A',
  // 07:30–08:20 on Wednesday 25 November in Seoul.
  startAt: '2026-11-24T22:30:00.000Z',
  endAt: '2026-11-24T23:20:00.000Z',
  capacity: 2,
  ticketIds: [],
  openDaysAhead: null,
  closeMinutesBefore: null,
  status: 'OPEN',
  cancelReason: null,
  color: '#1677ff',
  booked: 2,
  waiting: 1,
  customerName: null,
  roster: [
    entry(1, { status: 'CANCEL', late: true }),
    entry(2, { status: 'WAITING', waitPosition: 1, sessionsLeft: null, ticketName: 'Monthly' }),
    entry(3),
    entry(4, { status: 'DELAY', attendance: 'ATTENDED' }),
  ],
  noShowUsesSession: true,
  lateCancelUsesSession: false,
  ...patch,
});

/** A lesson that started ten minutes ago and is still on, so attendance and cancels are open. */
const running = (patch: Partial<LessonDetail> = {}): LessonDetail =>
  lesson({
    startAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
    endAt: new Date(Date.now() + 40 * MINUTE).toISOString(),
    ...patch,
  });

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (
      route: { path: string; method: string },
      input: { params?: unknown; query?: unknown; body?: unknown } = {},
    ) => {
      calls.push({ path: route.path, method: route.method, ...input });
      if (route.path === '/lesson/:id' && route.method === 'GET') return lessonAnswer();
      if (route.path === '/reservation' && route.method === 'POST') return bookAnswer();
      if (route.path === '/member/total-list')
        return [
          { id: 31, name: 'Kim Minsu', phone: '010-****-1111' },
          { id: 32, name: 'Park Jiyeon', phone: '010-****-2222' },
        ];
      if (route.path === '/member/ticket-issue-list/:id') return [];
      if (route.path === '/lesson/:id/cancel') return { ids: [7], delayed: 0 };
      return { id: 1, status: 'COMPLETE' };
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({
  useFacility: () => ({ selected: { id: 1 }, gymAuth: rights }),
}));

const { LessonDetailPage } = await import('./lesson-detail-page.tsx');

const open = (id = 7, language = 'en') =>
  renderPage(
    <AntdApp>
      <LessonDetailPage />
    </AntdApp>,
    { path: `/plan/schedule/lessondetail?id=${id}`, language },
  );

const posts = (path: string) => calls.filter((c) => c.path === path && c.method === 'POST');
const lessonReads = () => calls.filter((c) => c.path === '/lesson/:id' && c.method === 'GET');

afterEach(() => {
  cleanup();
  calls.length = 0;
  rights = { memberSettingYn: true, representYn: false };
});

describe('the lesson page (issue 13)', () => {
  it('shows the lesson in Seoul time and the roster: booked, then waiting, then cancelled', async () => {
    lessonAnswer = async () => lesson();
    open(7, 'ko');
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Pilates' })).toBeTruthy();
    expect(lessonReads()[0]?.params).toEqual({ id: 7 });
    expect(screen.getByText('2026.11.25 (수) 07:30–08:20')).toBeTruthy();
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(screen.getByText('Coach Lee')).toBeTruthy();
    expect(screen.getByText('Studio A')).toBeTruthy();
    const names = screen.getAllByRole('link', { name: /^Customer \d$/ }).map((a) => a.textContent);
    expect(names).toEqual(['Customer 3', 'Customer 4', 'Customer 2', 'Customer 1']);
    const waiting = screen.getByRole('link', { name: 'Customer 2' }).closest('tr') as HTMLElement;
    expect(within(waiting).getByText('대기 1')).toBeTruthy();
    expect(within(waiting).getByText('기간제')).toBeTruthy();
    const cancelled = screen.getByRole('link', { name: 'Customer 1' }).closest('tr') as HTMLElement;
    expect(within(cancelled).getByText('늦은 취소')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Customer 3' }).getAttribute('href')).toBe(
      '/memberManage/list/info?id=103',
    );
    expect(screen.getByRole('link', { name: 'Customer 3 님의 예약 이력' }).getAttribute('href')).toBe(
      '/plan/reservationHistory/info?id=3',
    );
    expect(screen.getByRole('link', { name: /일정으로 돌아가기/ }).getAttribute('href')).toBe(
      '/plan/schedule',
    );
  });

  it('asks before a no-show, says it uses a session, marks it and reads the lesson again', async () => {
    lessonAnswer = async () => running();
    open();
    const row = (await screen.findByRole('link', { name: 'Customer 3' })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Mark Customer 3 as a no-show?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/a no-show uses one session/)).toBeTruthy();
    const reads = lessonReads().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'No-show' }));
    await waitFor(() => expect(posts('/reservation/:id/attendance')).toHaveLength(1));
    expect(posts('/reservation/:id/attendance')[0]).toMatchObject({
      params: { id: 3 },
      body: { mark: 'NOSHOW' },
    });
    expect(await screen.findByText('Marked as a no-show.')).toBeTruthy();
    await waitFor(() => expect(lessonReads().length).toBeGreaterThan(reads));
  });

  it('keeps attendance closed before the start, and cancels a booking with a note', async () => {
    lessonAnswer = async () =>
      lesson({
        startAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
        endAt: new Date(Date.now() + 110 * MINUTE).toISOString(),
      });
    open();
    const row = (await screen.findByRole('link', { name: 'Customer 3' })).closest('tr') as HTMLElement;
    expect((within(row).getByRole('button', { name: 'Attended' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Attendance can be marked from the lesson start/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/marked late; it does not use a session/)).toBeTruthy();
    expect(within(dialog).getByText(/first customer on the waitlist/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Called in sick');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(posts('/reservation/:id/cancel')).toHaveLength(1));
    expect(posts('/reservation/:id/cancel')[0]).toMatchObject({
      params: { id: 3 },
      body: { note: 'Called in sick' },
    });
  });

  it('books a customer found by name onto the waitlist of a full lesson, and shows a refusal', async () => {
    lessonAnswer = async () => running();
    bookAnswer = () =>
      Promise.reject({
        statusCode: 409,
        code: 'CONFLICT',
        reason: 'bookingOverlap',
        message: 'Another booking overlaps: Yoga 2026-11-25 07:00.',
      });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Add to waitlist \(full\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/joins the waitlist/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to waitlist' }));
    expect(await within(dialog).findByText('Choose a customer.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Customer'), 'Kim');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/member/total-list' && (c.query as { q?: string }).q === 'Kim'),
      ).toBe(true),
    );
    await userEvent.click(await screen.findByText('Kim Minsu (010-****-1111)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to waitlist' }));
    await waitFor(() => expect(posts('/reservation')).toHaveLength(1));
    expect(posts('/reservation')[0]?.body).toEqual({ lessonId: 7, memberId: 31 });
    expect(await screen.findByText('Another booking overlaps: Yoga 2026-11-25 07:00.')).toBeTruthy();
  });

  it('cancels the lesson only with a reason, for the chosen part of its series', async () => {
    lessonAnswer = async () => running({ seriesId: 3 });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel lesson' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Trainer is ill');
    await userEvent.click(within(dialog).getByLabelText('This and the following lessons'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));
    const [confirm] = await screen.findAllByText('Cancel the lesson now?');
    const confirmDialog = confirm?.closest('.ant-modal') as HTMLElement;
    expect(within(confirmDialog).getByText(/Reservations to cancel on this lesson: 3/)).toBeTruthy();
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Cancel lesson' }));
    await waitFor(() => expect(posts('/lesson/:id/cancel')).toHaveLength(1));
    expect(posts('/lesson/:id/cancel')[0]).toMatchObject({
      params: { id: 7 },
      body: { reason: 'Trainer is ill', scope: 'FOLLOWING' },
    });
    expect(await screen.findByText('The lesson was cancelled.')).toBeTruthy();
  });

  it('shows a cancelled lesson with its reason and no actions', async () => {
    lessonAnswer = async () =>
      running({ status: 'CANCEL', cancelReason: 'Holiday', roster: [entry(3, { status: 'CANCEL' })] });
    open();
    expect(await screen.findByText('This lesson was cancelled.')).toBeTruthy();
    expect(screen.getByText('Reason: Holiday')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Book a customer|Cancel lesson|Cancel booking/ })).toBeNull();
  });

  it('offers no action without the member settings right', async () => {
    rights = { memberSettingYn: false, representYn: false };
    lessonAnswer = async () => running({ booked: 1 });
    open();
    await screen.findByRole('link', { name: 'Customer 3' });
    expect(
      screen.queryByRole('button', { name: /Book a customer|Cancel lesson|No-show|Cancel booking/ }),
    ).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('says when the lesson is not found', async () => {
    lessonAnswer = () => Promise.reject({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    open(999);
    expect(await screen.findByText('This lesson was not found in the selected facility.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to schedule' }).getAttribute('href')).toBe(
      '/plan/schedule',
    );
  });
});
