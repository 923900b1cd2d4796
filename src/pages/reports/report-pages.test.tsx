// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevenueAsOf, RevenueChart, RevenueHistory, SalesStatistics } from '#domain/schemas/report.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { lastMonths, monthDisabled, rangeAllowed, statisticsCsv } from './report-model.ts';

// The report pages (docs/rules.md#reports): what they ask the API, that each figure shows in a table as text
// (the charts' accessible reading), the reconciliation line, and the CSVs.

const calls: { path: string; query?: Record<string, unknown> }[] = [];
const saved: { blob: Blob; name: string }[] = [];
const downloads: string[] = [];

const money = (received: number, refunds = 0) => ({ received, refunds, net: received + refunds });
const statistics: SalesStatistics = {
  from: '2025-12',
  to: '2025-12',
  firstDay: '2025-12-01',
  lastDay: '2025-12-31',
  totals: {
    ...money(1_300_000, -50_000),
    payments: 3,
    refundCount: 1,
    sales: 2,
    salesAmount: 1_300_000,
    averageSale: 650_000,
  },
  byDay: [
    { date: '2025-12-01', ...money(1_200_000) },
    { date: '2025-12-02', ...money(100_000, -50_000) },
  ],
  byMonth: [{ month: '2025-12', ...money(1_300_000, -50_000) }],
  byItemType: [{ itemType: 'PASS', ...money(1_300_000, -50_000) }],
  byItem: [{ itemType: 'PASS', itemName: 'Gym 12 months', ...money(1_200_000) }],
  byStaff: [{ memberId: 3, name: 'Coach Kim', ...money(1_300_000, -50_000) }],
  byMethod: [{ method: 'CARD', ...money(1_300_000, -50_000) }],
  customers: { newCount: 1, newAmount: 1_200_000, renewalCount: 1, renewalAmount: 100_000 },
};
const history: RevenueHistory = {
  unit: 'month',
  from: '2025-11',
  to: '2025-12',
  rows: [
    { period: '2025-11', received: 100_000, refunds: -50_000, expenditure: 0, net: 50_000 },
    { period: '2025-12', received: 130_000, refunds: 0, expenditure: 80_000, net: 50_000 },
  ],
  totals: { received: 230_000, refunds: -50_000, expenditure: 80_000, net: 100_000 },
};
const chart: RevenueChart = {
  from: '2025-12',
  to: '2025-12',
  months: [
    {
      month: '2025-12',
      asOf: '2025-12-31',
      received: 130_000,
      earned: 197_741,
      earnedToDate: 947_741,
      deferred: 1_632_259,
    },
  ],
};
const asOf: RevenueAsOf = {
  date: '2025-12-31',
  rows: [
    {
      ticketIssueId: 4,
      memberId: 11,
      memberName: 'Customer A',
      ticketName: 'Gym 12 months',
      basis: 'PERIOD',
      soldOn: '2025-09-01',
      startDate: '2025-09-01',
      endDate: '2026-08-31',
      sessionCount: null,
      sessionsUsed: 0,
      refundedOnDay: false,
      price: 1_200_000,
      paid: 1_200_000,
      earned: 400_000,
      deferred: 800_000,
      refunded: 0,
    },
  ],
  total: 1,
  totals: { passes: 4, paid: 2_600_000, earned: 917_741, deferred: 1_632_259, refunded: 50_000 },
  reconciles: true,
};

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (route: { path: string }, input: { query?: Record<string, unknown> }) => {
      calls.push({ path: route.path, query: input.query });
      if (route.path === '/report/statistics') return statistics;
      if (route.path === '/report/revenue-history') return history;
      if (route.path === '/report/revenue') return chart;
      if (route.path === '/report/revenue/as-of') return asOf;
      throw new Error(`unexpected ${route.path}`);
    },
  },
}));
vi.mock('#src/facility/facility-context.tsx', () => ({ useFacility: () => ({ selected: { id: 1 } }) }));
vi.mock('../customers/download.ts', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  downloadFile: async (url: string) => {
    downloads.push(url);
  },
}));

const { StatisticsPage } = await import('./statistics-page.tsx');
const { RevenueHistoryPage } = await import('./revenue-history-page.tsx');
const { RevenueChartPage } = await import('./revenue-chart-page.tsx');

afterEach(() => {
  cleanup();
  calls.length = 0;
  saved.length = 0;
  downloads.length = 0;
});

const page = (ui: React.ReactNode) => renderPage(<AntdApp>{ui}</AntdApp>);

describe('the month range (docs/rules.md#reports)', () => {
  it('is at most 24 months, none after this month', () => {
    expect(lastMonths('2026-03', 12)).toEqual({ from: '2025-04', to: '2026-03' });
    expect(lastMonths('2026-03', 1)).toEqual({ from: '2026-03', to: '2026-03' });
    expect(rangeAllowed({ from: '2024-04', to: '2026-03' }, '2026-03')).toBe(true);
    expect(rangeAllowed({ from: '2024-03', to: '2026-03' }, '2026-03')).toBe(false);
    expect(rangeAllowed({ from: '2026-03', to: '2026-04' }, '2026-03')).toBe(false);
    expect(rangeAllowed({ from: '2026-03', to: '2026-02' }, '2026-03')).toBe(false);
    expect(monthDisabled('2026-04', '2026-03')).toBe(true);
    expect(monthDisabled('2024-04', '2026-03', '2026-03')).toBe(false);
    expect(monthDisabled('2024-03', '2026-03', '2026-03')).toBe(true);
  });
});

describe('/sales/statistics', { timeout: 30_000 }, () => {
  it('asks for this month and shows every figure in its tables', async () => {
    page(<StatisticsPage />);
    const region = await screen.findByRole('region', { name: 'Received by day' }, { timeout: 10_000 });
    expect(await within(region).findByText('12.01')).toBeTruthy();
    const first = calls.find((c) => c.path === '/report/statistics');
    expect(first?.query).toMatchObject({ gymId: 1 });
    expect(first?.query?.from).toBe(first?.query?.to);
    const row = within(region).getByText('12.02').closest('tr') as HTMLElement;
    expect(within(row).getByText('₩100,000')).toBeTruthy();
    expect(within(row).getByText('-₩50,000')).toBeTruthy();
    const staff = screen.getByRole('region', { name: 'By staff member' });
    expect(within(staff).getByText('Coach Kim')).toBeTruthy();
    const customers = screen.getByRole('region', { name: 'New customers and renewals' });
    expect(within(customers).getByText('₩1,200,000')).toBeTruthy();
    expect(screen.getByText('₩650,000')).toBeTruthy();
  });

  it('downloads a CSV with a BOM', async () => {
    page(<StatisticsPage />);
    await screen.findByText('Coach Kim');
    await userEvent.click(screen.getByRole('button', { name: /CSV/ }));
    expect(saved[0]?.name).toMatch(/^sales-statistics-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
    const text = statisticsCsv(statistics, (k) => k);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('2025-12-02,100000,-50000,50000');
  });
});

describe('/revenue/revenue-history', { timeout: 30_000 }, () => {
  it('shows the months with the totals, and downloads the CSV from the server', async () => {
    page(<RevenueHistoryPage />);
    const region = await screen.findByRole('region', { name: 'Month by month' }, { timeout: 10_000 });
    const row = (await within(region).findByText('2025.12')).closest('tr') as HTMLElement;
    expect(within(row).getByText('₩80,000')).toBeTruthy();
    expect(calls.find((c) => c.path === '/report/revenue-history')?.query).toMatchObject({ unit: 'month' });
    await userEvent.click(screen.getByRole('button', { name: /CSV/ }));
    await waitFor(() =>
      expect(downloads[0]).toMatch(/^\/web\/report\/revenue-history\/export\.csv\?gymId=1&/),
    );
  });
});

describe('/revenue/revenue-chart', { timeout: 30_000 }, () => {
  it('shows the month ends and the passes as of today, with the reconciliation', async () => {
    page(<RevenueChartPage />);
    const months = await screen.findByRole('region', { name: "At each month's end" }, { timeout: 10_000 });
    expect(await within(months).findByText('₩1,632,259')).toBeTruthy();
    const passes = screen.getByRole('region', { name: 'Each pass as of a day' });
    expect(await within(passes).findByText('Customer A')).toBeTruthy();
    expect(within(passes).getByText('Reconciled')).toBeTruthy();
    expect(
      within(passes).getByText(
        /Paid ₩2,600,000 = Earned ₩917,741 \+ Deferred ₩1,632,259 \+ Refunded ₩50,000/,
      ),
    ).toBeTruthy();
    const asked = calls.find((c) => c.path === '/report/revenue/as-of');
    expect(asked?.query).toMatchObject({ gymId: 1, view: 'all', _start: 0, _end: 20 });
    await userEvent.click(within(passes).getByRole('button', { name: /CSV/ }));
    await waitFor(() =>
      expect(downloads[0]).toMatch(
        /^\/web\/report\/revenue\/as-of\/export\.csv\?gymId=1&date=\d{4}-\d{2}-\d{2}&view=all$/,
      ),
    );
  });
});
