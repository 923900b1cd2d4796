import { useTranslate } from '@refinedev/core';
import { Form, type FormInstance, Select } from 'antd';
import type { ReactNode } from 'react';
import type { DeskPromotion, PassPromotions } from '#domain/schemas/desk.ts';
import { type PassPromotionOption, passPromotionOptions, promotedPassPrice } from './pass-promotions.ts';

// docs/rules.md#promotions: the promotion field of the customer page's and the tablet's pass sale.

/**
 * The promotion of a pass sale, under `promotionId` in the sale's form: "no promotion" first, then those that
 * apply, with their terms and the uses left. Choosing one sets the price to the promoted one (`onPicked`).
 */
export function PassPromotionField({
  options,
  won,
  discount,
  listPrice,
  onPicked,
}: {
  options: readonly PassPromotionOption[];
  won: (n: number) => string;
  discount: number;
  listPrice: number;
  onPicked: (promotion: DeskPromotion | undefined) => void;
}) {
  const translate = useTranslate();
  return (
    <Form.Item
      name="promotionId"
      label={translate('sales.desk.items.promotion')}
      extra={
        discount > 0
          ? translate('passes.sell.promotionApplied', { list: won(listPrice), discount: won(discount) })
          : undefined
      }
    >
      <Select<number>
        className="fd-sell-promo"
        allowClear
        disabled={options.length === 0}
        placeholder={translate(
          options.length ? 'sales.desk.items.noPromotion' : 'sales.desk.items.promotionNone',
        )}
        onChange={(id) => onPicked(options.find((o) => o.promotion.id === id)?.promotion)}
        options={options.map(({ promotion, left }) => ({
          value: promotion.id,
          label: `${promotion.name} (${promotion.kind === 'PERCENT' ? `${promotion.value}%` : won(promotion.value)})${
            left === null
              ? ''
              : ` · ${translate('sales.desk.items.promotionLeft', { count: Math.max(0, left) })}`
          }`,
        }))}
      />
    </Form.Item>
  );
}

/**
 * The promotion of a pass sale form (the customer page's drawer and the tablet's): the promotion chosen under
 * `promotionId`, the price it gives (`base`: what the sale costs with no other change), and the field, which sets
 * the form's price when a promotion is picked (the first payment line then follows the price).
 */
export function usePassPromotion(
  form: FormInstance,
  data: PassPromotions | undefined,
  product: { id: number; salePrice: number } | undefined,
  won: (n: number) => string,
): { promotion: DeskPromotion | undefined; base: number; field: ReactNode } {
  const promotionId = Form.useWatch('promotionId', form);
  const options = passPromotionOptions(data, product?.id);
  const promotion = options.find((o) => o.promotion.id === promotionId)?.promotion;
  const promoted = promotedPassPrice(data, product, promotion);
  const field = product ? (
    <PassPromotionField
      options={options}
      won={won}
      discount={promoted.discount}
      listPrice={product.salePrice}
      onPicked={(picked) => form.setFieldsValue({ price: promotedPassPrice(data, product, picked).price })}
    />
  ) : null;
  return { promotion, base: promoted.price, field };
}
