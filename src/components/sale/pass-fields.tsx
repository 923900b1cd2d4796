import { useTranslate } from '@refinedev/core';
import { Alert, Checkbox, DatePicker, Form, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type PeriodUnit, passEndDate } from '#domain/rules/passes.ts';
import { formatWon } from '#src/components/money.ts';
import { PlainSelect } from '#src/forms/plain-select.tsx';

// The item of a pass sale in the sale drawer (docs/rules.md#passes, #renewals): the product on sale, the start and
// the end it gives, and, when the start overlaps a pass of the same kind, the warning and the choice to sell anyway
// (`allowOverlap`). The customer's page and the consulting tablet sell through it.

export type PassProduct = {
  id: number;
  name: string;
  salePrice: number;
  periodAmount?: number | null;
  periodUnit?: string | null;
};

/** The product chosen under `ticketId`, the start under `startDate`, and the end they give (none: no period). */
export const useChosenPass = <P extends PassProduct>(form: FormInstance, products: readonly P[]) => {
  const ticketId = Form.useWatch('ticketId', form) as number | undefined;
  const startDate = Form.useWatch('startDate', form) as Dayjs | undefined;
  const product = products.find((p) => p.id === ticketId);
  const start = startDate?.format('YYYY-MM-DD') ?? null;
  const end =
    product?.periodAmount && product.periodUnit && start
      ? passEndDate(start, product.periodAmount, product.periodUnit as PeriodUnit)
      : null;
  return { product, start, end };
};

/** The summary row of the pass sold: its name and dates, at its list price. */
export const passSummary = (
  product: PassProduct | undefined,
  start: string | null,
  end: string | null,
): { label: string; amount: number }[] =>
  product
    ? [
        {
          label: `${product.name}${start ? ` · ${start}${end ? ` ~ ${end}` : ''}` : ''}`,
          amount: product.salePrice,
        },
      ]
    : [];

export function PassFields<P extends PassProduct>({
  products,
  loading,
  end,
  overlap,
  onPick,
  onStartChange,
}: {
  products: readonly P[];
  loading?: boolean;
  end: string | null;
  /** The overlap warning's text, while the start overlaps a pass of the same kind. */
  overlap: string | null;
  onPick?: (product: P | undefined) => void;
  onStartChange?: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <>
      <Form.Item
        name="ticketId"
        label={translate('passes.sell.product')}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <PlainSelect<number>
          showSearch
          optionFilterProp="label"
          loading={loading}
          onChange={(id) => onPick?.(products.find((p) => p.id === id))}
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
        <DatePicker style={{ width: '100%' }} allowClear={false} onChange={() => onStartChange?.()} />
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
    </>
  );
}
