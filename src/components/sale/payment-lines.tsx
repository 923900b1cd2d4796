import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentMethods } from '#domain/enums.ts';
import { formatWon } from '#src/components/money.ts';
import { PlainSelect } from '#src/forms/plain-select.tsx';
import type { PaymentLine } from './sale-model.ts';

/**
 * Payment lines (card, cash, transfer, any mix) inside a form, under `name`: the payment part of every sale, and
 * the lines of a collection or a refund. Each line is named by its number ("금액 1"). With `owed`, each line has a
 * "잔액" button that adds what is still owed to it.
 */
export function PaymentLines({ name = 'payments', owed }: { name?: string; owed?: number }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <fieldset className="fd-desk-payments">
          <legend className="fd-desk-legend">{translate('sales.desk.payment.method')}</legend>
          {fields.map((field, index) => (
            <div key={field.key} className="fd-desk-payment">
              <Form.Item name={[field.name, 'method']} rules={[{ required: true }]} noStyle>
                <PlainSelect<string>
                  aria-label={`${translate('sales.desk.payment.method')} ${index + 1}`}
                  className="fd-desk-payment__method"
                  options={paymentMethods.map((m) => ({
                    value: m,
                    label: translate(`sales.history.methods.${m}`),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'amount']}
                className="fd-desk-payment__amount"
                // A blank or 0 line pays nothing (it is left out), so the rest simply stays unpaid.
                rules={[{ type: 'integer', min: 0, message: translate('validation.notNegative') }]}
              >
                <InputNumber<number>
                  aria-label={`${translate('sales.desk.payment.amount')} ${index + 1}`}
                  min={0}
                  step={10_000}
                  inputMode="numeric"
                  style={{ width: '100%' }}
                  formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
                  parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
                />
              </Form.Item>
              {owed !== undefined && (
                <Button
                  disabled={owed <= 0}
                  aria-label={translate('sales.desk.payment.restLabel', { n: index + 1, amount: won(owed) })}
                  onClick={() => {
                    // The line takes what is still owed, as if typed: the first line stops following the total.
                    const path = [name, field.name, 'amount'];
                    const amount = form.getFieldValue(path) as PaymentLine['amount'];
                    form.setFields([{ name: path, value: (amount ?? 0) + owed, touched: true }]);
                  }}
                >
                  {translate('sales.desk.payment.rest')}
                </Button>
              )}
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={translate('sales.desk.payment.removeLine', { n: index + 1 })}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined aria-hidden />}
            className="fd-desk-payments__add"
            onClick={() => add({ method: 'CARD' })}
          >
            {translate('sales.desk.payment.addLine')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
