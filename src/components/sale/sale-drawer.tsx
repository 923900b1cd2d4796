import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Form,
  type FormInstance,
  Grid,
  Input,
  InputNumber,
  Space,
} from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassPromotions } from '#domain/schemas/desk.ts';
import { formatWon } from '#src/components/money.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { usePassPromotion } from './promotion-choice.tsx';
import { leaveUnpaidOf, type PaymentLine, paymentsOf, saleFigures, submitLabel } from './sale-model.ts';
import { SalePayment, type SaleSummaryRow } from './sale-payment.tsx';

// One sale drawer (docs/rules.md#leave-unpaid, #passes, #lockers): a pass sold from the customer's page or at the
// consulting tablet, a locker rented or renewed. It owns what every sale has in common: the shell and its submit
// button reading the amount, the customer, the summary of what is sold, a pass's running promotions and its price
// changed with a reason, the payment section (src/components/sale/sale-payment.tsx, which the desk's page uses
// too), the seller, and the server's refusal (on the fields, and whole in the drawer). The caller gives the item's
// fields, the amount and the request.

/** The fields the drawer owns, beside the caller's item fields. */
export type SaleValues = {
  payments: PaymentLine[];
  leaveUnpaid?: number;
  soldByMemberId?: number;
  price?: number;
  priceReason?: string;
  promotionId?: number;
};

/** What the drawer adds to the request, part by part, for the caller to place where its body has them. */
export type SaleParts = {
  /** The payment lines that pay something. */
  payments: { method: PaymentLine['method']; amount: number }[];
  /** `{ leaveUnpaid }` when the balance was chosen, else nothing. */
  leaveUnpaid: { leaveUnpaid?: number };
  /** The seller chosen (with `seller`), else null. */
  soldByMemberId: number | null;
  /** A pass's promotion: `{ promotionId }`, else nothing. */
  promotion: { promotionId?: number };
  /** A pass's price when changed from the promoted one, with its reason; else nothing. */
  price: { price?: number; priceReason?: string | null };
};

/** A pass sold: the product chosen (none yet: nothing to sell) and the promotions running for this customer. */
export type PassPricing = {
  product: { id: number; salePrice: number } | undefined;
  promotions: PassPromotions | undefined;
};

type Props<R> = {
  title: string;
  /** The submit's verb; the button adds the amount: "판매 · 270,000원". */
  submitText: string;
  // biome-ignore lint/suspicious/noExplicitAny: the caller's form holds its item fields beside SaleValues.
  form: FormInstance<any>;
  initialValues?: Record<string, unknown>;
  /** Who buys, when known before the form (a locker rental picks the customer in its fields). */
  customer?: { name: string; phone?: string | null };
  /** What is sold, at its list price, above the total. A pass's promotion or changed price adds its own row. */
  summary?: readonly SaleSummaryRow[];
  /** The amount to charge. A pass (`pass`) is charged its price field instead. */
  total?: number;
  pass?: PassPricing;
  /** The staff who may be named as the seller; without it the sale names none. */
  seller?: readonly { value: number; label: string }[];
  /** False while there is nothing to sell yet (a pass product not chosen). */
  ready?: boolean;
  /** True while the item itself stops the sale (an overlap not chosen). */
  blocked?: boolean;
  /** The item's fields (the product and its start, the locker and its period…). */
  children: ReactNode;
  /** The request, from the form's values and the drawer's parts. */
  submit: (values: Record<string, unknown>, parts: SaleParts) => Promise<R>;
  onDone: (result: R) => void;
  /** A refusal the caller answers itself (true): the drawer then shows nothing of it. */
  onError?: (error: unknown) => boolean;
  onClose: () => void;
  /** Beside the title (the locker's "mark out of order"). */
  extra?: ReactNode;
  rootClassName?: string;
};

/**
 * The focus on the first field a person types into (a date picker would open its calendar, so it is passed over),
 * unless they are in a field of the drawer already.
 */
const focusFirstField = (root: HTMLElement | null) => {
  if (!root || root.contains(document.activeElement)) return;
  const fields = root.querySelectorAll<HTMLElement>('input:not([disabled]):not([type="hidden"]), textarea');
  [...fields].find((el) => !el.closest('.ant-picker'))?.focus();
};

/**
 * What the sale charges: a pass's promoted price or the price typed (with its summary row), or the caller's
 * total; the payment figures; and, for a pass, another product chosen starts over.
 */
const useSalePricing = (
  // biome-ignore lint/suspicious/noExplicitAny: the caller's form holds its item fields beside SaleValues.
  form: FormInstance<any>,
  pass: PassPricing | undefined,
  summary: readonly SaleSummaryRow[],
  fixedTotal: number,
  won: (n: number) => string,
) => {
  const translate = useTranslate();
  // docs/rules.md#promotions: a pass offers the promotions running for it, and its price may change with a reason.
  const product = pass?.product;
  const { promotion, base, field: promotionField } = usePassPromotion(form, pass?.promotions, product, won);
  const price = Form.useWatch('price', form) as number | undefined;
  const priceChanged = product !== undefined && typeof price === 'number' && price !== base;
  const total = pass ? (typeof price === 'number' ? price : base) : fixedTotal;
  const rows: SaleSummaryRow[] = [...summary];
  if (product && total !== product.salePrice)
    rows.push({
      label: translate(total < product.salePrice ? 'sales.desk.items.discount' : 'sales.sale.priceChange'),
      amount: total - product.salePrice,
    });
  const figures = saleFigures(total, Form.useWatch('payments', form) as PaymentLine[] | undefined);

  // Another product starts over: its price, no promotion, and the whole amount on the first line again.
  const productId = product?.id;
  const listPrice = product?.salePrice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product chosen, not per price typed.
  useEffect(() => {
    if (productId === undefined) return;
    // Reset, not only set: a typed line is typed no more, so the first one follows the price again.
    form.resetFields(['payments', 'leaveUnpaid']);
    form.setFieldsValue({
      price: listPrice,
      promotionId: undefined,
      priceReason: undefined,
      payments: [{ method: 'CARD' }],
    });
  }, [productId]);

  return { product, promotion, base, promotionField, priceChanged, total, rows, figures };
};

/** The request, the caller's with the drawer's parts; a refusal goes on its fields and, whole, in the drawer. */
const useSaleRequest = <R,>(
  // biome-ignore lint/suspicious/noExplicitAny: the caller's form holds its item fields beside SaleValues.
  form: FormInstance<any>,
  submit: Props<R>['submit'],
  onDone: Props<R>['onDone'],
  onError: Props<R>['onError'],
) => {
  const [failure, setFailure] = useState<unknown>(null);
  const sale = useMutation({
    meta: { silent: true },
    mutationFn: ({ values, parts }: { values: Record<string, unknown>; parts: SaleParts }) =>
      submit(values, parts),
    onSuccess: (result) => onDone(result),
    onError: (error) => {
      if (onError?.(error)) return;
      // The server's field errors on their fields (`payments.0.amount` → ['payments', 0, 'amount']), and its
      // whole message in the drawer.
      showFieldErrors(form, error);
      setFailure(error);
    },
  });
  return { sale, failure, setFailure };
};

/** A pass's price (the promoted one unless changed) and, once changed, its required reason. */
function PassPriceFields({ priceChanged }: { priceChanged: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Form.Item
        name="price"
        label={translate('passes.sell.price')}
        rules={[{ required: true, type: 'integer', min: 0 }]}
      >
        <InputNumber<number>
          style={{ width: '100%' }}
          min={0}
          step={10_000}
          inputMode="numeric"
          formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
          parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
        />
      </Form.Item>
      {priceChanged && (
        <Form.Item
          name="priceReason"
          label={translate('passes.sell.priceReason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: translate('validation.priceReasonRequired'),
            },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
      )}
    </>
  );
}

/** The server's refusal, whole, above the cancel and the submit (which reads the amount). */
function SaleDrawerFooter({
  failure,
  formId,
  pending,
  disabled,
  label,
  onClose,
}: {
  failure: unknown;
  formId: string;
  pending: boolean;
  disabled: boolean;
  label: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-sale-footer">
      {failure !== null && (
        <Alert type="error" showIcon role="alert" message={errorText(failure, translate)} />
      )}
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
        <Button type="primary" htmlType="submit" form={formId} loading={pending} disabled={disabled}>
          {label}
        </Button>
      </Space>
    </div>
  );
}

export function SaleDrawer<R>({
  title,
  submitText,
  form,
  initialValues,
  customer,
  summary = [],
  total: fixedTotal = 0,
  pass,
  seller,
  ready = true,
  blocked = false,
  children,
  submit,
  onDone,
  onError,
  onClose,
  extra,
  rootClassName,
}: Props<R>) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const won = (n: number) => formatWon(n, i18n.language);
  // Keyboard first: the first field has the focus once the drawer is in (and, should its opening end early, as soon
  // as it is drawn).
  useEffect(() => {
    const timer = setTimeout(() => focusFirstField(body.current), 0);
    return () => clearTimeout(timer);
  }, []);

  const { product, promotion, base, promotionField, priceChanged, total, rows, figures } = useSalePricing(
    form,
    pass,
    summary,
    fixedTotal,
    won,
  );

  const { sale, failure, setFailure } = useSaleRequest(form, submit, onDone, onError);

  const finish = (values: Record<string, unknown> & SaleValues) => {
    setFailure(null);
    sale.mutate({
      values,
      parts: {
        payments: paymentsOf(values.payments),
        leaveUnpaid: leaveUnpaidOf(figures.owed, values.leaveUnpaid),
        soldByMemberId: values.soldByMemberId ?? null,
        promotion: promotion ? { promotionId: promotion.id } : {},
        price:
          pass && values.price !== undefined && values.price !== base
            ? { price: values.price, priceReason: values.priceReason ?? null }
            : {},
      },
    });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 520 : '100%'}
      rootClassName={rootClassName ? `fd-sale-drawer ${rootClassName}` : 'fd-sale-drawer'}
      title={title}
      extra={extra}
      destroyOnHidden
      afterOpenChange={(open) => open && focusFirstField(body.current)}
      footer={
        <SaleDrawerFooter
          failure={failure}
          formId={formId}
          pending={sale.isPending}
          disabled={!ready || figures.aboveTotal || blocked}
          label={ready ? submitLabel(submitText, total, won) : submitText}
          onClose={onClose}
        />
      }
    >
      <div ref={body}>
        {customer && (
          <p className="fd-sale-customer">
            <span className="fd-sale-customer__label">{translate('sales.desk.customer.label')}</span>
            <strong>{customer.name}</strong>
            {customer.phone && <span>{customer.phone}</span>}
          </p>
        )}
        <Form
          id={formId}
          form={form}
          layout="vertical"
          requiredMark
          initialValues={{ payments: [{ method: 'CARD' }], ...initialValues }}
          onFinish={finish}
        >
          {children}
          {pass && product && (
            <>
              {promotionField}
              <PassPriceFields priceChanged={priceChanged} />
            </>
          )}
          <Divider orientation="left" orientationMargin={0} className="fd-sale-divider">
            {translate('sales.desk.payment.title')}
          </Divider>
          <SalePayment total={total} summary={rows} enabled={ready} seller={seller} />
        </Form>
      </div>
    </Drawer>
  );
}
