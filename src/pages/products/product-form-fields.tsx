import { useTranslate } from '@refinedev/core';
import { Form, type FormInstance, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { vatModes } from '#domain/enums.ts';
import { splitVat } from '#domain/rules/money.ts';
import { STOCK_CHANGE_MAX, WON_MAX } from '#domain/rules/product.ts';
import type { ProductDetail } from '#domain/schemas/product.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { PlainSelect } from '#src/forms/plain-select.tsx';
import { formatWon } from '../customers/money.ts';
import { type useProductGroups, wonInput } from './product-api.ts';
import { NO_GROUP, type ProductValues } from './product-form.ts';

/**
 * The product form's fields: name, group, status, price (with its supply value and VAT), VAT mode, low-stock
 * threshold, the stock (read-only once the product exists, an opening stock with its note before) and the memo.
 */
export function ProductFormFields({
  form,
  groups,
  product: p,
}: {
  form: FormInstance<ProductValues>;
  groups: ReturnType<typeof useProductGroups>;
  product: ProductDetail | undefined;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const price = Form.useWatch('price', form);
  const vatMode = Form.useWatch('vatMode', form);
  const initialStock = Form.useWatch('initialStock', form);
  const split = typeof price === 'number' && price >= 0 ? splitVat(price, vatMode ?? 'INCLUDED') : null;
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <>
      <Form.Item
        name="name"
        label={translate('products.fields.name')}
        rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
      >
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
      <div className="fd-product-inline-fields">
        <Form.Item name="groupId" label={translate('products.fields.group')}>
          <PlainSelect<number>
            loading={groups.isLoading}
            options={[
              { value: NO_GROUP, label: translate('products.noGroup') },
              ...(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="status"
          label={translate('products.fields.status')}
          extra={translate('products.form.statusHelp')}
        >
          <RadioChoices
            optionType="button"
            options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
              value: s,
              label: translate(`products.status.${s}`),
            }))}
          />
        </Form.Item>
      </div>
      <div className="fd-product-inline-fields">
        <Form.Item
          name="price"
          label={translate('products.fields.price')}
          rules={[
            { required: true, message: translate('validation.required') },
            { type: 'integer', min: 0, max: WON_MAX, message: translate('validation.notNegative') },
          ]}
          extra={
            split && vatMode === 'INCLUDED'
              ? translate('products.form.vatSplit', { supply: won(split.supply), vat: won(split.vat) })
              : undefined
          }
        >
          <InputNumber<number> {...wonInput} max={WON_MAX} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="vatMode" label={translate('products.fields.vatMode')}>
          <RadioChoices
            options={vatModes.map((m) => ({ value: m, label: translate(`products.vat.${m}`) }))}
          />
        </Form.Item>
      </div>
      <div className="fd-product-inline-fields">
        <Form.Item
          name="lowStockAt"
          label={translate('products.fields.lowStockAt')}
          extra={translate('products.form.lowStockHelp')}
        >
          <InputNumber<number> min={0} max={STOCK_CHANGE_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {p ? (
          <Form.Item
            label={translate('products.fields.stock')}
            htmlFor="fd-product-stock"
            extra={translate('products.form.stockHelp')}
          >
            <Input id="fd-product-stock" value={p.stock.toLocaleString()} readOnly disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="initialStock"
            label={translate('products.fields.initialStock')}
            rules={[
              {
                type: 'integer',
                min: 0,
                max: STOCK_CHANGE_MAX,
                message: translate('validation.invalidValue'),
              },
            ]}
          >
            <InputNumber<number> min={0} max={STOCK_CHANGE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </div>
      {!p && (initialStock ?? 0) > 0 && (
        <Form.Item
          name="stockNote"
          label={translate('products.fields.stockNote')}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="memo" label={translate('products.fields.memo')}>
        <Input.TextArea maxLength={500} rows={3} showCount />
      </Form.Item>
    </>
  );
}
