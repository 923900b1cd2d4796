// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Entry, KioskAnswer } from '#domain/schemas/entry.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

const calls: { path: string; params?: unknown; query?: unknown; body?: unknown }[] = [];
const downloads: string[] = [];
let canChange = true;

const entry = (id: number, patch: Partial<Entry> = {}): Entry => ({
  id,
  gymId: 1,
  memberId: 10 + id,
  memberName: `Customer ${id}`,
  phone: '010-****-5678',
  method: 'QR',
  result: 'ALLOWED',
  reason: null,
  reasonDate: null,
  ticketIssueId: 5,
  passName: 'Gym 3 months',
  sessionUsed: false,
  sessionsLeft: null,
  daysLeft: 40,
  staffMemberId: null,
  staffName: null,
  note: null,
  createDate: '2026-11-24T22:30:00.000Z',
  ...patch,
});

const answer = (patch: Partial<KioskAnswer>): KioskAnswer => ({
  outcome: 'ALLOWED',
  entryId: 99,
  name: 'Customer 7',
  photoUrl: null,
  passName: 'Gym 3 months',
  reason: null,
  reasonDate: null,
  unpaidAmount: null,
  unpaidSales: [],
  sessionUsed: false,
  sessionsLeft: null,
  daysLeft: 12,
  endDate: '2026-12-06',
  renewSoon: false,
  repeat: false,
  choices: [],
  ...patch,
});

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    list: async (route: { path: string }, input: { params?: unknown; query?: unknown }) => {
      calls.push({ path: route.path, params: input.params, query: input.query });
      return {
        data: [
          entry(1),
          entry(2, { result: 'REFUSED', reason: 'expired', reasonDate: '2026-11-20', passName: null }),
          entry(3, {
            result: 'OVERRIDE',
            method: 'MANUAL',
            staffName: 'Staff Kim',
            note: 'Paid at the desk',
          }),
        ],
        total: 3,
      };
    },
    call: async (route: { path: string }, input: { params?: unknown; query?: unknown; body?: unknown }) => {
      calls.push({ path: route.path, params: input.params, query: input.query, body: input.body });
      if (route.path === '/entry/stats/:gymId')
        return {
          today: 4,
          total: 3,
          allowed: 1,
          refused: 1,
          override: 1,
          byHour: Array.from({ length: 24 }, (_, h) => (h === 7 ? 2 : h === 19 ? 1 : 0)),
        };
      if (route.path === '/member/total-list') return [{ id: 7, name: 'Customer 7', phone: '010-****-1111' }];
      if (route.path === '/entry/manual/:gymId') {
        const body = input.body as { overrideNote?: string };
        return body.overrideNote
          ? answer({})
          : answer({ outcome: 'REFUSED', reason: 'onHold', reasonDate: '2026-12-01', passName: null });
      }
      return [];
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({
  useFacility: () => ({
    selected: { id: 1 },
    gymAuth: { representYn: false, memberSettingYn: canChange },
    approvedSubServices: new Set(['ENTER']),
    contextLoading: false,
  }),
}));
vi.mock('./entry-hour-chart.tsx', () => ({ EntryHourChart: () => <div data-testid="chart" /> }));
vi.mock('../customers/download.ts', () => ({
  downloadFile: async (url: string) => {
    downloads.push(url);
  },
}));

const { EntryListPage } = await import('./entry-list-page.tsx');

afterEach(() => {
  cleanup();
  calls.length = 0;
  downloads.length = 0;
  canChange = true;
});

const render = () =>
  renderPage(
    <AntdApp>
      <EntryListPage />
    </AntdApp>,
  );

const listCalls = () => calls.filter((c) => c.path === '/entry/list/:gymId');

describe('the entry log (issue 14)', { timeout: 30_000 }, () => {
  it('reads the last 7 Seoul days, shows today and the results, and words each row', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Entry log' })).toBeTruthy();
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    const today = seoulToday(new Date());
    expect(listCalls()[0]).toMatchObject({
      params: { gymId: 1 },
      query: { from: addDays(today, -6), to: today, _start: 0, _end: 20 },
    });
    expect(calls.find((c) => c.path === '/entry/stats/:gymId')?.query).toEqual({
      from: addDays(today, -6),
      to: today,
    });
    const stats = screen.getByRole('region', { name: 'Entry summary' });
    expect(within(stats).getByText('Check-ins today')).toBeTruthy();
    expect(within(stats).getByText('4')).toBeTruthy();
    expect(screen.getByText('Busiest hour: 07:00 (2 visits)')).toBeTruthy();
    expect(await screen.findByTestId('chart')).toBeTruthy();

    const table = screen.getByRole('table', { name: /Entries from/ });
    const first = within(table).getByText('Customer 1').closest('tr') as HTMLElement;
    expect(within(first).getByText('2026.11.25 07:30')).toBeTruthy();
    expect(within(first).getByText('010-****-5678')).toBeTruthy();
    expect(within(first).getByText('QR code')).toBeTruthy();
    expect(within(first).getByText('Allowed')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Customer 1' }).getAttribute('href')).toBe(
      '/memberManage/list/info?id=11',
    );
    const refused = within(table).getByText('Customer 2').closest('tr') as HTMLElement;
    expect(within(refused).getByText('Refused')).toBeTruthy();
    expect(within(refused).getByText('Expired on 2026.11.20')).toBeTruthy();
    const overridden = within(table).getByText('Customer 3').closest('tr') as HTMLElement;
    expect(within(overridden).getByText('Let in by staff')).toBeTruthy();
    expect(within(overridden).getByText('Staff Kim')).toBeTruthy();
    expect(within(overridden).getByText('Paid at the desk')).toBeTruthy();
  });

  it('filters by the search and exports with the same filters', async () => {
    render();
    await screen.findByText('Customer 1');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search customer by name or phone' }),
      '김민{Enter}',
    );
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ q: '김민', _start: 0 }));
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^\/web\/entry\/export\/1\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&q=/);
    await userEvent.click(screen.getByRole('button', { name: /Reset filters/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).not.toHaveProperty('q'));
  });

  it('checks a customer in by hand; a refusal is let in only with a note', async () => {
    render();
    await screen.findByText('Customer 1');
    await userEvent.click(screen.getByRole('button', { name: /Check in a customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in a customer' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await screen.findByTitle('Customer 7 (010-****-1111)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByText('Customer 7 cannot enter.')).toBeTruthy();
    expect(within(dialog).getByText('On hold until 2026.12.01')).toBeTruthy();
    expect(calls.find((c) => c.path === '/entry/manual/:gymId')).toMatchObject({
      params: { gymId: 1 },
      body: { memberId: 7 },
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Let in anyway' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let in' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reason for letting in'), 'Paid at the desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let in' }));
    expect(await within(dialog).findByText('Customer 7 was let in by staff.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/entry/manual/:gymId').at(-1)?.body).toEqual({
      memberId: 7,
      overrideNote: 'Paid at the desk',
    });
  });

  it('offers the manual check-in only to staff who may change members', async () => {
    canChange = false;
    render();
    await screen.findByText('Customer 1');
    expect(screen.queryByRole('button', { name: /Check in a customer/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });
});
