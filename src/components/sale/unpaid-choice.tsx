import { useTranslate } from '@refinedev/core';
import { Checkbox, Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { PaymentLine } from './sale-model.ts';

// docs/rules.md#leave-unpaid: a sale leaves a balance only by choice, for the amount shown. The choice remembers
// the balance it was made for, so changing a payment after ticking it clears it and asks again. The server
// refuses the same sale without `leaveUnpaid` (400 `unpaidNotChosen`).

/**
 * Every sale screen starts with the whole amount in its first payment line: until someone types in that line's
 * amount, it follows the total (a product picked, a price, a fee or a cart changed). A total of 0 leaves it blank.
 */
export const useWholeAmountFirst = (
  form: FormInstance,
  total: number,
  { name = 'payments', enabled = true }: { name?: string; enabled?: boolean } = {},
): void => {
  const lines = Form.useWatch(name, form) as (PaymentLine | undefined)[] | undefined;
  // The lines are watched too: once they are reset (another product picked), the first one follows again.
  useEffect(() => {
    // No line at all is a choice too (someone removed them all): nothing is added back.
    if (!enabled || !lines?.length || form.isFieldTouched([name, 0, 'amount'])) return;
    const first = lines[0] ?? { method: 'CARD' };
    const amount = total > 0 ? total : undefined;
    if ((first.amount ?? undefined) === amount) return;
    form.setFieldValue(name, [{ ...first, method: first.method ?? 'CARD', amount }, ...lines.slice(1)]);
  }, [form, total, name, enabled, lines]);
};

/**
 * "N원 미수로 남기기", inside a form under `name`, shown while the payments fall short of the total. The form
 * does not submit until it is ticked for the balance shown.
 */
export function UnpaidChoice({
  owed,
  won,
  name = 'leaveUnpaid',
}: {
  owed: number;
  won: (n: number) => string;
  name?: string;
}) {
  const translate = useTranslate();
  if (owed <= 0) return null;
  return (
    <Form.Item
      name={name}
      extra={translate('sales.desk.payment.owedHelp')}
      valuePropName="checked"
      getValueProps={(value: unknown) => ({ checked: value === owed })}
      getValueFromEvent={(e: { target: { checked: boolean } }) => (e.target.checked ? owed : undefined)}
      rules={[
        {
          validator: (_, value: unknown) =>
            value === owed
              ? Promise.resolve()
              : Promise.reject(new Error(translate('passes.sell.unpaidNotChosen', { amount: won(owed) }))),
        },
      ]}
      className="fd-sale-unpaid"
    >
      <Checkbox>{translate('passes.sell.leaveUnpaid', { amount: won(owed) })}</Checkbox>
    </Form.Item>
  );
}
