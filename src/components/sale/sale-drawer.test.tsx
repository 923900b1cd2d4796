// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, InputNumber } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { SaleDrawer, type SaleParts } from './sale-drawer.tsx';

// The one sale drawer (docs/rules.md#leave-unpaid): the first payment line starts at the whole amount and follows
// the total until someone types it; "N원 미수로 남기기" shows only while the lines fall short, blocks the sale until
// ticked, and sends exactly that amount; the submit reads the amount; a refusal lands on its field and whole in
// the drawer.

afterEach(cleanup);
// A drawer and its form in jsdom on a loaded two-core machine: each update may take seconds, not the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

type Submit = (values: Record<string, unknown>, parts: SaleParts) => Promise<unknown>;

/** A caller as the locker's: a fee field of its own, charged as the total. */
function FeeSale({ submit, onDone = () => {} }: { submit: Submit; onDone?: () => void }) {
  const [form] = Form.useForm();
  const fee = (Form.useWatch('fee', form) as number | undefined) || 0;
  return (
    <SaleDrawer
      title="Rent locker M-001"
      submitText="Rent locker"
      form={form}
      initialValues={{ fee: 100_000 }}
      summary={[{ label: 'Fee', amount: fee }]}
      total={fee}
      submit={submit}
      onDone={onDone}
      onClose={() => {}}
    >
      <Form.Item name="fee" label="Fee (won)">
        <InputNumber<number> min={0} />
      </Form.Item>
    </SaleDrawer>
  );
}

/** The drawer's live figures (the harness has a status of its own, outside the drawer). */
const status = () => within(screen.getByRole('dialog')).getByRole('status');
const amount = (n: number) => screen.getByRole('spinbutton', { name: `Amount ${n}` });
/** Open: the first line holds the whole amount, and the first field has the focus (the drawer moves it there). */
const opened = async () => {
  await waitFor(() => expect(amount(1)).toHaveProperty('value', '100,000'));
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Fee (won)' })),
  );
};
const retype = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};

describe('the sale drawer', { timeout: 60_000 }, () => {
  it('starts the first line at the whole amount and follows the total until the line is typed', async () => {
    const user = userEvent.setup();
    renderPage(<FeeSale submit={vi.fn()} />);
    await opened();
    expect(screen.getByRole('button', { name: 'Rent locker · ₩100,000' })).toBeTruthy();

    await retype(user, screen.getByRole('spinbutton', { name: 'Fee (won)' }), '150000');
    await waitFor(() => expect(amount(1)).toHaveProperty('value', '150,000'));
    expect(screen.getByRole('button', { name: 'Rent locker · ₩150,000' })).toBeTruthy();

    // Once typed, the line is the desk's choice: a new total no longer moves it.
    await retype(user, amount(1), '120000');
    await retype(user, screen.getByRole('spinbutton', { name: 'Fee (won)' }), '200000');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rent locker · ₩200,000' })).toBeTruthy());
    expect(amount(1)).toHaveProperty('value', '120,000');
  });

  it('asks to leave the balance only while the lines fall short, and sends exactly that amount', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({ ok: true }));
    const onDone = vi.fn();
    renderPage(<FeeSale submit={submit} onDone={onDone} />);
    await opened();
    // Paid in full: no choice to make.
    expect(screen.queryByRole('checkbox', { name: /unpaid/ })).toBeNull();
    expect(status().textContent).toContain('Paid ₩100,000 · Unpaid ₩0');

    await retype(user, amount(1), '60000');
    const leave = await screen.findByRole('checkbox', { name: 'Leave ₩40,000 unpaid' });
    expect(status().textContent).toContain('Paid ₩60,000 · Unpaid ₩40,000');

    // Not ticked: the sale does not go.
    await user.click(screen.getByRole('button', { name: 'Rent locker · ₩100,000' }));
    expect(
      await screen.findByText('₩40,000 is not paid. Take the whole amount, or choose to leave it unpaid.'),
    ).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    await user.click(leave);
    await user.click(screen.getByRole('button', { name: 'Rent locker · ₩100,000' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const [values, parts] = submit.mock.calls[0]!;
    expect(values.fee).toBe(100_000);
    expect(parts.payments).toEqual([{ method: 'CARD', amount: 60_000 }]);
    expect(parts.leaveUnpaid).toEqual({ leaveUnpaid: 40_000 });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ok: true }));
  });

  it('asks again when a payment changes after the balance was chosen', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({}));
    renderPage(<FeeSale submit={submit} />);
    await opened();
    await retype(user, amount(1), '60000');
    await user.click(await screen.findByRole('checkbox', { name: 'Leave ₩40,000 unpaid' }));
    await retype(user, amount(1), '70000');
    const again = await screen.findByRole('checkbox', { name: 'Leave ₩30,000 unpaid' });
    expect((again as HTMLInputElement).checked).toBe(false);
    // Paid in full again: nothing is left, so nothing is sent.
    await retype(user, amount(1), '100000');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /unpaid/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Rent locker · ₩100,000' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]![1].leaveUnpaid).toEqual({});
  });

  it('refuses payments above the total before sending anything', async () => {
    const user = userEvent.setup();
    renderPage(<FeeSale submit={vi.fn()} />);
    await opened();
    await retype(user, amount(1), '130000');
    await waitFor(() => expect(status().textContent).toContain('The payments exceed the total by ₩30,000.'));
    expect(
      (screen.getByRole('button', { name: 'Rent locker · ₩100,000' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("puts the server's field errors on their fields and its whole message in the drawer", async () => {
    const user = userEvent.setup();
    const refusal = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      reason: 'paymentsAbovePrice',
      message: 'The payments are more than the price.',
      errors: { 'payments.0.amount': ['At most ₩100,000.'] },
    };
    const submit = vi.fn<Submit>(async () => {
      throw refusal;
    });
    renderPage(<FeeSale submit={submit} />);
    await opened();
    await user.click(screen.getByRole('button', { name: 'Rent locker · ₩100,000' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const footer = screen.getByRole('button', { name: 'Cancel' }).closest('.fd-sale-footer') as HTMLElement;
    expect((await within(footer).findByRole('alert')).textContent).toContain(
      'The payments are more than the price.',
    );
    const line = amount(1).closest('.ant-form-item') as HTMLElement;
    expect(await within(line).findByText('At most ₩100,000.')).toBeTruthy();
  });

  it('prices a pass: a changed price needs its reason, shows as a discount and is sent with it', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({}));
    function PassSale() {
      const [form] = Form.useForm();
      return (
        <SaleDrawer
          title="Sell a pass"
          submitText="Sell"
          form={form}
          pass={{ product: { id: 7, salePrice: 300_000 }, promotions: undefined }}
          summary={[{ label: '헬스 3개월', amount: 300_000 }]}
          submit={submit}
          onDone={() => {}}
          onClose={() => {}}
        >
          {null}
        </SaleDrawer>
      );
    }
    renderPage(<PassSale />);
    await waitFor(() => expect(amount(1)).toHaveProperty('value', '300,000'));
    expect(screen.queryByRole('textbox', { name: /Reason for the changed price/ })).toBeNull();

    await retype(user, screen.getByRole('spinbutton', { name: 'Price' }), '280000');
    // The untyped first line follows the new price; the summary names the difference.
    await waitFor(() => expect(amount(1)).toHaveProperty('value', '280,000'));
    const totals = screen.getByRole('dialog').querySelector('.fd-desk-totals')!;
    expect(totals.textContent).toContain('Discount−₩20,000');
    await user.click(screen.getByRole('button', { name: 'Sell · ₩280,000' }));
    expect(await screen.findByText('Give the reason for the changed price.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Reason for the changed price/ }), '지인 할인');
    await user.click(screen.getByRole('button', { name: 'Sell · ₩280,000' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const parts = submit.mock.calls[0]![1];
    expect(parts.price).toEqual({ price: 280_000, priceReason: '지인 할인' });
    expect(parts.promotion).toEqual({});
    expect(parts.payments).toEqual([{ method: 'CARD', amount: 280_000 }]);
    expect(parts.leaveUnpaid).toEqual({});
  });
});
