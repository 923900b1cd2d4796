import { ToolOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { customerGetRoute, customerListRoute } from '#domain/api/customer.ts';
import { lockerRentRoute } from '#domain/api/locker.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import { SaleDrawer } from '#src/components/sale/sale-drawer.tsx';
import type { PaymentLine } from '#src/components/sale/sale-model.ts';
import { PlainSelect } from '#src/forms/plain-select.tsx';
import { api } from '#src/providers/instances.ts';
import { defaultRentEnd } from './locker-model.ts';
import { DATE_FORMAT, RentDateFields, RentKeyFields, RentMoneyFields } from './rent-fields.tsx';

type Values = {
  memberId?: number;
  startDate: Dayjs;
  endDate: Dayjs;
  fee?: number;
  deposit?: number;
  keyNumber?: string;
  combination?: string;
  payments: PaymentLine[];
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

/**
 * Renting a free locker (docs/rules.md#lockers) in the sale drawer: the customer, the dates (by default until the
 * customer's current pass ends, else a month), the fee and deposit, the key and the combination. The drawer adds
 * the payment lines and the balance left by choice. A refusal (the locker was just taken, …) shows in the drawer
 * and keeps what was typed.
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
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const today = seoulToday(new Date());

  const memberId = Form.useWatch('memberId', form);
  const startDate = Form.useWatch('startDate', form);
  const fee = Form.useWatch('fee', form) || 0;
  const deposit = Form.useWatch('deposit', form) || 0;

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

  const options = (candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  const start = startDate?.format(DATE_FORMAT);

  return (
    <SaleDrawer
      title={translate('lockers.rent.title', { label: tile.label })}
      submitText={translate('lockers.rent.submit')}
      form={form}
      rootClassName="fd-locker-overlay"
      extra={
        <Button icon={<ToolOutlined aria-hidden />} onClick={onMarkBroken}>
          {translate('lockers.rent.markBroken')}
        </Button>
      }
      initialValues={{
        startDate: dayjs(today),
        endDate: dayjs(defaultRentEnd(today, null)),
        deposit: 0,
      }}
      summary={[
        { label: translate('lockers.rental.fee'), amount: fee },
        ...(deposit > 0 ? [{ label: translate('lockers.rental.deposit'), amount: deposit }] : []),
      ]}
      total={fee + deposit}
      submit={(values, sale) => {
        const v = values as Values;
        return api.call(lockerRentRoute, {
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
            payments: sale.payments,
            ...sale.leaveUnpaid,
          },
        });
      }}
      onDone={(result) => onRented(result.rental, result.combination)}
      onClose={onClose}
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
      <RentDateFields passEnd={passEnd} start={start} />
      <RentMoneyFields />
      <RentKeyFields />
    </SaleDrawer>
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
