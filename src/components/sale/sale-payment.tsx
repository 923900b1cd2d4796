import { useTranslate } from '@refinedev/core';
import { Alert, Form } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWon } from '#src/components/money.ts';
import { PlainSelect } from '#src/forms/plain-select.tsx';
import { PaymentLines } from './payment-lines.tsx';
import { type PaymentLine, type SaleFigures, saleFigures } from './sale-model.ts';
import { UnpaidChoice, useWholeAmountFirst } from './unpaid-choice.tsx';
import './sale.css';

// The payment part of every sale (docs/rules.md#leave-unpaid, #the-desk): the sale drawer's (a pass on the
// customer's page or at the tablet, a locker rented or renewed) and the desk's at /pay/payment are this one
// section, so a rule changed here changes on every sale screen.

/** A line of the summary above the total: what is sold at its list price, a discount (negative), a deposit… */
export type SaleSummaryRow = { label: string; amount: number };

/** The live figures of the sale in the enclosing form (its payment lines under `payments`) for this total. */
export const useSaleFigures = (total: number): SaleFigures => {
  const form = Form.useFormInstance();
  const lines = Form.useWatch('payments', form) as (PaymentLine | undefined)[] | undefined;
  return saleFigures(total, lines);
};

/**
 * Inside a form: the summary and the total, the payment lines (the first starts at the whole amount and follows
 * the total until someone types its amount), what is paid and left unpaid, the cash receipt a cash payment calls
 * for, the explicit "N원 미수로 남기기" under `leaveUnpaid`, and the seller under `soldByMemberId` when `seller`
 * is given. `enabled` is false while there is nothing to sell yet (no product chosen).
 */
export function SalePayment({
  total,
  summary = [],
  enabled = true,
  seller,
}: {
  total: number;
  summary?: readonly SaleSummaryRow[];
  enabled?: boolean;
  seller?: readonly { value: number; label: string }[];
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const won = (n: number) => formatWon(n, i18n.language);
  const figures = useSaleFigures(total);
  useWholeAmountFirst(form, total, { enabled });
  const { paid, owed } = figures;
  return (
    <div className="fd-sale-payment">
      <dl className="fd-desk-totals" aria-live="polite">
        {summary.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the caller's, in a fixed order.
          <Fragment key={i}>
            <dt>{row.label}</dt>
            <dd>{row.amount < 0 ? `−${won(-row.amount)}` : won(row.amount)}</dd>
          </Fragment>
        ))}
        <dt className="fd-desk-totals__total">{translate('sales.desk.payment.total')}</dt>
        <dd className="fd-desk-totals__total">{won(total)}</dd>
      </dl>
      <PaymentLines owed={enabled ? owed : 0} />
      <div className="fd-desk-notices" role="status">
        {figures.aboveTotal ? (
          <Alert
            type="error"
            showIcon
            message={translate('sales.desk.payment.above', { amount: won(paid - total) })}
          />
        ) : (
          enabled &&
          (total > 0 || paid > 0) && (
            <Alert
              type={owed > 0 ? 'warning' : 'success'}
              role="none"
              showIcon
              message={translate('passes.sell.remainder', { paid: won(paid), unpaid: won(owed) })}
            />
          )
        )}
        {figures.cashReceiptDue && (
          <Alert
            type="info"
            role="none"
            showIcon
            message={translate('sales.desk.payment.cashReceiptDue', { amount: won(figures.cashPaid) })}
          />
        )}
      </div>
      {enabled && !figures.aboveTotal && <UnpaidChoice owed={owed} won={won} />}
      {seller && (
        <Form.Item name="soldByMemberId" label={translate('sales.desk.payment.soldBy')}>
          <PlainSelect<number> allowClear options={[...seller]} />
        </Form.Item>
      )}
    </div>
  );
}
