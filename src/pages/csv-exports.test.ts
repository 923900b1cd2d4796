import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Consult } from '#domain/schemas/consult.ts';
import type { LockerRental } from '#domain/schemas/locker.ts';
import type { TicketIssue } from '#domain/schemas/pass.ts';
import type { Product, StockMovement } from '#domain/schemas/product.ts';
import type { RevenueChart, SalesStatistics } from '#domain/schemas/report.ts';
import type { PayReport, Reservation } from '#domain/schemas/schedule.ts';
import { consultCsv } from './consult/consult-csv.ts';
import { templateCsv } from './customers/import-mapping.ts';
import { rentalCsv } from './lockers/locker-model.ts';
import { issueCsv } from './passes/issue-csv.ts';
import { movementCsv, productCsv } from './products/product-model.ts';
import { revenueChartCsv, statisticsCsv } from './reports/report-model.ts';
import { reservationCsv } from './reservations/reservation-csv.ts';
import { payReportCsv } from './trainers/pay-report.ts';

// Every CSV the browser builds goes through the one writer (domain/rules/csv.ts, docs/rules.md#exports): a name a
// walk-in typed on the consulting tablet, or any other text, reaches the file as text and never as a formula, while
// the amounts stay numbers (negative ones too) that a spreadsheet sums.

/** What an attacker types where a name goes: a link, a function, and a sum that starts with + or -. */
const FORMULAS = ['=HYPERLINK("http://x","y")', '@SUM(1+1)', '+1', '-1+1'] as const;
const [LINK, SUM, PLUS, MINUS] = FORMULAS;

const translate = (key: string) => key;

/** The cells of a file (after its byte order mark), one array a line. */
const cellsOf = (csv: string): string[][] => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1)).data;
};

/**
 * No cell starts like a formula, except a plain negative number; each planted text is there, behind its quote.
 * Returns the cells for further checks.
 */
const expectNeutral = (csv: string, planted: readonly string[]) => {
  const cells = cellsOf(csv).flat();
  for (const cell of cells) if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
  for (const text of planted) expect(cells.some((cell) => cell.startsWith(`'${text}`))).toBe(true);
  return cells;
};

const reservation = (patch: Partial<Reservation>): Reservation => ({
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
  status: 'COMPLETE',
  attendance: null,
  late: false,
  source: 'STAFF',
  createDate: '2026-11-20T01:05:00.000Z',
  ...patch,
});

describe('the CSVs built in the browser neutralise formulas', () => {
  it('the consultation list: the name a walk-in typed on the tablet', () => {
    const consult = (id: number, name: string) =>
      ({
        id,
        createDate: '2026-03-02T01:00:00.000Z',
        name,
        phone: '01012345678',
        goals: ['WEIGHT_LOSS'],
        stage: 'NEW',
        outcome: null,
        followUpDate: null,
        staffMemberId: 3,
      }) as unknown as Consult;
    const csv = consultCsv(
      FORMULAS.map((name, i) => consult(i + 1, name)),
      translate,
      () => '@staff',
    );
    const cells = expectNeutral(csv, [...FORMULAS, '@staff']);
    expect(cells).toContain(`'${LINK}`);
    expect(cellsOf(csv)[0]).toEqual([
      'consult.list.date',
      'consult.list.name',
      'consult.list.phone',
      'consult.list.goals',
      'consult.list.stage',
      'consult.list.outcome',
      'consult.list.followUp',
      'consult.list.staff',
    ]);
  });

  it('the reservation history', () => {
    const csv = reservationCsv(
      [
        reservation({ memberName: LINK, lessonTitle: SUM }),
        reservation({ trainerName: PLUS, ticketName: MINUS }),
      ],
      translate,
    );
    expectNeutral(csv, FORMULAS);
  });

  it("a trainer's pay, its amounts still numbers", () => {
    const session = (patch: Partial<PayReport['sessions'][number]>): PayReport['sessions'][number] => ({
      reservationId: 1,
      lessonId: 1,
      lessonTitle: 'PT',
      startAt: '2026-11-25T10:00:00.000Z',
      memberName: '김회원',
      attendance: 'ATTENDED',
      late: false,
      ticketName: 'PT 20회',
      passPrice: 1_210_000,
      passSessions: 20,
      passSessionValue: null,
      unitValue: 60_500,
      rule: 'PERCENT',
      pay: 24_200,
      ...patch,
    });
    const csv = payReportCsv(
      {
        sessions: [
          session({ memberName: LINK, lessonTitle: SUM }),
          session({ reservationId: 2, memberName: PLUS, ticketName: MINUS }),
        ],
        classes: [],
        total: 48_400,
      },
      translate,
    );
    const lines = cellsOf(csv);
    expectNeutral(csv, FORMULAS);
    expect(lines[1]?.slice(4)).toEqual([
      '60500',
      'trainers.pay.marks.ATTENDED',
      'trainers.pay.rules.PERCENT',
      '24200',
    ]);
    expect(lines.at(-1)?.at(-1)).toBe('48400');
  });

  it('the products and a product’s stock movements, a negative change still a number', () => {
    const product = {
      name: LINK,
      groupName: SUM,
      price: 2_500,
      vatMode: 'INCLUDED',
      stock: -3,
      lowStockAt: null,
      lowStock: true,
      status: 'ACTIVE',
    } as unknown as Product;
    expectNeutral(productCsv([product], translate), [LINK, SUM]);
    expect(cellsOf(productCsv([product], translate))[1]?.slice(2, 6)).toEqual([
      '2500',
      'products.vat.INCLUDED',
      '-3',
      '',
    ]);
    const movement = {
      createDate: '2026-11-25T10:00:00.000Z',
      kind: 'SALE',
      change: -2,
      stockAfter: 8,
      note: PLUS,
      createdByName: MINUS,
    } as unknown as StockMovement;
    const csv = movementCsv([movement], translate);
    expectNeutral(csv, [PLUS, MINUS]);
    expect(cellsOf(csv)[1]?.slice(2, 4)).toEqual(['-2', '8']);
  });

  it('the locker rentals, overdue days and amounts as numbers', () => {
    const rental = {
      lockerLabel: SUM,
      memberName: LINK,
      phone: '010-****-5678',
      startDate: '2026-10-01',
      endDate: '2026-11-01',
      deposit: 10_000,
      unpaidAmount: 0,
    } as unknown as LockerRental;
    const csv = rentalCsv(
      [rental, { ...rental, memberName: MINUS, lockerLabel: PLUS }],
      'expired',
      '2026-11-05',
      translate,
    );
    expectNeutral(csv, FORMULAS);
    expect(cellsOf(csv)[1]?.slice(5)).toEqual(['4', '10000', '0']);
  });

  it('the statistics by item and staff, and the earned and deferred months', () => {
    const money = { received: 100_000, refunds: 20_000, net: -20_000 };
    const statistics = {
      byDay: [{ date: '2026-11-01', ...money }],
      totals: { ...money, sales: 1, averageSale: 100_000 },
      byItemType: [{ itemType: 'PASS', ...money }],
      byItem: [{ itemName: LINK, itemType: 'GOODS', ...money }],
      byStaff: [
        { name: SUM, ...money },
        { name: PLUS, ...money },
        { name: MINUS, ...money },
      ],
      byMethod: [{ method: 'CASH', ...money }],
      customers: { newCount: 1, newAmount: 100_000, renewalCount: 0, renewalAmount: 0 },
    } as unknown as SalesStatistics;
    const csv = statisticsCsv(statistics, translate);
    expectNeutral(csv, FORMULAS);
    expect(cellsOf(csv)[1]).toEqual(['2026-11-01', '100000', '20000', '-20000']);
    const chart: RevenueChart = {
      from: '2026-11',
      to: '2026-11',
      months: [
        {
          month: '2026-11',
          asOf: '2026-11-30',
          received: -5_000,
          earned: 0,
          earnedToDate: 0,
          deferred: 0,
        },
      ],
    };
    expect(cellsOf(revenueChartCsv(chart, translate))[1]).toEqual([
      '2026-11',
      '2026-11-30',
      '-5000',
      '0',
      '0',
      '0',
    ]);
  });

  it('the sold passes', () => {
    const pass = {
      id: 9,
      memberName: LINK,
      memberPhone: '010-1234-5678',
      ticketName: MINUS,
      startDate: '2026-11-01',
      endDate: null,
      sessionsLeft: 3,
      status: 'ACTIVE',
      price: 600_000,
      paidAmount: 300_000,
      unpaidAmount: 300_000,
    } as unknown as TicketIssue;
    const csv = issueCsv([pass, { ...pass, memberName: SUM, ticketName: PLUS }], translate);
    expectNeutral(csv, FORMULAS);
    expect(cellsOf(csv)[1]).toEqual([
      '9',
      `'${LINK}`,
      '010-1234-5678',
      `'${MINUS}`,
      '2026-11-01',
      '',
      '3',
      'ACTIVE',
      '600000',
      '300000',
      '300000',
    ]);
  });

  it('the import template is written by the same writer', () => {
    expect(templateCsv().split('\r\n')).toHaveLength(2);
    expectNeutral(templateCsv(), []);
  });
});
