import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { productListRoute } from '#domain/api/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Product, ProductListQueryInput } from '#domain/schemas/product.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { collectPages } from '../reservations/reservation-csv.ts';
import { errorText, productKeys, useProductAccess, useProductGroups } from './product-api.ts';
import { productCsv } from './product-model.ts';
import '../customers/members.css';
import './products.css';
import { ToneTag } from './tone-tag.tsx';

const PAGE_SIZE = 20;

type Filters = { q?: string; groupId?: number; status?: Product['status']; lowStock: boolean };

const queryOf = (f: Filters): Omit<ProductListQueryInput, '_start' | '_end'> => ({
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

/**
 * `/product/manage`: the desk products (docs/rules.md#products): name, group, price, VAT, stock with its
 * low-stock tag and status, filtered by name, group, status and low stock; a row opens the product's read view.
 */
export function ProductListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { gymId, canChange } = useProductAccess();
  const groups = useProductGroups(gymId);
  const [filters, setFilters] = useState<Filters>({ lowStock: false });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = queryOf(filters);
  const list = useQuery({
    queryKey: productKeys.list(gymId, query, page),
    queryFn: () =>
      api.list(productListRoute, {
        params: { gymId },
        query: { ...query, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const won = (n: number) => formatWon(n, i18n.language);
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows } = await collectPages((start, end) =>
        api.list(productListRoute, { params: { gymId }, query: { ...query, _start: start, _end: end } }),
      );
      saveBlob(
        new Blob([productCsv(rows, translate)], { type: 'text/csv;charset=utf-8' }),
        `${translate('products.csv.fileName')}-${seoulToday(new Date())}.csv`,
      );
      message.success(translate('products.csv.exported', { count: rows.length }));
    } catch {
      message.error(translate('products.csv.failed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Product> = [
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

  const groupOptions = [
    { value: -1, label: translate('products.filters.allGroups') },
    { value: 0, label: translate('products.noGroup') },
    ...(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name })),
  ];
  const filtered = Boolean(filters.q || filters.groupId !== undefined || filters.status || filters.lowStock);

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('products.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/product/group">{translate('products.groups.title')}</Link>
          <Link to="/product/promotion">{translate('products.promotions.title')}</Link>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting}
            disabled={!list.data?.total}
            onClick={() => void exportCsv()}
          >
            {translate('products.csv.export')}
          </Button>
          {canChange && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate('/product/manage/add')}
            >
              {translate('products.add')}
            </Button>
          )}
        </Space>
      </div>
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
            if (!e.target.value) filter({ q: undefined });
          }}
          onSearch={(value) => filter({ q: value.trim() || undefined })}
        />
        <Select<number>
          aria-label={translate('products.filters.group')}
          className="fd-product-filter"
          value={filters.groupId ?? -1}
          options={groupOptions}
          onChange={(value) => filter({ groupId: value === -1 ? undefined : value })}
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
          onChange={(value) => filter({ status: value === 'ALL' ? undefined : (value as Product['status']) })}
        />
        <Checkbox checked={filters.lowStock} onChange={(e) => filter({ lowStock: e.target.checked })}>
          {translate('products.filters.lowStock')}
        </Checkbox>
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('products.loadFailed')}
          description={errorText(list.error, translate)}
          action={<Button onClick={() => void list.refetch()}>{translate('products.retry')}</Button>}
        />
      )}
      <Table<Product>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName="fd-clickable-row"
        onRow={(p) => ({ onClick: () => navigate(`/product/manage/info?id=${p.id}`) })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{
          emptyText: (
            <EmptyText>{translate(filtered ? 'products.emptyFiltered' : 'products.empty')}</EmptyText>
          ),
        }}
      />
    </div>
  );
}
