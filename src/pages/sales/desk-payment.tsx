import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Input, InputNumber } from 'antd';
import { useId } from 'react';
import { type PaymentMethod, paymentMethods } from '#domain/enums.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { nextKey, type PaymentRow } from './desk-model.ts';

// The desk's payment side (docs/rules.md#the-desk, #cash-receipts): the totals, card, cash and transfer rows (the
// rest stays owed), the notice that a cash receipt will be due, the seller and a note.

export type Figures = {
  subtotal: number;
  discounts: number;
  total: number;
  paid: number;
  owed: number;
  cashPaid: number;
  cashReceiptDue: boolean;
  aboveTotal: boolean;
};

export function DeskTotals({ figures, won }: { figures: Figures; won: (n: number) => string }) {
  const translate = useTranslate();
  return (
    <dl className="fd-desk-totals" aria-live="polite">
      <dt>{translate('sales.desk.payment.subtotal')}</dt>
      <dd>{won(figures.subtotal)}</dd>
      {figures.discounts > 0 && (
        <>
          <dt>{translate('sales.desk.payment.discounts')}</dt>
          <dd>−{won(figures.discounts)}</dd>
        </>
      )}
      <dt className="fd-desk-totals__total">{translate('sales.desk.payment.total')}</dt>
      <dd className="fd-desk-totals__total">{won(figures.total)}</dd>
      <dt>{translate('sales.desk.payment.paid')}</dt>
      <dd>{won(figures.paid)}</dd>
      <dt className={figures.owed > 0 ? 'fd-desk-totals__owed' : undefined}>
        {translate('sales.desk.payment.owed')}
      </dt>
      <dd className={figures.owed > 0 ? 'fd-desk-totals__owed' : undefined}>{won(figures.owed)}</dd>
    </dl>
  );
}

export function DeskPaymentRows({
  rows,
  onChange,
  owed,
  disabled,
  won,
}: {
  rows: readonly PaymentRow[];
  onChange: (rows: PaymentRow[]) => void;
  owed: number;
  disabled: boolean;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const id = useId();
  const set = (key: string, patch: Partial<PaymentRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="fd-desk-payments">
      <legend className="fd-desk-legend">{translate('sales.desk.payment.method')}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="fd-desk-payment">
          <PlainSelect<PaymentMethod>
            aria-label={`${translate('sales.desk.payment.method')} ${index + 1}`}
            className="fd-desk-payment__method"
            value={row.method}
            disabled={disabled}
            onChange={(method) => set(row.key, { method })}
            options={paymentMethods.map((m) => ({
              value: m,
              label: translate(`sales.history.methods.${m}`),
            }))}
          />
          <InputNumber<number>
            id={`${id}-${index}`}
            aria-label={`${translate('sales.desk.payment.amount')} ${index + 1}`}
            className="fd-desk-payment__amount"
            min={0}
            step={10_000}
            inputMode="numeric"
            disabled={disabled}
            value={row.amount}
            onChange={(v) =>
              set(row.key, { amount: typeof v === 'number' ? Math.max(0, Math.trunc(v)) : null })
            }
            formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
            parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
          />
          <Button
            disabled={disabled || owed <= 0}
            aria-label={translate('sales.desk.payment.restLabel', { n: index + 1, amount: won(owed) })}
            onClick={() => set(row.key, { amount: (row.amount ?? 0) + owed })}
          >
            {translate('sales.desk.payment.rest')}
          </Button>
          <Button
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={translate('sales.desk.payment.removeLine', { n: index + 1 })}
            disabled={disabled}
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
          />
        </div>
      ))}
      <Button
        icon={<PlusOutlined aria-hidden />}
        disabled={disabled}
        onClick={() => onChange([...rows, { key: nextKey(), method: 'CARD', amount: null }])}
      >
        {translate('sales.desk.payment.addLine')}
      </Button>
    </fieldset>
  );
}

export function DeskPaymentNotices({ figures, won }: { figures: Figures; won: (n: number) => string }) {
  const translate = useTranslate();
  return (
    <div className="fd-desk-notices" role="status">
      {figures.aboveTotal && (
        <Alert
          type="error"
          showIcon
          message={translate('sales.desk.payment.above', { amount: won(figures.paid - figures.total) })}
        />
      )}
      {!figures.aboveTotal && figures.owed > 0 && figures.total > 0 && (
        <Alert type="warning" showIcon message={translate('sales.desk.payment.owedHelp')} />
      )}
      {figures.cashReceiptDue && (
        <Alert
          type="info"
          showIcon
          message={translate('sales.desk.payment.cashReceiptDue', { amount: won(figures.cashPaid) })}
        />
      )}
    </div>
  );
}

export function DeskNote({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <div className="fd-desk-field">
      <label htmlFor={id}>{translate('sales.desk.payment.note')}</label>
      <Input.TextArea
        id={id}
        maxLength={500}
        autoSize={{ minRows: 1, maxRows: 4 }}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
