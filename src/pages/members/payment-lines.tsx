import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Form, InputNumber, Space } from 'antd';
import { paymentMethods } from '#domain/enums.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';

/** Payment lines (card, cash, transfer, any mix) inside a form, under `name`. */
export function PaymentLines({ name = 'payments' }: { name?: string }) {
  const translate = useTranslate();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item name={[field.name, 'method']} rules={[{ required: true }]} noStyle>
                <PlainSelect<string>
                  aria-label={translate('passes.view.method')}
                  style={{ width: 110 }}
                  options={paymentMethods.map((m) => ({ value: m, label: translate(`passes.method.${m}`) }))}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'amount']}
                // A blank or 0 line pays nothing (it is left out), so the rest simply stays unpaid.
                rules={[{ type: 'integer', min: 0, message: translate('validation.notNegative') }]}
              >
                <InputNumber<number>
                  aria-label={translate('passes.view.amount')}
                  min={0}
                  step={10_000}
                  style={{ width: 160 }}
                  formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
                  parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
                />
              </Form.Item>
              <Button
                type="text"
                aria-label={translate('passes.sell.removeLine', { n: index + 1 })}
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ method: 'CARD' })}>
            {translate('passes.sell.addLine')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
