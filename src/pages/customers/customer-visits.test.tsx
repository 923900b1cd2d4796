// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Entry } from '#domain/schemas/entry.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

const calls: { path: string; params?: unknown; query?: unknown }[] = [];
let rows: Entry[] = [];
let addOns = new Set(['ENTER']);

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    list: async (route: { path: string }, input: { params?: unknown; query?: unknown }) => {
      calls.push({ path: route.path, params: input.params, query: input.query });
      return { data: rows, total: rows.length };
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({
  useFacility: () => ({ approvedSubServices: addOns }),
}));

const { CustomerHistoryTabs } = await import('./customer-visits.tsx');

afterEach(() => {
  cleanup();
  calls.length = 0;
  rows = [];
  addOns = new Set(['ENTER']);
});

const render = () =>
  renderPage(
    <CustomerHistoryTabs gymId={1} memberId={42}>
      <p>Usage table</p>
    </CustomerHistoryTabs>,
  );

describe("the customer detail's visits (issue 14)", { timeout: 30_000 }, () => {
  it('lists the last year of entries when the Visits tab opens, with an empty state', async () => {
    render();
    expect(screen.getByText('Usage table')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Visits' }));
    expect(await screen.findByText('No visits in the last year.')).toBeTruthy();
    const today = seoulToday(new Date());
    expect(calls[0]).toMatchObject({
      path: '/entry/list/:gymId',
      params: { gymId: 1 },
      query: { memberId: 42, from: addDays(today, -365), to: today, _start: 0, _end: 10 },
    });
  });

  it('shows each entry with its time, method, result and reason', async () => {
    rows = [
      {
        id: 1,
        gymId: 1,
        memberId: 42,
        memberName: 'Kim',
        phone: '010-****-5678',
        method: 'CARD',
        result: 'REFUSED',
        reason: 'noSessions',
        reasonDate: null,
        ticketIssueId: 3,
        passName: 'PT 10',
        sessionUsed: false,
        sessionsLeft: 0,
        daysLeft: null,
        staffMemberId: null,
        staffName: null,
        note: null,
        createDate: '2026-03-01T23:05:00.000Z',
      },
    ];
    render();
    await userEvent.click(screen.getByRole('tab', { name: 'Visits' }));
    const table = await screen.findByRole('table', { name: 'Visits of the last year' });
    const row = within(table).getByText('2026.03.02 08:05').closest('tr') as HTMLElement;
    expect(within(row).getByText('Card')).toBeTruthy();
    expect(within(row).getByText('Refused')).toBeTruthy();
    expect(within(row).getByText('No sessions left')).toBeTruthy();
  });

  it('shows no tabs where the facility does not run check-in', () => {
    addOns = new Set();
    render();
    expect(screen.getByText('Usage table')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
