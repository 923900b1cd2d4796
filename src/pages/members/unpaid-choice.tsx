import { useTranslate } from '@refinedev/core';
import { Checkbox, Form, type FormInstance } from 'antd';
import { useEffect } from 'react';

// docs/rules.md#leave-unpaid: a sale leaves a balance only by choice, for the amount shown. The choice remembers
// the balance it was made for, so changing a payment after ticking it clears it and asks again. The server
// refuses the same sale without `leaveUnpaid` (400 `unpaidNotChosen`).

/**
 * Every sale screen starts with the whole amount in its first payment line: until someone types in that line's
 * amount, it follows the total (a product picked, a price or a fee changed).
 */
export const useWholeAmountFirst = (
  form: FormInstance,
  total: number,
  { name = 'payments', enabled = true }: { name?: string; enabled?: boolean } = {},
): void => {
  useEffect(() => {
    if (!enabled || form.isFieldTouched([name, 0, 'amount'])) return;
    const lines = (form.getFieldValue(name) as { method?: string; amount?: number }[] | undefined) ?? [];
    const first = lines[0] ?? { method: 'CARD' };
    if (first.amount === total) return;
    form.setFieldValue(name, [
      { ...first, method: first.method ?? 'CARD', amount: total },
      ...lines.slice(1),
    ]);
  }, [form, total, name, enabled]);
};

/** The `leaveUnpaid` of a request: the balance, when the form chose exactly this one. */
export const leaveUnpaidOf = (owed: number, chosen: unknown): { leaveUnpaid?: number } =>
  owed > 0 && chosen === owed ? { leaveUnpaid: owed } : {};

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
      style={{ marginTop: 12, marginBottom: 0 }}
    >
      <Checkbox>{translate('passes.sell.leaveUnpaid', { amount: won(owed) })}</Checkbox>
    </Form.Item>
  );
}

/** The same choice outside a form (the desk keeps its own state). */
export function UnpaidCheckbox({
  owed,
  chosen,
  onChange,
  won,
  disabled,
}: {
  owed: number;
  chosen: number | null;
  onChange: (chosen: number | null) => void;
  won: (n: number) => string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  if (owed <= 0) return null;
  return (
    <Checkbox
      checked={chosen === owed}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked ? owed : null)}
    >
      {translate('passes.sell.leaveUnpaid', { amount: won(owed) })}
    </Checkbox>
  );
}
