import { useTranslate } from '@refinedev/core';
import { Checkbox, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product, ProductListQueryInput } from '#domain/schemas/product.ts';
import type { Translate } from '#src/kit/translate.ts';
import type { useProductGroups } from './product-api.ts';
import { ToneTag } from './tone-tag.tsx';

export type ProductFilters = { q?: string; groupId?: number; status?: Product['status']; lowStock: boolean };

export const productQueryOf = (f: ProductFilters): Omit<ProductListQueryInput, '_start' | '_end'> => ({
  ...(f.q ? { q: f.q } : {}),
  ...(f.groupId !== undefined ? { groupId: f.groupId } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.lowStock ? { lowStock: 'true' as const } : {}),
});

/** The stock with its low-stock tag. */
export function StockCell({ product }: { product: Pick<Product, 'stock' | 'lowStock'> }) {
  const translate = useTranslate();
  return (
    <Space size={4} className="fd-nowrap">
      <span>{product.stock.toLocaleString()}</span>
      {product.lowStock && <ToneTag tone="bad">{translate('products.lowStock')}</ToneTag>}
    </Space>
  );
}

export function StatusTag({ status }: { status: Product['status'] }) {
  const translate = useTranslate();
  return (
    <ToneTag tone={status === 'ACTIVE' ? 'good' : 'neutral'}>
      {translate(`products.status.${status}`)}
    </ToneTag>
  );
}

/** The product list's columns: the name links to the read view. */
export const productColumns = (translate: Translate, won: (n: number) => string): ColumnsType<Product> => [
  {
    key: 'name',
    title: translate('products.fields.name'),
    render: (_, p) => (
      <Link to={`/product/manage/info?id=${p.id}`} onClick={(e) => e.stopPropagation()}>
        {p.name}
      </Link>
    ),
  },
  {
    key: 'group',
    title: translate('products.fields.group'),
    className: 'fd-nowrap',
    render: (_, p) =>
      p.groupName ?? <Typography.Text type="secondary">{translate('products.noGroup')}</Typography.Text>,
  },
  {
    key: 'price',
    title: translate('products.fields.price'),
    align: 'right',
    className: 'fd-nowrap',
    render: (_, p) => won(p.price),
  },
  {
    key: 'vat',
    title: translate('products.fields.vatMode'),
    className: 'fd-nowrap',
    render: (_, p) => translate(`products.vat.${p.vatMode}`),
  },
  {
    key: 'stock',
    title: translate('products.fields.stock'),
    align: 'right',
    render: (_, p) => <StockCell product={p} />,
  },
  {
    key: 'status',
    title: translate('products.fields.status'),
    render: (_, p) => <StatusTag status={p.status} />,
  },
];

/** The list's filters: a name search, the group, the status and low stock only. */
export function ProductToolbar({
  filters,
  groups,
  onFilter,
}: {
  filters: ProductFilters;
  groups: ReturnType<typeof useProductGroups>;
  onFilter: (patch: Partial<ProductFilters>) => void;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const groupOptions = [
    { value: -1, label: translate('products.filters.allGroups') },
    { value: 0, label: translate('products.noGroup') },
    ...(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name })),
  ];
  return (
    <div className="fd-members-toolbar">
      <Input.Search
        className="fd-members-search"
        aria-label={translate('products.filters.search')}
        placeholder={translate('products.filters.search')}
        allowClear
        value={typed}
        maxLength={60}
        onChange={(e) => {
          setTyped(e.target.value);
          if (!e.target.value) onFilter({ q: undefined });
        }}
        onSearch={(value) => onFilter({ q: value.trim() || undefined })}
      />
      <Select<number>
        aria-label={translate('products.filters.group')}
        className="fd-product-filter"
        value={filters.groupId ?? -1}
        options={groupOptions}
        onChange={(value) => onFilter({ groupId: value === -1 ? undefined : value })}
      />
      <Select<string>
        aria-label={translate('products.filters.status')}
        className="fd-product-filter"
        value={filters.status ?? 'ALL'}
        options={[
          { value: 'ALL', label: translate('products.filters.allStatuses') },
          { value: 'ACTIVE', label: translate('products.status.ACTIVE') },
          { value: 'INACTIVE', label: translate('products.status.INACTIVE') },
        ]}
        onChange={(value) => onFilter({ status: value === 'ALL' ? undefined : (value as Product['status']) })}
      />
      <Checkbox checked={filters.lowStock} onChange={(e) => onFilter({ lowStock: e.target.checked })}>
        {translate('products.filters.lowStock')}
      </Checkbox>
    </div>
  );
}
