import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { productListRoute } from '#domain/api/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Product, ProductListQueryInput } from '#domain/schemas/product.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { collectPages } from '../reservations/reservation-csv.ts';
import { productKeys, useProductAccess, useProductGroups } from './product-api.ts';
import {
  type ProductFilters,
  ProductToolbar,
  productColumns,
  productQueryOf,
} from './product-list-parts.tsx';
import { productCsv } from './product-model.ts';
import '../customers/members.css';
import './products.css';

const PAGE_SIZE = 20;

/** Every product the filters find, as a CSV download. */
const useProductExport = (gymId: number, query: Omit<ProductListQueryInput, '_start' | '_end'>) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
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
  return { exporting, exportCsv };
};

/**
 * `/product/manage`: the desk products (docs/rules.md#products): name, group, price, VAT, stock with its
 * low-stock tag and status, filtered by name, group, status and low stock; a row opens the product's read view.
 */
export function ProductListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { gymId, canChange } = useProductAccess();
  const groups = useProductGroups(gymId);
  const [filters, setFilters] = useState<ProductFilters>({ lowStock: false });
  const [page, setPage] = useState(1);
  const query = productQueryOf(filters);
  const list = useContractList(
    productListRoute,
    { params: { gymId }, query: { ...query, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE } },
    {
      queryKey: productKeys.list(gymId, query, page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const { exporting, exportCsv } = useProductExport(gymId, query);
  const won = (n: number) => formatWon(n, i18n.language);
  const filter = (patch: Partial<ProductFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
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
      <ProductToolbar filters={filters} groups={groups} onFilter={filter} />
      <QueryTable<Product>
        query={list}
        translate={translate}
        loadFailedKey="products.loadFailed"
        retryKey="products.retry"
        columns={productColumns(translate, won)}
        rowClassName="fd-clickable-row"
        onRow={(p) => ({ onClick: () => navigate(`/product/manage/info?id=${p.id}`) })}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate(filtered ? 'products.emptyFiltered' : 'products.empty')}
      />
    </div>
  );
}
