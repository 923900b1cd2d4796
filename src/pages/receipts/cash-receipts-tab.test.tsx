// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CashReceiptDueRow } from '#domain/schemas/receipt.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { CashReceiptsTab } from './cash-receipts-tab.tsx';

// One proof per supply on the cash receipts tab (docs/rules.md#cash-receipts): a payment a tax invoice covers is
// shown as such with the invoice's number and cannot be issued a receipt; when the server refuses anyway (another
// screen issued the invoice meanwhile), the drawer shows the server's reason.

const REFUSAL =
  'A tax invoice (TEST-T-1) is already issued for a sale in this payment, and one supply gets one proof. Cancel the tax invoice first to issue a cash receipt.';

const row = (checkoutId: number, patch: Partial<CashReceiptDueRow> = {}): CashReceiptDueRow => ({
  checkoutId,
  memberId: 10 + checkoutId,
  memberName: `Customer ${checkoutId}`,
  memberPhone: '010-****-5678',
  kind: 'DESK',
  createdAt: '2026-03-02T01:00:00.000Z',
  paidOn: '2026-03-02',
  total: 220_000,
  paid: 220_000,
  cashPaid: 220_000,
  cashReceiptRequired: true,
  cashReceiptDeadline: '2026-03-07',
  state: 'DUE',
  receipt: null,
  taxInvoiceApprovalNumber: null,
  ...patch,
});

const issued: unknown[] = [];

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    list: async () => ({
      data: [row(1, { state: 'INVOICED', taxInvoiceApprovalNumber: 'TEST-T-1' }), row(2)],
      total: 2,
    }),
    call: async (route: { path: string }, input: { body?: unknown }) => {
      // The customer's page: the whole phone the drawer fills in (issue 27 item 13).
      if (route.path === '/member/customer/:id') return { phone: '010-2345-6789', erased: false };
      issued.push(input.body);
      throw { statusCode: 409, code: 'CONFLICT', reason: 'proofTaxInvoiceIssued', message: REFUSAL };
    },
  },
}));

afterEach(cleanup);

const renderTab = () =>
  renderPage(
    <AntdApp>
      <CashReceiptsTab gymId={1} month="2026-03" canChange testMode />
    </AntdApp>,
  );

// An antd table and a drawer in jsdom take 10 s on a busy two-core machine: more room than the unit default.
describe('the cash receipts tab, one proof per supply', { timeout: 30_000 }, () => {
  it('shows a payment a tax invoice covers as invoiced, with the invoice number, and offers no receipt', async () => {
    renderTab();
    const invoiced = (await screen.findByText('Customer 1')).closest('tr')!;
    expect(within(invoiced).getByText('Tax invoice issued')).toBeTruthy();
    expect(within(invoiced).getByText('TEST-T-1')).toBeTruthy();
    expect(within(invoiced).getByText(/one proof per supply/)).toBeTruthy();
    expect(within(invoiced).getByRole('button', { name: 'Issue' }).hasAttribute('disabled')).toBe(true);
    // No deadline is shown for it: it is not due.
    expect(within(invoiced).queryByText('2026.03.07')).toBeNull();

    const due = screen.getByText('Customer 2').closest('tr')!;
    expect(within(due).getByText('2026.03.07')).toBeTruthy();
    expect(
      within(due)
        .getByRole('button', { name: /Issue a cash receipt for Customer 2/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it("fills the identifier with the customer's phone, as a phone number", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: /Issue a cash receipt for Customer 2/ }));
    const drawer = await screen.findByRole('dialog');
    const field = within(drawer).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('010-2345-6789'));
    expect(within(drawer).getByRole('radio', { name: 'Mobile number' })).toHaveProperty('checked', true);
  });

  it("shows the server's reason when the receipt is refused because a tax invoice covers the payment", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: /Issue a cash receipt for Customer 2/ }));
    await user.click(await screen.findByRole('switch'));
    const drawer = screen.getByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(within(drawer).getByRole('alert').textContent).toContain(REFUSAL));
    expect(issued).toEqual([expect.objectContaining({ checkoutId: 2, selfIssue: true })]);
  });
});
