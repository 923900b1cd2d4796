import { DeleteOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, DatePicker, InputNumber, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import type { QuotedLine } from '#domain/rules/desk.ts';
import type { DeskCatalog } from '#domain/schemas/desk.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { lineName } from './desk-cart.tsx';
import { applicablePromotions, type CartLine, type Usage } from './desk-model.ts';

// A line of the desk's cart (docs/rules.md#the-desk): its own fields by type, its promotion (only the applicable
// ones, with the uses left), its manual discount and its price.

const DATE = 'YYYY-MM-DD';

type LineOf<T extends CartLine['type']> = Extract<CartLine, { type: T }>;
type LineFieldProps<T extends CartLine['type']> = {
  line: LineOf<T>;
  disabled: boolean;
  onChange: (line: CartLine) => void;
};

/** A whole-won amount: thousands separators, digits only. */
function Won(props: { id: string; value: number; onChange: (n: number) => void; disabled?: boolean }) {
  return (
    <InputNumber<number>
      id={props.id}
      className="fd-desk-won"
      min={0}
      step={1_000}
      inputMode="numeric"
      disabled={props.disabled}
      value={props.value}
      onChange={(v) => props.onChange(typeof v === 'number' ? Math.max(0, Math.trunc(v)) : 0)}
      formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
      parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
    />
  );
}

/** A labelled field of a cart line. */
function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="fd-desk-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** A pass's start date. */
function PassLineFields({ line, disabled, onChange }: LineFieldProps<'PASS'>) {
  const translate = useTranslate();
  return (
    <Field label={translate('sales.desk.items.startDate')}>
      {(id) => (
        <DatePicker
          id={id}
          format={DATE}
          allowClear={false}
          disabled={disabled}
          value={dayjs(line.startDate)}
          onChange={(d) => d && onChange({ ...line, startDate: d.format(DATE) })}
        />
      )}
    </Field>
  );
}

/** A product's quantity, up to the stock the other lines leave. */
function ProductLineFields({
  line,
  disabled,
  onChange,
  stock,
  otherUnits,
}: LineFieldProps<'PRODUCT'> & { stock: number; otherUnits: number }) {
  const translate = useTranslate();
  return (
    <Field label={translate('sales.desk.items.quantity')}>
      {(id) => (
        <InputNumber<number>
          id={id}
          min={1}
          max={Math.max(1, stock - otherUnits)}
          inputMode="numeric"
          disabled={disabled}
          value={line.quantity}
          onChange={(v) => onChange({ ...line, quantity: Math.max(1, Math.trunc(v ?? 1)) })}
        />
      )}
    </Field>
  );
}

/** A locker rental's period, fee and deposit. */
function LockerLineFields({ line, disabled, onChange }: LineFieldProps<'LOCKER'>) {
  const translate = useTranslate();
  return (
    <>
      <Field label={translate('sales.desk.items.startDate')}>
        {(id) => (
          <DatePicker
            id={id}
            format={DATE}
            allowClear={false}
            disabled={disabled}
            value={dayjs(line.startDate)}
            onChange={(d) => d && onChange({ ...line, startDate: d.format(DATE) })}
          />
        )}
      </Field>
      <Field label={translate('sales.desk.items.endDate')}>
        {(id) => (
          <DatePicker
            id={id}
            format={DATE}
            allowClear={false}
            disabled={disabled}
            value={dayjs(line.endDate)}
            disabledDate={(d) => d.format(DATE) < line.startDate}
            onChange={(d) => d && onChange({ ...line, endDate: d.format(DATE) })}
          />
        )}
      </Field>
      <Field label={translate('sales.desk.items.fee')}>
        {(id) => (
          <Won id={id} value={line.fee} disabled={disabled} onChange={(fee) => onChange({ ...line, fee })} />
        )}
      </Field>
      <Field label={translate('sales.desk.items.deposit')}>
        {(id) => (
          <Won
            id={id}
            value={line.deposit}
            disabled={disabled}
            onChange={(deposit) => onChange({ ...line, deposit })}
          />
        )}
      </Field>
    </>
  );
}

/** A pass's or a product's promotion and manual discount. */
function DiscountLineFields({
  line,
  disabled,
  onChange,
  promos,
  won,
}: LineFieldProps<'PASS' | 'PRODUCT'> & {
  promos: ReturnType<typeof applicablePromotions>;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  return (
    <>
      <Field label={translate('sales.desk.items.promotion')}>
        {(id) => (
          <PlainSelect<number>
            id={id}
            className="fd-desk-promo"
            disabled={disabled || promos.length === 0}
            value={line.promotionId ?? 0}
            onChange={(v) => onChange({ ...line, promotionId: v === 0 ? null : v })}
            options={[
              {
                value: 0,
                label: translate(
                  promos.length ? 'sales.desk.items.noPromotion' : 'sales.desk.items.promotionNone',
                ),
              },
              ...promos.map(({ promotion, left }) => ({
                value: promotion.id,
                label: `${promotion.name} (${promotion.kind === 'PERCENT' ? `${promotion.value}%` : won(promotion.value)})${
                  left === null
                    ? ''
                    : ` · ${translate('sales.desk.items.promotionLeft', { count: Math.max(0, left) })}`
                }`,
              })),
            ]}
          />
        )}
      </Field>
      <Field label={translate('sales.desk.items.manualDiscount')}>
        {(id) => (
          <Won
            id={id}
            value={line.manualDiscount}
            disabled={disabled}
            onChange={(manualDiscount) => onChange({ ...line, manualDiscount })}
          />
        )}
      </Field>
    </>
  );
}

/** The line's list price and discount (when there is one), its price, and why the server would refuse it. */
function LineMoney({ quote, won }: { quote: QuotedLine | undefined; won: (n: number) => string }) {
  const translate = useTranslate();
  return (
    <>
      {quote && (
        <dl className="fd-desk-line__money">
          {quote.promotionDiscount + quote.manualDiscount > 0 && (
            <>
              <dt>{translate('sales.desk.items.listPrice')}</dt>
              <dd>{won(quote.listPrice)}</dd>
              <dt>{translate('sales.desk.items.discount')}</dt>
              <dd>−{won(quote.promotionDiscount + quote.manualDiscount)}</dd>
            </>
          )}
          <dt>{translate('sales.desk.items.price')}</dt>
          <dd className="fd-desk-line__price">{won(quote.price)}</dd>
        </dl>
      )}
      {quote?.refusal && (
        <Typography.Text type="danger" role="alert">
          {translate(`sales.desk.items.refusals.${quote.refusal}`)}
        </Typography.Text>
      )}
    </>
  );
}

export function DeskCartLine({
  catalog,
  cart,
  line,
  quote,
  usage,
  onChange,
  onRemove,
  disabled,
  won,
}: {
  catalog: DeskCatalog;
  cart: readonly CartLine[];
  line: CartLine;
  quote: QuotedLine | undefined;
  usage: Usage;
  onChange: (line: CartLine) => void;
  onRemove: () => void;
  disabled: boolean;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const name = lineName(catalog, line, translate);
  const promos = applicablePromotions(catalog, cart, line, usage);
  const stock =
    line.type === 'PRODUCT' ? (catalog.products.find((p) => p.id === line.productId)?.stock ?? 0) : 0;
  const otherUnits =
    line.type === 'PRODUCT'
      ? cart.reduce(
          (n, l) =>
            n +
            (l.key !== line.key && l.type === 'PRODUCT' && l.productId === line.productId ? l.quantity : 0),
          0,
        )
      : 0;
  return (
    <li className="fd-desk-line">
      <div className="fd-desk-line__head">
        <Tag>{translate(`sales.desk.items.types.${line.type}`)}</Tag>
        <Typography.Text strong className="fd-desk-line__name">
          {name}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={translate('sales.desk.items.remove', { name })}
          onClick={onRemove}
          disabled={disabled}
        />
      </div>
      <div className="fd-desk-line__fields">
        {line.type === 'PASS' && <PassLineFields line={line} disabled={disabled} onChange={onChange} />}
        {line.type === 'PRODUCT' && (
          <ProductLineFields
            line={line}
            disabled={disabled}
            onChange={onChange}
            stock={stock}
            otherUnits={otherUnits}
          />
        )}
        {line.type === 'LOCKER' && <LockerLineFields line={line} disabled={disabled} onChange={onChange} />}
        {line.type !== 'LOCKER' && (
          <DiscountLineFields line={line} disabled={disabled} onChange={onChange} promos={promos} won={won} />
        )}
      </div>
      <LineMoney quote={quote} won={won} />
    </li>
  );
}
