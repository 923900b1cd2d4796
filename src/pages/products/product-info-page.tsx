import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { splitVat } from '#domain/rules/money.ts';
import type { ProductDetail } from '#domain/schemas/product.ts';
import { errorText } from '#src/kit/error-text.ts';
import { LoadFailedAlert } from '#src/kit/query-table.tsx';
import { formatWon } from '../customers/money.ts';
import { isRefusal, useProductAccess, useRefreshProducts } from './product-api.ts';
import { StatusTag, StockCell } from './product-list-parts.tsx';
import { seoulDateTime } from './product-model.ts';
import { ProductMovements } from './product-movements.tsx';
import { StockAdjustModal } from './product-stock-modal.tsx';
import { ToneTag } from './tone-tag.tsx';
import { type ProductInfo, useProductInfo } from './use-product-info.ts';
import '../customers/members.css';
import './products.css';

/** The product's name and tags, and for staff who may change it: adjust the stock, edit, stop and delete. */
function ProductInfoHead({
  product: p,
  canChange,
  info: { stop, remove },
  onAdjust,
}: {
  product: ProductDetail;
  canChange: boolean;
  info: ProductInfo;
  onAdjust: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  return (
    <div className="fd-members-head">
      <Space wrap>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={translate('products.backToList')}
          onClick={() => navigate('/product/manage')}
        />
        <Typography.Title level={1} className="fd-page-title">
          {p.name}
        </Typography.Title>
        <StatusTag status={p.status} />
        {p.lowStock && <ToneTag tone="bad">{translate('products.lowStock')}</ToneTag>}
      </Space>
      {canChange && (
        <Space wrap>
          <Button type="primary" onClick={onAdjust}>
            {translate('products.stock.adjust')}
          </Button>
          <Button
            icon={<EditOutlined aria-hidden />}
            onClick={() => navigate(`/product/manage/detail?id=${p.id}`)}
          >
            {translate('buttons.edit')}
          </Button>
          <Button
            loading={stop.isPending}
            onClick={() =>
              p.status === 'ACTIVE'
                ? modal.confirm({
                    title: translate('products.info.stopTitle', { name: p.name }),
                    content: translate('products.info.stopHelp'),
                    okText: translate('products.info.stop'),
                    cancelText: translate('buttons.cancel'),
                    onOk: () => stop.mutateAsync(p),
                  })
                : stop.mutate(p)
            }
          >
            {translate(p.status === 'ACTIVE' ? 'products.info.stop' : 'products.info.resume')}
          </Button>
          {!p.sold && (
            <Button
              danger
              loading={remove.isPending}
              onClick={() =>
                modal.confirm({
                  title: translate('products.info.deleteTitle', { name: p.name }),
                  content: translate('products.info.deleteHelp'),
                  okText: translate('buttons.delete'),
                  okButtonProps: { danger: true },
                  cancelText: translate('buttons.cancel'),
                  onOk: () => remove.mutateAsync(),
                })
              }
            >
              {translate('buttons.delete')}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}

/** The product's fields, with the price's supply value and VAT. */
function ProductFacts({ product: p }: { product: ProductDetail }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const split = splitVat(p.price, p.vatMode);
  return (
    <Card>
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
        <Descriptions.Item label={translate('products.fields.group')}>
          {p.groupName ?? translate('products.noGroup')}
        </Descriptions.Item>
        <Descriptions.Item label={translate('products.fields.price')}>{won(p.price)}</Descriptions.Item>
        <Descriptions.Item label={translate('products.fields.vatMode')}>
          {translate(`products.vat.${p.vatMode}`)}
          {p.vatMode === 'INCLUDED' &&
            ` (${translate('products.form.vatSplit', { supply: won(split.supply), vat: won(split.vat) })})`}
        </Descriptions.Item>
        <Descriptions.Item label={translate('products.fields.stock')}>
          <StockCell product={p} />
        </Descriptions.Item>
        <Descriptions.Item label={translate('products.fields.lowStockAt')}>
          {p.lowStockAt ?? translate('products.info.noThreshold')}
        </Descriptions.Item>
        <Descriptions.Item label={translate('products.info.modified')}>
          {seoulDateTime(p.modifiedDate)}
        </Descriptions.Item>
        {p.memo && (
          <Descriptions.Item label={translate('products.fields.memo')} span="filled">
            <span style={{ whiteSpace: 'pre-wrap' }}>{p.memo}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

/**
 * `/product/manage/info?id=`: a desk product's read view (docs/rules.md#products): its fields, the price's supply
 * value and VAT, the stock with its movements (sales and adjustments, newest first), a stock adjustment with its
 * required note, and the edit, stop and delete actions for staff who may change products.
 */
export function ProductInfoPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const { gymId, canChange } = useProductAccess();
  const refresh = useRefreshProducts();
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const info = useProductInfo(gymId, id, page);
  const { product } = info;

  if (product.isError)
    return isRefusal(product.error) ? (
      <Result
        status="404"
        title={translate('products.notFound')}
        extra={
          <Button onClick={() => navigate('/product/manage')}>{translate('products.backToList')}</Button>
        }
      />
    ) : (
      <LoadFailedAlert
        message={translate('products.loadFailed')}
        description={errorText(product.error, translate)}
        retryText={translate('products.retry')}
        onRetry={() => void product.refetch()}
      />
    );
  if (!product.data) return <Skeleton active />;
  const p = product.data;

  return (
    <div className="fd-members-page">
      <ProductInfoHead product={p} canChange={canChange} info={info} onAdjust={() => setAdjusting(true)} />
      {p.sold && canChange && <Alert type="info" showIcon message={translate('products.info.soldInfo')} />}
      <ProductFacts product={p} />
      <ProductMovements product={p} info={info} page={page} onPageChange={setPage} />
      {adjusting && (
        <StockAdjustModal
          gymId={gymId}
          product={p}
          onClose={() => setAdjusting(false)}
          onDone={(after) => {
            setAdjusting(false);
            setPage(1);
            refresh();
            message.success(translate('products.stock.done', { stock: after }));
          }}
        />
      )}
    </div>
  );
}
