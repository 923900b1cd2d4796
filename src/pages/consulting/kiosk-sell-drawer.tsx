import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { kioskStaffPromotionsRoute, kioskStaffSellRoute } from '#domain/api/consult-kiosk.ts';
import { type PeriodUnit, passEndDate } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { kioskProductSchema } from '#domain/schemas/consult.ts';
import { fieldErrorsOf, isHttpError, reasonOf } from '#src/providers/http-error.ts';
import { formatWon, paymentsTotal } from '../members/money.ts';
import { PaymentLines } from '../members/payment-lines.tsx';
import { usePassPromotion } from '../members/promotion-choice.tsx';
import { leaveUnpaidOf, UnpaidChoice, useWholeAmountFirst } from '../members/unpaid-choice.tsx';
import { kioskApi } from './kiosk-api.ts';
import { isStaffWindowGone, isTabletEnded, useKiosk } from './kiosk-context.tsx';

type Product = z.output<typeof kioskProductSchema>;

type Values = {
  ticketId?: number;
  startDate: Dayjs;
  price?: number;
  priceReason?: string;
  payments: { method: 'CARD' | 'CASH' | 'TRANSFER'; amount?: number }[];
  soldByMemberId?: number;
  allowOverlap?: boolean;
  leaveUnpaid?: number;
  promotionId?: number;
};

/**
 * Selling a pass at the tablet (docs/rules.md#consulting, #passes): the customer page's sale, in the staff window,
 * to the consult's own customer. The products and the staff come with the wrap-up's view, so the tablet reads
 * neither the product list nor the staff list of the facility.
 */
export function KioskSellDrawer({
  consultId,
  products,
  staff,
  sellerId,
  onClose,
  onSold,
  onFailed,
}: {
  consultId: number;
  products: readonly Product[];
  staff: readonly { value: number; label: string }[];
  sellerId: number;
  onClose: () => void;
  onSold: () => void;
  onFailed: (error: unknown) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const kiosk = useKiosk();
  const [form] = Form.useForm<Values>();
  const ticketId = Form.useWatch('ticketId', form);
  const startDate = Form.useWatch('startDate', form);
  const price = Form.useWatch('price', form);
  const payments = Form.useWatch('payments', form);
  const product = products.find((p) => p.id === ticketId);
  const today = seoulToday(new Date());
  // docs/rules.md#promotions: the promotions running today that apply to the product for the consult's customer.
  const promotions = useQuery({
    queryKey: ['consult', 'kiosk-promotions', consultId, kiosk.staff?.staffToken],
    queryFn: () =>
      kioskApi.call(kioskStaffPromotionsRoute, { params: { id: consultId }, headers: kiosk.staffHeaders() }),
    retry: false,
  });
  const won = (n: number) => formatWon(n, i18n.language);
  const { promotion, base, field: promotionField } = usePassPromotion(form, promotions.data, product, won);
  const agreed = typeof price === 'number' ? price : base;
  const paid = paymentsTotal(payments);
  const owed = Math.max(agreed - paid, 0);
  useWholeAmountFirst(form, agreed, { enabled: product !== undefined });
  // docs/rules.md#renewals: the tablet does not read the customer's passes, so an overlap is learnt from the
  // server's 409, which names the pass and the day a renewal would start; selling anyway is then a choice.
  const [overlap, setOverlap] = useState<string | null>(null);
  const allowOverlap = Form.useWatch('allowOverlap', form);
  const end =
    product?.periodAmount && product.periodUnit && startDate
      ? passEndDate(startDate.format('YYYY-MM-DD'), product.periodAmount, product.periodUnit as PeriodUnit)
      : null;

  const sell = useMutation({
    meta: { silent: true },
    mutationFn: (values: Values) =>
      kioskApi.call(kioskStaffSellRoute, {
        params: { id: consultId },
        body: {
          ticketId: values.ticketId!,
          startDate: values.startDate.format('YYYY-MM-DD'),
          ...(promotion ? { promotionId: promotion.id } : {}),
          ...(values.price !== undefined && values.price !== base
            ? { price: values.price, priceReason: values.priceReason ?? null }
            : {}),
          payments: (values.payments ?? [])
            .filter((p) => p.amount)
            .map((p) => ({ method: p.method, amount: p.amount! })),
          soldByMemberId: values.soldByMemberId ?? null,
          ...leaveUnpaidOf(owed, values.leaveUnpaid),
          ...(overlap && values.allowOverlap ? { allowOverlap: true } : {}),
        },
        headers: kiosk.staffHeaders(),
      }),
    onSuccess: () => {
      message.success(translate('passes.sell.done'));
      onSold();
    },
    onError: (error) => {
      if (isTabletEnded(error) || isStaffWindowGone(error)) return onFailed(error);
      if (reasonOf(error) === 'passOverlap' && isHttpError(error)) {
        form.setFieldValue('allowOverlap', false);
        return setOverlap(error.message);
      }
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN'));
    },
  });

  const pickProduct = (id: number) => {
    const chosen = products.find((p) => p.id === id);
    setOverlap(null);
    // The usual sale is paid in full by card: the line starts at the price, and the desk changes it. The lines are
    // reset, not set with setFieldsValue (which marks them typed in), so the first one goes on following the price
    // when a promotion or a new price changes it (useWholeAmountFirst).
    form.resetFields(['payments']);
    form.setFieldValue('payments', [{ method: 'CARD', amount: chosen?.salePrice }]);
    form.setFieldsValue({
      price: chosen?.salePrice,
      promotionId: undefined,
      startDate: dayjs(today),
    });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 520 : '100%'}
      title={translate('passes.sell.title')}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button
            type="primary"
            loading={sell.isPending}
            onClick={() => form.submit()}
            disabled={!product || paid > agreed || (overlap !== null && !allowOverlap)}
          >
            {translate('passes.sell.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ startDate: dayjs(today), payments: [{ method: 'CARD' }], soldByMemberId: sellerId }}
        onFinish={(values) => sell.mutate(values)}
      >
        <Form.Item
          name="ticketId"
          label={translate('passes.sell.product')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            onChange={pickProduct}
            notFoundContent={translate('passes.sell.noProducts')}
            options={products.map((p) => ({ value: p.id, label: `${p.name} · ${won(p.salePrice)}` }))}
          />
        </Form.Item>
        <Form.Item
          name="startDate"
          label={translate('passes.sell.start')}
          rules={[{ required: true }]}
          extra={end ? translate('passes.sell.ends', { date: end }) : undefined}
        >
          <DatePicker style={{ width: '100%' }} allowClear={false} onChange={() => setOverlap(null)} />
        </Form.Item>
        {overlap && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 12 }}
            message={overlap}
            description={
              <Form.Item name="allowOverlap" valuePropName="checked" noStyle>
                <Checkbox>{translate('passes.sell.overlapChoice')}</Checkbox>
              </Form.Item>
            }
          />
        )}
        {promotionField}
        <Form.Item
          name="price"
          label={translate('passes.sell.price')}
          rules={[{ required: true, type: 'integer', min: 0 }]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={0}
            step={10_000}
            formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
            parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
          />
        </Form.Item>
        {product && typeof price === 'number' && price !== base && (
          <Form.Item
            name="priceReason"
            label={translate('passes.sell.priceReason')}
            rules={[
              { required: true, whitespace: true, message: translate('validation.priceReasonRequired') },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Typography.Title level={5}>{translate('passes.sell.payments')}</Typography.Title>
        <PaymentLines />
        <Alert
          className="fd-pass-card"
          style={{ marginTop: 12 }}
          type={paid > agreed ? 'error' : agreed - paid > 0 ? 'warning' : 'success'}
          role="status"
          message={
            paid > agreed
              ? translate('validation.paymentsAbovePrice')
              : translate('passes.sell.remainder', {
                  paid: won(paid),
                  unpaid: won(Math.max(agreed - paid, 0)),
                })
          }
        />
        {product && paid <= agreed && <UnpaidChoice owed={owed} won={won} />}
        <Form.Item name="soldByMemberId" label={translate('passes.sell.seller')}>
          <Select allowClear options={[...staff]} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
