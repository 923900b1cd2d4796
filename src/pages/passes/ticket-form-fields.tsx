import { useTranslate } from '@refinedev/core';
import {
  ColorPicker,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
} from 'antd';
import { ticketSaleStates } from '#domain/enums.ts';
import { discountPercent, periodUnits } from '#domain/rules/passes.ts';
import { money, type TicketValues } from './ticket-form.ts';

/**
 * The pass product's fields: name, period and sessions, prices (with the discount), a bundle's session value, the
 * sale period and state, the hold limits, the transfer fee, whether an entry uses a session, and the colour.
 */
export function TicketFormFields({ form }: { form: FormInstance<TicketValues> }) {
  const translate = useTranslate();
  const origin = Form.useWatch('originPrice', form) ?? 0;
  const sale = Form.useWatch('salePrice', form) ?? 0;
  // A bundle (a period with sessions) states the value of its sessions (docs/rules.md#trainer-pay).
  const periodAmount = Form.useWatch('periodAmount', form);
  const sessionCount = Form.useWatch('sessionCount', form);
  const bundle = Boolean(periodAmount) && Boolean(sessionCount);
  return (
    <>
      <Form.Item
        name="name"
        label={translate('ticket.fields.name')}
        rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="periodAmount" label={translate('ticket.fields.periodAmount')}>
          <InputNumber<number> min={1} max={999} />
        </Form.Item>
        <Form.Item name="periodUnit" label={translate('ticket.fields.periodUnit')}>
          <Select
            style={{ width: 120 }}
            options={periodUnits.map((u) => ({ value: u, label: translate(`enums.periodUnit.${u}`) }))}
          />
        </Form.Item>
        <Form.Item name="sessionCount" label={translate('ticket.fields.sessionCount')}>
          <InputNumber<number> min={1} max={999} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item
          name="originPrice"
          label={translate('ticket.fields.originPrice')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <InputNumber<number> {...money} />
        </Form.Item>
        <Form.Item
          name="salePrice"
          label={translate('ticket.fields.salePrice')}
          rules={[{ required: true, message: translate('validation.required') }]}
          extra={
            origin > 0 && sale < origin
              ? translate('passes.products.discount', { percent: discountPercent(origin, sale) })
              : undefined
          }
        >
          <InputNumber<number> {...money} />
        </Form.Item>
      </Space>
      {bundle && (
        <Form.Item
          name="sessionValue"
          label={translate('ticket.fields.sessionValue')}
          extra={translate('ticket.help.sessionValue')}
          style={{ maxWidth: 480 }}
        >
          <InputNumber<number> {...money} />
        </Form.Item>
      )}
      <Space wrap align="start">
        <Form.Item name="saleStartDate" label={translate('ticket.fields.saleStartDate')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="saleEndDate" label={translate('ticket.fields.saleEndDate')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="saleState" label={translate('ticket.fields.saleState')}>
          <Select
            style={{ width: 120 }}
            options={ticketSaleStates.map((s) => ({
              value: s,
              label: translate(`enums.ticketSaleState.${s}`),
            }))}
          />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="holdMaxCount" label={translate('ticket.fields.holdMaxCount')}>
          <InputNumber<number> min={0} max={99} />
        </Form.Item>
        <Form.Item name="holdMaxDays" label={translate('ticket.fields.holdMaxDays')}>
          <InputNumber<number> min={0} max={3650} />
        </Form.Item>
        <Form.Item name="holdMinDays" label={translate('ticket.fields.holdMinDays')}>
          <InputNumber<number> min={1} max={3650} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="transferFee" label={translate('ticket.fields.transferFee')}>
          <InputNumber<number> {...money} />
        </Form.Item>
        <Form.Item
          name="entryUsesSession"
          label={translate('ticket.fields.entryUsesSession')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="color" label={translate('ticket.fields.color')}>
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
      </Space>
    </>
  );
}
