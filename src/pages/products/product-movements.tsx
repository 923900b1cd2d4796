import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ProductDetail, StockMovement } from '#domain/schemas/product.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { errorText } from '#src/kit/error-text.ts';
import type { Translate } from '#src/kit/translate.ts';
import { seoulDateTime, signed } from './product-model.ts';
import { ToneTag } from './tone-tag.tsx';
import { MOVEMENTS_PAGE_SIZE, type ProductInfo } from './use-product-info.ts';

const movementColumns = (translate: Translate): ColumnsType<StockMovement> => [
  {
    key: 'at',
    title: translate('products.movements.at'),
    className: 'fd-nowrap',
    render: (_, m) => seoulDateTime(m.createDate),
  },
  {
    key: 'kind',
    title: translate('products.movements.kind'),
    render: (_, m) => (
      <ToneTag tone={m.kind === 'SALE' ? 'info' : 'warn'}>
        {translate(`products.movements.kinds.${m.kind}`)}
      </ToneTag>
    ),
  },
  {
    key: 'change',
    title: translate('products.movements.change'),
    align: 'right',
    className: 'fd-nowrap',
    render: (_, m) => <strong>{signed(m.change)}</strong>,
  },
  {
    key: 'after',
    title: translate('products.movements.stockAfter'),
    align: 'right',
    render: (_, m) => m.stockAfter.toLocaleString(),
  },
  { key: 'note', title: translate('products.movements.note'), render: (_, m) => m.note ?? '' },
  {
    key: 'by',
    title: translate('products.movements.by'),
    className: 'fd-nowrap',
    render: (_, m) => m.createdByName ?? '',
  },
];

/** The product's stock movements, newest first, a page at a time, with their CSV export. */
export function ProductMovements({
  product: p,
  info: { movements, exporting, exportCsv },
  page,
  onPageChange,
}: {
  product: ProductDetail;
  info: ProductInfo;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <div className="fd-members-head">
        <Typography.Title level={2} className="fd-page-title" style={{ fontSize: 18 }}>
          {translate('products.movements.title')}
        </Typography.Title>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={!movements.data?.total}
          onClick={() => void exportCsv(p)}
        >
          {translate('products.csv.export')}
        </Button>
      </div>
      {movements.isError && (
        <Alert type="error" showIcon role="alert" message={errorText(movements.error, translate)} />
      )}
      <section
        className="fd-table-scroll"
        aria-label={translate('products.movements.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
        tabIndex={0}
      >
        <Table<StockMovement>
          rowKey="id"
          size="middle"
          columns={movementColumns(translate)}
          dataSource={movements.data?.data ?? []}
          loading={movements.isFetching}
          style={{ minWidth: 640 }}
          pagination={{
            current: page,
            pageSize: MOVEMENTS_PAGE_SIZE,
            total: movements.data?.total ?? 0,
            onChange: onPageChange,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          locale={{ emptyText: <EmptyText>{translate('products.movements.empty')}</EmptyText> }}
        />
      </section>
    </>
  );
}
