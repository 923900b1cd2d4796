import { useTranslate } from '@refinedev/core';
import { DatePicker, type DatePickerProps, Form, Input, InputNumber, type InputNumberProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { dotDate } from './locker-model.ts';

// The rent drawer's fields (rent-drawer.tsx) and the inputs the rental drawer shares.

export const DATE_FORMAT = 'YYYY-MM-DD';

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

/** A date picker that takes typed dates (2026-03-01) as well as the calendar. */
export function DateInput(props: DatePickerProps) {
  return <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} {...props} />;
}

/** The rental's start and end; the end says when it follows the customer's pass. */
export function RentDateFields({ passEnd, start }: { passEnd: string | null; start: string | undefined }) {
  const translate = useTranslate();
  return (
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
  );
}

/** The fee and the deposit. */
export function RentMoneyFields() {
  const translate = useTranslate();
  return (
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
  );
}

/** The key's number and the combination. */
export function RentKeyFields() {
  const translate = useTranslate();
  return (
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
  );
}
