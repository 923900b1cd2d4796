import { ToolOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  type DatePickerProps,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  type InputNumberProps,
  Modal,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerGetRoute, customerListRoute } from '#domain/api/customer.ts';
import { lockerRentRoute } from '#domain/api/locker.ts';
import type { PaymentMethod } from '#domain/enums.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import { api } from '#src/providers/instances.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { formatWon, paymentsTotal } from '../members/money.ts';
import { PaymentLines } from '../members/payment-lines.tsx';
import { leaveUnpaidOf, UnpaidChoice, useWholeAmountFirst } from '../members/unpaid-choice.tsx';
import { errorText, showFieldErrors } from './locker-api.ts';
import { defaultRentEnd, dotDate } from './locker-model.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';

type Line = { method: PaymentMethod; amount?: number };

type Values = {
  memberId?: number;
  startDate: Dayjs;
  endDate: Dayjs;
  fee?: number;
  deposit?: number;
  keyNumber?: string;
  combination?: string;
  payments: Line[];
  leaveUnpaid?: number;
};

/** The value after `delay` ms without change (the customer search asks once the typing pauses). */
const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** A whole-won amount input: thousands separators, digits only. */
export function WonInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      min={0}
      step={10_000}
      inputMode="numeric"
      {...props}
      formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
      parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
    />
  );
}

/** Payment lines as the API takes them: blank and 0 lines are left out (the rest stays unpaid). */
export const paymentsOf = (lines: readonly Line[] | undefined) =>
  (lines ?? []).filter((p) => p.amount).map((p) => ({ method: p.method, amount: p.amount! }));

/** The summary under the payment lines: what is due, paid, and left unpaid; an error when paid above the total. */
export function PaymentSummary({ total, paid, text }: { total: number; paid: number; text: string }) {
  const translate = useTranslate();
  return (
    <Alert
      className="fd-locker-summary"
      role="status"
      type={paid > total ? 'error' : total - paid > 0 ? 'warning' : 'success'}
      message={paid > total ? translate('lockers.rent.overpaid') : text}
    />
  );
}

/** A date picker that takes typed dates (2026-03-01) as well as the calendar. */
export function DateInput(props: DatePickerProps) {
  return <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} {...props} />;
}

/**
 * Renting a free locker (docs/rules.md#lockers): the customer, the dates (by default until the customer's current
 * pass ends, else a month), the fee and deposit, the key and the combination, and the payment lines. A refusal
 * (the locker was just taken, …) shows in the drawer and keeps what was typed.
 */
export function RentDrawer({
  gymId,
  tile,
  onClose,
  onRented,
  onMarkBroken,
}: {
  gymId: number;
  tile: LockerTile;
  onClose: () => void;
  onRented: (rental: LockerRental, combination: string | null) => void;
  onMarkBroken: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const today = seoulToday(new Date());
  const won = (n: number) => formatWon(n, i18n.language);

  const memberId = Form.useWatch('memberId', form);
  const startDate = Form.useWatch('startDate', form);
  const fee = Form.useWatch('fee', form) ?? 0;
  const deposit = Form.useWatch('deposit', form) ?? 0;
  const payments = Form.useWatch('payments', form);
  const total = (fee || 0) + (deposit || 0);
  const paid = paymentsTotal(payments);
  const owed = Math.max(total - paid, 0);
  useWholeAmountFirst(form, total);

  const candidates = useQuery({
    queryKey: ['lockers', 'customer-options', gymId, q],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 },
      }),
    enabled: gymId > 0,
    staleTime: 30_000,
  });
  const customer = useQuery({
    queryKey: ['lockers', 'customer', gymId, memberId],
    queryFn: () => api.call(customerGetRoute, { params: { id: memberId ?? 0 }, query: { gymId } }),
    enabled: gymId > 0 && memberId !== undefined,
    meta: { silent: true },
  });
  const passEnd = customer.data?.id === memberId ? (customer.data?.passEndDate ?? null) : null;

  // The end follows the customer's pass until the desk sets it by hand.
  useEffect(() => {
    if (!startDate || form.isFieldTouched('endDate')) return;
    form.setFieldValue('endDate', dayjs(defaultRentEnd(startDate.format(DATE_FORMAT), passEnd)));
  }, [form, startDate, passEnd]);

  const rent = useMutation({
    meta: { silent: true },
    mutationFn: (v: Values) =>
      api.call(lockerRentRoute, {
        body: {
          gymId,
          lockerId: tile.id,
          memberId: v.memberId ?? 0,
          startDate: v.startDate.format(DATE_FORMAT),
          endDate: v.endDate.format(DATE_FORMAT),
          fee: v.fee ?? 0,
          deposit: v.deposit ?? 0,
          keyNumber: v.keyNumber?.trim() || null,
          combination: v.combination?.trim() || null,
          payments: paymentsOf(v.payments),
          ...leaveUnpaidOf(owed, v.leaveUnpaid),
        },
      }),
    onSuccess: (result) => onRented(result.rental, result.combination),
    onError: (error) => showFieldErrors(form, error),
  });

  const options = (candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  const start = startDate?.format(DATE_FORMAT);

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 520 : '100%'}
      rootClassName="fd-locker-overlay"
      title={translate('lockers.rent.title', { label: tile.label })}
      destroyOnHidden
      extra={
        <Button icon={<ToolOutlined aria-hidden />} onClick={onMarkBroken}>
          {translate('lockers.rent.markBroken')}
        </Button>
      }
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button
            type="primary"
            loading={rent.isPending}
            disabled={paid > total}
            onClick={() => form.submit()}
          >
            {translate('lockers.rent.submit')}
          </Button>
        </Space>
      }
    >
      {rent.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={translate('lockers.rent.failed')}
          description={errorText(rent.error, translate)}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{
          startDate: dayjs(today),
          endDate: dayjs(defaultRentEnd(today, null)),
          deposit: 0,
          payments: [{ method: 'CARD' }],
        }}
        onFinish={(values) => rent.mutate(values)}
      >
        <Form.Item
          name="memberId"
          label={translate('lockers.rent.customer')}
          rules={[{ required: true, message: translate('lockers.rent.customerRequired') }]}
        >
          <PlainSelect<number>
            showSearch
            allowClear
            placeholder={translate('lockers.rent.customerSearch')}
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            notFoundContent={candidates.isFetching ? undefined : translate('lockers.rent.noCustomers')}
            options={options}
          />
        </Form.Item>
        <div className="fd-locker-inline-fields">
          <Form.Item
            name="startDate"
            label={translate('lockers.rent.startDate')}
            rules={[{ required: true, message: translate('validation.required') }]}
          >
            <DateInput />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={translate('lockers.rent.endDate')}
            dependencies={['startDate']}
            extra={
              passEnd && start && passEnd >= start
                ? translate('lockers.rent.endFromPass', { date: dotDate(passEnd) })
                : undefined
            }
            rules={[
              { required: true, message: translate('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | undefined) => {
                  const from = getFieldValue('startDate') as Dayjs | undefined;
                  return value && from && value.isBefore(from, 'day')
                    ? Promise.reject(new Error(translate('validation.endBeforeStart')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DateInput disabledDate={(d) => Boolean(start && d.format(DATE_FORMAT) < start)} />
          </Form.Item>
        </div>
        <div className="fd-locker-inline-fields">
          <Form.Item
            name="fee"
            label={translate('lockers.rent.fee')}
            rules={[
              { required: true, message: translate('validation.required') },
              { type: 'integer', min: 0, message: translate('validation.notNegative') },
            ]}
          >
            <WonInput />
          </Form.Item>
          <Form.Item
            name="deposit"
            label={translate('lockers.rent.deposit')}
            rules={[{ type: 'integer', min: 0, message: translate('validation.notNegative') }]}
          >
            <WonInput />
          </Form.Item>
        </div>
        <div className="fd-locker-inline-fields">
          <Form.Item name="keyNumber" label={translate('lockers.rent.keyNumber')}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="combination"
            label={translate('lockers.rent.combination')}
            extra={translate('lockers.rent.combinationHelp')}
            rules={[{ pattern: /^[0-9]{3,8}$/, message: translate('validation.combinationFormat') }]}
          >
            <Input maxLength={8} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </div>
        <div className="fd-locker-subtitle">{translate('lockers.rent.payments')}</div>
        <PaymentLines />
        <PaymentSummary
          total={total}
          paid={paid}
          text={translate('lockers.rent.summary', {
            total: won(total),
            fee: won(fee || 0),
            deposit: won(deposit || 0),
            paid: won(paid),
            unpaid: won(Math.max(total - paid, 0)),
          })}
        />
        {paid <= total && <UnpaidChoice owed={owed} won={won} />}
      </Form>
    </Drawer>
  );
}

/** The combination, shown once after a rental: closing this dialog forgets it. */
export function CombinationModal({
  label,
  combination,
  onClose,
}: {
  label: string;
  combination: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Modal
      open
      title={translate('lockers.combination.title', { label })}
      onCancel={onClose}
      onOk={onClose}
      okText={translate('lockers.combination.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      rootClassName="fd-locker-overlay"
      destroyOnHidden
    >
      <Typography.Paragraph>
        {translate('lockers.combination.label')} <span className="fd-locker-combination">{combination}</span>
        {' — '}
        {translate('lockers.combination.once')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{translate('lockers.combination.help')}</Typography.Paragraph>
    </Modal>
  );
}
