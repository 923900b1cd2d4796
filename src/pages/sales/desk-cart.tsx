import { useTranslate } from '@refinedev/core';
import { Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { addDays } from '#domain/rules/seoul-time.ts';
import type { DeskCatalog } from '#domain/schemas/desk.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { type CartLine, nextKey } from './desk-model.ts';

// The desk's items (docs/rules.md#the-desk): adding passes, products and locker rentals, the lines' names and the
// manual discount's reason. Each line itself is in desk-cart-line.tsx.

const DATE = 'YYYY-MM-DD';

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
