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
import { useTranslation } from 'react-i18next';
import { passPromotionsRoute, sellRoute } from '#domain/api/pass.ts';
import { overlappingPass, type PeriodUnit, passEndDate, saleStartDate } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Ticket, TicketIssueDetail } from '#domain/schemas/pass.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api, http } from '#src/providers/instances.ts';
import { fieldErrorsOf } from './add-customer-drawer.tsx';
import { formatWon, paymentsTotal } from './money.ts';
import { PaymentLines } from './payment-lines.tsx';
import { usePassPromotion } from './promotion-choice.tsx';
import { leaveUnpaidOf, UnpaidChoice, useWholeAmountFirst } from './unpaid-choice.tsx';
import { useStaffOptions } from './use-staff-options.ts';

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

/** The products on sale today, for the sell drawer. */
export const useProductsOnSale = (gymId: number) =>
  useQuery({
    queryKey: ['passes', 'products-on-sale', gymId],
    queryFn: async () => {
      const response = await http.get<Ticket[]>('/web/ticket', {
        params: { gymId, _start: 0, _end: 100, _sort: 'name', _order: 'asc' },
      });
      return (response.data as Ticket[]).filter((t) => t.saleLabel === 'ON_SALE');
    },
  });

/**
 * Selling a pass (docs/rules.md#passes, #renewals): the product, the start (a renewal starts the day after the
 * current pass of its kind; an overlap is a choice, warned of), the price (a change needs a reason), any mix of payment lines with the unpaid remainder shown
 * live, and the seller. One transaction on the server.
 */
export function SellDrawer({
  gymId,
  memberId,
  passes,
  open,
  onClose,
  onSold,
}: {
  gymId: number;
  memberId: number;
  passes: readonly TicketIssueDetail[];
  open: boolean;
  onClose: () => void;
  onSold: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const { gymMember } = useFacility();
  const [form] = Form.useForm<Values>();
  const products = useProductsOnSale(gymId);
  const staff = useStaffOptions(gymId);
  const ticketId = Form.useWatch('ticketId', form);
  const startDate = Form.useWatch('startDate', form);
  const price = Form.useWatch('price', form);
  const payments = Form.useWatch('payments', form);
  const product = products.data?.find((p) => p.id === ticketId);
  const today = seoulToday(new Date());
  // docs/rules.md#promotions: the promotions running today that apply to the product for this customer.
  const promotions = useQuery({
    queryKey: ['passes', 'promotions', gymId, memberId],
    queryFn: () => api.call(passPromotionsRoute, { params: { gymId }, query: { memberId } }),
    enabled: open,
  });
  const won = (n: number) => formatWon(n, i18n.language);
  const { promotion, base, field: promotionField } = usePassPromotion(form, promotions.data, product, won);
  const agreed = typeof price === 'number' ? price : base;
  const paid = paymentsTotal(payments);
  const owed = Math.max(agreed - paid, 0);
  useWholeAmountFirst(form, agreed, { enabled: product !== undefined });
  const end =
    product?.periodAmount && product.periodUnit && startDate
      ? passEndDate(startDate.format('YYYY-MM-DD'), product.periodAmount, product.periodUnit as PeriodUnit)
      : null;
  // docs/rules.md#renewals: the same pure functions as the server's default start and its overlap refusal.
  const overlap =
    product && startDate
      ? overlappingPass(passes, product, startDate.format('YYYY-MM-DD'), end, today)
      : undefined;
  const allowOverlap = Form.useWatch('allowOverlap', form);

  const sell = useMutation({
    meta: { silent: true },
    mutationFn: (values: Values) =>
      api.call(sellRoute, {
        body: {
          gymId,
          memberId,
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
      }),
    onSuccess: () => {
      message.success(translate('passes.sell.done'));
      onSold();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN'));
    },
  });

  const pickProduct = (id: number) => {
    const chosen = products.data?.find((p) => p.id === id);
    // The usual sale is paid in full by card: the line starts at the price, and the desk changes it. The lines are
    // reset, not set with setFieldsValue (which marks them typed in), so the first one goes on following the price
    // when a promotion or a new price changes it (useWholeAmountFirst).
    form.resetFields(['payments']);
    form.setFieldValue('payments', [{ method: 'CARD', amount: chosen?.salePrice }]);
    form.setFieldsValue({
      price: chosen?.salePrice,
      promotionId: undefined,
      startDate: dayjs(chosen ? saleStartDate(today, passes, chosen) : today),
      allowOverlap: false,
    });
  };

  return (
    <Drawer
      open={open}
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
            disabled={!product || paid > agreed || (overlap !== undefined && !allowOverlap)}
          >
            {translate('passes.sell.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          startDate: dayjs(today),
          payments: [{ method: 'CARD' }],
          soldByMemberId: gymMember?.memberId,
        }}
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
            loading={products.isLoading}
            onChange={pickProduct}
            notFoundContent={translate('passes.sell.noProducts')}
            options={(products.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name} · ${won(p.salePrice)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="startDate"
          label={translate('passes.sell.start')}
          rules={[{ required: true }]}
          extra={end ? translate('passes.sell.ends', { date: end }) : undefined}
        >
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        {overlap && product && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 12 }}
            message={translate('passes.sell.overlapWarning', {
              name: overlap.ticketName,
              start: overlap.startDate,
              end: overlap.endDate ?? '',
              next: saleStartDate(today, passes, product),
            })}
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
          <Select allowClear options={staff} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
