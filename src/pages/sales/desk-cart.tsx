import { DeleteOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, DatePicker, Input, InputNumber, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import type { QuotedLine } from '#domain/rules/desk.ts';
import { addDays } from '#domain/rules/seoul-time.ts';
import type { DeskCatalog } from '#domain/schemas/desk.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { applicablePromotions, type CartLine, nextKey, type Usage } from './desk-model.ts';

// The desk's items (docs/rules.md#the-desk): adding passes, products and locker rentals, and each line with its
// promotion (only the applicable ones, with the uses left), its manual discount and its price.

const DATE = 'YYYY-MM-DD';

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

export function DeskAddBar({
  catalog,
  cart,
  onAdd,
  disabled,
  won,
}: {
  catalog: DeskCatalog;
  cart: readonly CartLine[];
  onAdd: (line: CartLine) => void;
  disabled: boolean;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const today = catalog.today;
  const inCart = (productId: number) =>
    cart.reduce((n, l) => n + (l.type === 'PRODUCT' && l.productId === productId ? l.quantity : 0), 0);
  const groups = [
    ...catalog.groups.map((g) => ({ id: g.id as number | null, name: g.name })),
    { id: null, name: '—' },
  ];
  const productOptions = groups
    .map((g) => ({
      label: g.name,
      title: g.name,
      options: catalog.products
        .filter((p) => p.groupId === g.id)
        .map((p) => {
          const left = p.stock - inCart(p.id);
          return {
            value: p.id,
            disabled: left <= 0,
            label: `${p.name} · ${won(p.price)} · ${
              left <= 0
                ? translate('sales.desk.items.outOfStock')
                : translate('sales.desk.items.stock', { count: left })
            }`,
          };
        }),
    }))
    .filter((g) => g.options.length > 0);
  const takenLockers = new Set(cart.flatMap((l) => (l.type === 'LOCKER' ? [l.lockerId] : [])));
  // The pickers are actions, not fields: each addition remounts them empty.
  const [round, setRound] = useState(0);
  const add = (line: CartLine) => {
    onAdd(line);
    setRound((n) => n + 1);
  };
  return (
    <div className="fd-desk-add">
      <PlainSelect<number>
        aria-label={translate('sales.desk.items.addPass')}
        placeholder={translate('sales.desk.items.addPass')}
        showSearch
        optionFilterProp="label"
        key={`pass-${round}`}
        disabled={disabled}
        notFoundContent={translate('sales.desk.items.noPasses')}
        options={catalog.passes.map((p) => ({ value: p.id, label: `${p.name} · ${won(p.salePrice)}` }))}
        onChange={(ticketId) =>
          add({
            key: nextKey(),
            type: 'PASS',
            ticketId,
            startDate: today,
            promotionId: null,
            manualDiscount: 0,
          })
        }
      />
      <PlainSelect<number>
        aria-label={translate('sales.desk.items.addProduct')}
        placeholder={translate('sales.desk.items.addProduct')}
        showSearch
        optionFilterProp="label"
        key={`product-${round}`}
        disabled={disabled}
        notFoundContent={translate('sales.desk.items.noProducts')}
        options={productOptions}
        onChange={(productId) =>
          add({
            key: nextKey(),
            type: 'PRODUCT',
            productId,
            quantity: 1,
            promotionId: null,
            manualDiscount: 0,
          })
        }
      />
      {catalog.lockerAddOn && (
        <PlainSelect<number>
          aria-label={translate('sales.desk.items.addLocker')}
          placeholder={translate('sales.desk.items.addLocker')}
          showSearch
          optionFilterProp="label"
          key={`locker-${round}`}
          disabled={disabled}
          notFoundContent={translate('sales.desk.items.noLockers')}
          options={catalog.lockers
            .filter((l) => !takenLockers.has(l.id))
            .map((l) => ({ value: l.id, label: `${l.label} · ${l.roomName} ${l.bankName}` }))}
          onChange={(lockerId) =>
            add({
              key: nextKey(),
              type: 'LOCKER',
              lockerId,
              startDate: today,
              endDate: addDays(dayjs(today).add(1, 'month').format(DATE), -1),
              fee: 0,
              deposit: 0,
            })
          }
        />
      )}
    </div>
  );
}

/** The name a cart line shows. */
export const lineName = (
  catalog: DeskCatalog,
  line: CartLine,
  translate: (k: string, o?: object) => string,
) => {
  if (line.type === 'PASS')
    return catalog.passes.find((p) => p.id === line.ticketId)?.name ?? `#${line.ticketId}`;
  if (line.type === 'PRODUCT')
    return catalog.products.find((p) => p.id === line.productId)?.name ?? `#${line.productId}`;
  const label = catalog.lockers.find((l) => l.id === line.lockerId)?.label ?? `#${line.lockerId}`;
  return translate('sales.desk.items.lockerName', { label });
};

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
        {line.type === 'PASS' && (
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
        )}
        {line.type === 'PRODUCT' && (
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
        )}
        {line.type === 'LOCKER' && (
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
                <Won
                  id={id}
                  value={line.fee}
                  disabled={disabled}
                  onChange={(fee) => onChange({ ...line, fee })}
                />
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
        )}
        {line.type !== 'LOCKER' && (
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
        )}
      </div>
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
    </li>
  );
}

/** The reason a manual discount needs (one for the checkout). */
export function DiscountReason({
  value,
  onChange,
  showError,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  showError: boolean;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  const error = showError && !value.trim();
  return (
    <div className="fd-desk-field fd-desk-reason">
      <label htmlFor={id}>
        {translate('sales.desk.items.reason')} <span aria-hidden="true">*</span>
      </label>
      <Input
        id={id}
        maxLength={200}
        value={value}
        disabled={disabled}
        required
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <Typography.Text type="danger" id={`${id}-error`}>
          {translate('sales.desk.items.reasonRequired')}
        </Typography.Text>
      )}
    </div>
  );
}
