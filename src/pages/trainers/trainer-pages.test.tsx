// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingSettingsRecord, PayReport, Trainer } from '#domain/schemas/schedule.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

type Call = { method: string; path: string; params?: unknown; query?: unknown; body?: unknown };
const calls: Call[] = [];
const rights = { memberSettingYn: true, representYn: false };
/** The viewer's finance right and member id (docs/rules.md#trainer-pay: their own pay, or the finance right). */
const viewer = { financeUseYn: true, memberId: 1 };
let trainers: Trainer[] = [];
let failNext: unknown = null;

const trainer = (over: Partial<Trainer> = {}): Trainer => ({
  id: 7,
  gymId: 1,
  memberId: 12,
  name: '김코치',
  phone: '010-****-5678',
  photoFileId: null,
  specialties: ['필라테스', '다이어트'],
  career: '',
  introduction: '',
  workingHours: [null, { start: '09:00', end: '18:00' }, null, null, null, null, null],
  color: '#0958d9',
  payKind: 'PER_SESSION',
  payRate: 30_000,
  groupPayKind: 'PER_CLASS',
  groupPayRate: 50_000,
  groupPayMinAttendees: 0,
  ...over,
});

const payReport: PayReport = {
  trainerId: 7,
  month: '2026-11',
  payKind: 'PER_SESSION',
  payRate: 30_000,
  groupPayKind: 'PER_CLASS',
  groupPayRate: 50_000,
  groupPayMinAttendees: 0,
  sessions: [
    {
      reservationId: 1,
      lessonId: 1,
      lessonTitle: '오전 PT',
      startAt: '2026-11-25T01:00:00.000Z',
      memberName: '이회원',
      attendance: 'ATTENDED',
      late: false,
      ticketName: 'PT 20회',
      passPrice: 1_210_000,
      passSessions: 20,
      passSessionValue: null,
      unitValue: 60_500,
      rule: 'PER_SESSION',
      pay: 30_000,
    },
    {
      reservationId: 2,
      lessonId: 2,
      lessonTitle: '오전 PT',
      startAt: '2026-11-26T01:00:00.000Z',
      memberName: '박회원',
      attendance: 'NOSHOW',
      late: false,
      ticketName: 'PT 10회',
      passPrice: 700_000,
      passSessions: 10,
      passSessionValue: null,
      unitValue: 70_000,
      rule: 'PER_SESSION',
      pay: 30_000,
    },
  ],
  classes: [],
  total: 60_000,
};

let settings: BookingSettingsRecord = {
  gymId: 1,
  openDaysAhead: 14,
  closeMinutesBefore: 60,
  freeCancelHours: 3,
  noShowUsesSession: true,
  lateCancelUsesSession: false,
  waitlistCloseMinutesBefore: 120,
  maxActiveBookings: 10,
};

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (
      route: { method: string; path: string },
      input: { params?: { id?: number }; query?: unknown; body?: unknown } = {},
    ) => {
      calls.push({ method: route.method, path: route.path, ...input });
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const key = `${route.method} ${route.path}`;
      if (key === 'GET /trainer/list/:gymId') return trainers;
      if (key === 'GET /gym-member/worker/list/:gymId')
        return [
          { memberId: 12, member: { name: '김코치' } },
          { memberId: 13, member: { name: '최직원' } },
        ];
      if (key === 'GET /trainer/:id') {
        const found = trainers.find((t) => t.id === input.params?.id);
        if (!found) throw { statusCode: 404, message: 'Not found', code: 'NOT_FOUND' };
        return found;
      }
      if (key === 'PUT /trainer/:id') return { ...trainers[0]!, ...(input.body as object) };
      if (key === 'GET /trainer/:id/pay') return payReport;
      if (key === 'POST /trainer') {
        const made = trainer({ id: 9, memberId: 13, name: '최직원', ...(input.body as object) });
        trainers = [...trainers, made];
        return made;
      }
      if (key === 'GET /booking-setting/:gymId') return settings;
      if (key === 'PUT /booking-setting/:gymId') {
        settings = { ...settings, ...(input.body as object) };
        return settings;
      }
      throw new Error(`unexpected ${key}`);
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({
  useFacility: () => ({
    selected: { id: 1, gymStatus: 'ACTIVE' },
    gymAuth: rights,
    rights: { ...rights, financeUseYn: viewer.financeUseYn },
    gymMember: { memberId: viewer.memberId },
  }),
}));
const saved: { blob: Blob; name: string }[] = [];
vi.mock('../customers/download.ts', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const { TrainerListPage } = await import('./trainer-list-page.tsx');
const { TrainerDetailPage } = await import('./trainer-detail-page.tsx');
const { BookingRulesCard } = await import('../settings/booking-rules-card.tsx');

beforeEach(() => {
  trainers = [trainer()];
  rights.memberSettingYn = true;
  rights.representYn = false;
  viewer.financeUseYn = true;
  viewer.memberId = 1;
});
afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('/trainer', { timeout: 20_000 }, () => {
  it('lists the trainers as cards with the masked phone, the specialties and the pay rule', async () => {
    trainers = [
      trainer(),
      trainer({ id: 8, memberId: 13, name: 'Jane Doe', payKind: 'PERCENT', payRate: 40 }),
    ];
    renderPage(
      <App>
        <TrainerListPage />
      </App>,
      { language: 'ko' },
    );
    expect(await screen.findByText('회당 30,000원')).toBeTruthy();
    expect(screen.getByText('회당 단가의 40%')).toBeTruthy();
    expect(screen.getAllByText('010-****-5678')).toHaveLength(2);
    expect(screen.getAllByText('필라테스')).toHaveLength(2);
    expect(screen.getByText('JD')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Jane Doe/ });
    expect(link.getAttribute('href')).toBe('/trainer/info?id=8');
    expect(screen.getByRole('button', { name: /강사 추가/ })).toBeTruthy();
  });

  it("shows a front desk neither a colleague's pay rule (the server sends it hidden) nor the add button", async () => {
    viewer.financeUseYn = false;
    trainers = [trainer({ payRate: 0, groupPayRate: 0, payHidden: true })];
    renderPage(
      <App>
        <TrainerListPage />
      </App>,
      { language: 'ko' },
    );
    expect(await screen.findByText('김코치')).toBeTruthy();
    expect(screen.queryByText(/회당/)).toBeNull();
    expect(screen.queryByRole('button', { name: /강사 추가/ })).toBeNull();
  });

  it('adds a profile for a staff member who has none, then opens it', async () => {
    renderPage(
      <App>
        <TrainerListPage />
      </App>,
      { path: '/trainer' },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Add trainer/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('combobox'));
    // 김코치 already has a profile: only 최직원 is offered.
    expect(screen.queryByTitle('김코치')).toBeNull();
    await userEvent.click(await screen.findByTitle('최직원'));
    await userEvent.click(within(drawer).getByText('Percent of pass price'));
    const rate = within(drawer).getByRole('spinbutton', { name: 'Share of the per-session price' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '40');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/trainer/info'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      gymId: 1,
      memberId: 13,
      payKind: 'PERCENT',
      payRate: 40,
      groupPayKind: 'PER_ATTENDEE',
      groupPayRate: 0,
      groupPayMinAttendees: 0,
      color: '#0958d9',
    });
  });

  it('shows the empty state, without the add button for a reader', async () => {
    trainers = [];
    rights.memberSettingYn = false;
    renderPage(
      <App>
        <TrainerListPage />
      </App>,
    );
    expect(await screen.findByText('No trainer profiles yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add trainer/ })).toBeNull();
  });
});

describe('/trainer/info', { timeout: 20_000 }, () => {
  it('shows the profile with the weekdays Sunday first and the pay report with its total', async () => {
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { language: 'ko', path: '/trainer/info?id=7' },
    );
    expect(await screen.findByRole('heading', { name: '김코치' })).toBeTruthy();
    const days = Array.from(document.querySelectorAll('.fd-trainer-day-name')).map((e) => e.textContent);
    expect(days).toEqual(['일', '월', '화', '수', '목', '금', '토']);
    expect(screen.getByRole('switch', { name: '월요일 휴무' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: '일요일 휴무' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('2026.11.25 10:00')).toBeTruthy();
    expect(screen.getByText('60,500원')).toBeTruthy();
    expect(screen.getByText('노쇼')).toBeTruthy();
    expect(screen.getByText(/60,000원/)).toBeTruthy();
    // Each line says the rule it used, and the report states the group rule (docs/rules.md#trainer-pay).
    expect(screen.getAllByText('PT 회당 고정')).toHaveLength(2);
    expect(screen.getByText(/그룹 수업: 수업당 50,000원/)).toBeTruthy();
    const pay = calls.find((c) => c.path === '/trainer/:id/pay');
    expect(pay?.query).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/) });
    await userEvent.click(screen.getByRole('button', { name: /CSV 다운로드/ }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^trainer-pay-\d{4}-\d{2}-김코치\.csv$/);
    const text = new TextDecoder().decode(await saved[0]!.blob.arrayBuffer());
    expect(text.split('\r\n')[0]).toBe('일시,수업,회원,이용권,회당 단가,출결,적용 기준,급여');
  });

  it('saves the profile and shows the server field errors on their fields', async () => {
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { path: '/trainer/info?id=7' },
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Specialties' }), '요가{Enter}');
    failNext = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some values are not valid.',
      errors: { payRate: ['Too much.'], 'workingHours.1.end': ['Bad end.'] },
    };
    await userEvent.click(save);
    expect(await screen.findByText('Too much.')).toBeTruthy();
    expect(screen.getByText('Bad end.')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      specialties: ['필라테스', '다이어트', '요가'],
      career: '',
      introduction: '',
      workingHours: [null, { start: '09:00', end: '18:00' }, null, null, null, null, null],
      color: '#0958d9',
      payKind: 'PER_SESSION',
      payRate: 30_000,
      groupPayKind: 'PER_CLASS',
      groupPayRate: 50_000,
      groupPayMinAttendees: 0,
    });
    expect(await screen.findByText('The profile has been saved.')).toBeTruthy();
  });

  it("hides a colleague's pay report without the finance right, and shows the trainer their own", async () => {
    viewer.financeUseYn = false;
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { language: 'ko', path: '/trainer/info?id=7' },
    );
    expect(await screen.findByRole('heading', { name: '김코치' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/trainer/:id/pay')).toBe(false);
    expect(screen.queryByText('2026.11.25 10:00')).toBeNull();
    cleanup();
    viewer.memberId = 12;
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { language: 'ko', path: '/trainer/info?id=7' },
    );
    expect(await screen.findByRole('heading', { name: '김코치' })).toBeTruthy();
    expect(await screen.findByText('2026.11.25 10:00', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('is read-only without the rights', async () => {
    rights.memberSettingYn = false;
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { path: '/trainer/info?id=7' },
    );
    expect(await screen.findByText(/You can view this profile/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add photo/ })).toBeNull();
  });

  it('says when the profile does not exist', async () => {
    renderPage(
      <App>
        <TrainerDetailPage />
      </App>,
      { path: '/trainer/info?id=99' },
    );
    expect(await screen.findByText('This trainer profile does not exist.')).toBeTruthy();
  });
});

describe('the booking rules card', { timeout: 20_000 }, () => {
  it('loads the seven rules and lets the representative save them', async () => {
    rights.representYn = true;
    renderPage(
      <App>
        <BookingRulesCard gymId={1} />
      </App>,
    );
    const days = await screen.findByRole('spinbutton', { name: 'Booking opens' });
    expect((days as HTMLInputElement).value).toBe('14');
    expect(screen.getAllByRole('spinbutton')).toHaveLength(5);
    const noShow = screen.getByRole('switch', { name: 'A no-show uses a session' });
    expect(noShow.getAttribute('aria-checked')).toBe('true');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(noShow);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The booking rules have been saved.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      params: { gymId: 1 },
      body: expect.objectContaining({ openDaysAhead: 30, noShowUsesSession: false, maxActiveBookings: 10 }),
    });
  });

  it('is read-only for anyone but the representative', async () => {
    renderPage(
      <App>
        <BookingRulesCard gymId={1} />
      </App>,
    );
    expect(await screen.findByText('Only the representative can change the booking rules.')).toBeTruthy();
    expect(within(document.body).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
