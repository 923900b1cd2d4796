import { useTranslate } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  Modal,
  Typography,
} from 'antd';
import { useId } from 'react';
import type { DeskCatalog } from '#domain/schemas/desk.ts';
import type { SaleValues } from '#src/components/sale/sale-drawer.tsx';
import { paymentsOf, submitLabel } from '#src/components/sale/sale-model.ts';
import { SalePayment } from '#src/components/sale/sale-payment.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { reasonOf } from '#src/providers/http-error.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { DeskAddBar, DiscountReason, lineName } from './desk-cart.tsx';
import { DeskCartLine } from './desk-cart-line.tsx';
import { type CartLine, type deskTotals, needsReason, type Usage } from './desk-model.ts';

// The desk sale's blocks (docs/rules.md#the-desk): the customer, the items, the payment and the confirmation.

export type PayValues = SaleValues & { note?: string };
type Totals = ReturnType<typeof deskTotals>;
type Option = { value: number; label: string };

/** The customer picker (required), with the customer's balance when they owe one. */
export function DeskCustomerCard({
  options,
  memberId,
  loading,
  locked,
  tried,
  unpaidAmount,
  won,
  onSearch,
  onChange,
}: {
  options: Option[];
  memberId: number | undefined;
  loading: boolean;
  locked: boolean;
  tried: boolean;
  unpaidAmount: number | undefined;
  won: (n: number) => string;
  onSearch: (search: string) => void;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const customerId = useId();
  return (
    <Card size="small" title={translate('sales.desk.customer.title')}>
      <div className="fd-desk-field">
        <label htmlFor={customerId}>
          {translate('sales.desk.customer.label')} <span aria-hidden="true">*</span>
        </label>
        <PlainSelect<number>
          id={customerId}
          showSearch
          allowClear
          className="fd-desk-customer"
          placeholder={translate('sales.desk.customer.search')}
          filterOption={false}
          onSearch={onSearch}
          loading={loading}
          disabled={locked}
          notFoundContent={loading ? undefined : translate('sales.desk.customer.none')}
          options={options}
          value={memberId}
          status={tried && memberId === undefined ? 'error' : undefined}
          onChange={onChange}
        />
        {tried && memberId === undefined && (
          <Typography.Text type="danger">{translate('sales.desk.customer.required')}</Typography.Text>
        )}
        {unpaidAmount !== undefined && unpaidAmount > 0 && (
          <Typography.Text className="fd-desk-warn">
            {translate('sales.desk.customer.unpaid', { amount: won(unpaidAmount) })}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

/** The items: the add bar, each line with its price, and the manual discounts' reason. */
export function DeskItemsCard({
  catalog,
  cart,
  totals,
  usage,
  locked,
  tried,
  reason,
  won,
  onCart,
  onReason,
}: {
  catalog: DeskCatalog;
  cart: CartLine[];
  totals: Totals;
  usage: Usage;
  locked: boolean;
  tried: boolean;
  reason: string;
  won: (n: number) => string;
  onCart: (change: (lines: CartLine[]) => CartLine[]) => void;
  onReason: (reason: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Card size="small" title={translate('sales.desk.items.title')}>
      <DeskAddBar
        catalog={catalog}
        cart={cart}
        disabled={locked}
        won={won}
        onAdd={(line) => onCart((lines) => [...lines, line])}
      />
      {cart.length === 0 ? (
        <Typography.Paragraph type={tried ? 'danger' : 'secondary'} className="fd-desk-empty">
          {translate('sales.desk.items.empty')}
        </Typography.Paragraph>
      ) : (
        <ul className="fd-desk-lines" aria-label={translate('sales.desk.items.title')}>
          {cart.map((line, i) => (
            <DeskCartLine
              key={line.key}
              catalog={catalog}
              cart={cart}
              line={line}
              quote={totals.lines[i]}
              usage={usage}
              disabled={locked}
              won={won}
              onChange={(next) => onCart((lines) => lines.map((l) => (l.key === next.key ? next : l)))}
              onRemove={() => onCart((lines) => lines.filter((l) => l.key !== line.key))}
            />
          ))}
        </ul>
      )}
      {needsReason(cart) && (
        <DiscountReason value={reason} onChange={onReason} showError={tried} disabled={locked} />
      )}
    </Card>
  );
}

/** The payment: the sale's own lines and seller, a note, and the confirm button with the total. */
export function DeskPayCard({
  form,
  seller,
  staff,
  totals,
  cartEmpty,
  locked,
  tried,
  ready,
  won,
  onConfirm,
  onTry,
}: {
  form: FormInstance<PayValues>;
  seller: number | undefined;
  staff: Option[];
  totals: Totals;
  cartEmpty: boolean;
  locked: boolean;
  tried: boolean;
  ready: boolean;
  won: (n: number) => string;
  onConfirm: () => void;
  onTry: () => void;
}) {
  const translate = useTranslate();
  const subtotal = totals.lines.reduce((n, l) => n + l.listPrice, 0);
  const discounts = totals.lines.reduce((n, l) => n + l.promotionDiscount + l.manualDiscount, 0);
  const refused = totals.lines.some((l) => l.refusal);
  return (
    <Card size="small" title={translate('sales.desk.payment.title')} className="fd-desk-pay">
      <Form<PayValues>
        form={form}
        layout="vertical"
        disabled={locked}
        initialValues={{ payments: [{ method: 'CARD' }], soldByMemberId: seller }}
        // The unpaid choice is checked by the form; the customer, the items and the reason by `ready`.
        onFinish={() => ready && onConfirm()}
      >
        <SalePayment
          total={totals.total}
          summary={[
            { label: translate('sales.desk.payment.subtotal'), amount: subtotal },
            ...(discounts > 0
              ? [{ label: translate('sales.desk.payment.discounts'), amount: -discounts }]
              : []),
          ]}
          seller={staff}
        />
        <Form.Item name="note" label={translate('sales.desk.payment.note')} className="fd-desk-note">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        {tried && cartEmpty && (
          <Typography.Text type="danger">{translate('sales.desk.payment.nothing')}</Typography.Text>
        )}
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          disabled={locked || totals.aboveTotal || refused}
          onClick={onTry}
        >
          {submitLabel(translate('sales.desk.payment.confirm'), totals.total, won)}
        </Button>
      </Form>
    </Card>
  );
}

/** The confirmation: the customer, each item's price, the payments and the balance; a refusal with its reason. */
export function DeskConfirmModal({
  open,
  sell,
  allowOverlap,
  memberLabel,
  catalog,
  cart,
  totals,
  lines,
  won,
  onAllowOverlap,
  onOk,
  onCancel,
}: {
  open: boolean;
  sell: { isPending: boolean; isError: boolean; error: unknown };
  allowOverlap: boolean;
  memberLabel: string;
  catalog: DeskCatalog;
  cart: CartLine[];
  totals: Totals;
  lines: Parameters<typeof paymentsOf>[0];
  won: (n: number) => string;
  onAllowOverlap: (allow: boolean) => void;
  onOk: () => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  return (
    <Modal
      open={open}
      title={translate('sales.desk.confirm.title')}
      okText={translate('sales.desk.confirm.ok')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={sell.isPending}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      {sell.isError && (
        <Alert
          type="error"
          role="alert"
          showIcon
          message={translate('sales.desk.confirm.failed')}
          description={
            <>
              {errorText(sell.error, translate)}
              {reasonOf(sell.error) === 'passOverlap' && (
                <div>
                  <Checkbox checked={allowOverlap} onChange={(e) => onAllowOverlap(e.target.checked)}>
                    {translate('passes.sell.overlapChoice')}
                  </Checkbox>
                </div>
              )}
            </>
          }
        />
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={translate('sales.desk.confirm.customer')}>{memberLabel}</Descriptions.Item>
        {cart.map((line, i) => (
          <Descriptions.Item key={line.key} label={lineName(catalog, line, translate)}>
            {won(totals.lines[i]?.price ?? 0)}
            {line.type === 'PRODUCT' && line.quantity > 1 ? ` (× ${line.quantity})` : ''}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={translate('sales.desk.payment.total')}>
          {won(totals.total)}
        </Descriptions.Item>
        {paymentsOf(lines).map((r, i) => (
          <Descriptions.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines paid, in their order.
            key={i}
            label={`${translate(`sales.history.methods.${r.method}`)} ${i + 1}`}
          >
            {won(r.amount)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={translate('sales.desk.payment.owed')}>{won(totals.owed)}</Descriptions.Item>
      </Descriptions>
      {totals.owed > 0 && (
        <Alert
          type="warning"
          showIcon
          className="fd-desk-confirm-owed"
          message={translate('sales.desk.confirm.owed', { amount: won(totals.owed) })}
        />
      )}
    </Modal>
  );
}
