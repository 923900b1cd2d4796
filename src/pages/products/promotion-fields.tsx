import { useTranslate } from '@refinedev/core';
import { DatePicker, Form, type FormInstance, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { promotionKinds } from '#domain/enums.ts';
import { promotionDiscount } from '#domain/rules/money.ts';
import { PROMOTION_PERCENT_MAX, WON_MAX } from '#domain/rules/product.ts';
import type { Promotion } from '#domain/schemas/product.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { formatWon } from '../customers/money.ts';
import { wonInput } from './product-api.ts';
import type { PromotionValues } from './promotion-form.ts';
import type { PromotionTargets } from './use-promotion-targets.ts';

/** The list price the form's example discount is shown on. */
const EXAMPLE_PRICE = 100_000;

/** The promotion's name, what it takes off (with an example on a list price) and the other terms. */
export function PromotionTermsFields({
  form,
  kind,
  value,
}: {
  form: FormInstance<PromotionValues>;
  kind: Promotion['kind'];
  value: number | undefined;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const example =
    typeof value === 'number' && value > 0
      ? translate('products.promotions.example', {
          price: won(EXAMPLE_PRICE),
          discount: won(promotionDiscount(EXAMPLE_PRICE, { kind, value })),
        })
      : undefined;
  return (
    <>
      <Form.Item
        name="name"
        label={translate('products.promotions.fields.name')}
        rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
      >
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
      <div className="fd-product-inline-fields">
        <Form.Item name="kind" label={translate('products.promotions.fields.kind')}>
          <RadioChoices
            optionType="button"
            options={promotionKinds.map((k) => ({
              value: k,
              label: translate(`products.promotions.kinds.${k}`),
            }))}
            onChange={() => void form.validateFields(['value']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={translate(
            kind === 'PERCENT' ? 'products.promotions.fields.percent' : 'products.promotions.fields.amount',
          )}
          extra={example}
          rules={[
            { required: true, message: translate('validation.required') },
            {
              type: 'integer',
              min: 1,
              max: kind === 'PERCENT' ? PROMOTION_PERCENT_MAX : WON_MAX,
              message:
                kind === 'PERCENT'
                  ? translate('products.promotions.percentRange')
                  : translate('validation.positiveAmount'),
            },
          ]}
        >
          {kind === 'PERCENT' ? (
            <InputNumber<number>
              min={1}
              max={PROMOTION_PERCENT_MAX}
              precision={0}
              suffix="%"
              style={{ width: '100%' }}
            />
          ) : (
            <InputNumber<number> {...wonInput} min={1} max={WON_MAX} inputMode="numeric" />
          )}
        </Form.Item>
      </div>
    </>
  );
}

/** The period, the per-customer limit and whether the promotion is on. */
export function PromotionPeriodFields() {
  const translate = useTranslate();
  return (
    <>
      <div className="fd-product-inline-fields">
        <Form.Item
          name="startDate"
          label={translate('products.promotions.fields.startDate')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={translate('products.promotions.fields.endDate')}
          dependencies={['startDate']}
          rules={[
            { required: true, message: translate('validation.required') },
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | undefined) => {
                const start = getFieldValue('startDate') as Dayjs | undefined;
                return end && start && end.isBefore(start, 'day')
                  ? Promise.reject(new Error(translate('validation.endBeforeStart')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </div>
      <div className="fd-product-inline-fields">
        <Form.Item
          name="perCustomerLimit"
          label={translate('products.promotions.fields.perCustomerLimit')}
          extra={translate('products.promotions.limitHelp')}
        >
          <InputNumber<number> min={1} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={translate('products.promotions.fields.status')}>
          <RadioChoices
            optionType="button"
            options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
              value: s,
              label: translate(`products.promotions.statuses.${s}`),
            }))}
          />
        </Form.Item>
      </div>
    </>
  );
}

/** The pass products and desk products the promotion applies to: at least one of either. */
export function PromotionTargetFields({ targets }: { targets: PromotionTargets }) {
  const translate = useTranslate();
  const { passes, products, passOptions, productOptions } = targets;
  const atLeastOneTarget = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () =>
      ((getFieldValue('passIds') as number[] | undefined)?.length ?? 0) +
        ((getFieldValue('productIds') as number[] | undefined)?.length ?? 0) >
      0
        ? Promise.resolve()
        : Promise.reject(new Error(translate('products.promotions.targetsRequired'))),
  });
  return (
    <>
      <Form.Item
        name="passIds"
        label={translate('products.promotions.fields.passes')}
        dependencies={['productIds']}
        rules={[atLeastOneTarget]}
      >
        <Select<number[]>
          mode="multiple"
          allowClear
          loading={passes.isLoading}
          options={passOptions}
          optionFilterProp="label"
          placeholder={translate('products.promotions.pickPasses')}
        />
      </Form.Item>
      <Form.Item name="productIds" label={translate('products.promotions.fields.products')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          loading={products.isLoading}
          options={productOptions}
          optionFilterProp="label"
          placeholder={translate('products.promotions.pickProducts')}
        />
      </Form.Item>
    </>
  );
}
