import { ArrowLeftOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { GetRef } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  productDeleteRoute,
  productGetRoute,
  productMovementListRoute,
  productStockRoute,
  productUpdateRoute,
} from '#domain/api/product.ts';
import { splitVat } from '#domain/rules/money.ts';
import { STOCK_CHANGE_MAX } from '#domain/rules/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { ProductDetail, StockMovement } from '#domain/schemas/product.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { collectPages } from '../reservations/reservation-csv.ts';
import {
  errorText,
  isRefusal,
  productKeys,
  showFieldErrors,
  useProductAccess,
  useRefreshProducts,
} from './product-api.ts';
import { StatusTag, StockCell } from './product-list-page.tsx';
import { movementCsv, seoulDateTime, signed } from './product-model.ts';
import { ToneTag } from './tone-tag.tsx';
import '../customers/members.css';
import './products.css';

const PAGE_SIZE = 20;

/**
 * `/product/manage/info?id=`: a desk product's read view (docs/rules.md#products): its fields, the price's supply
 * value and VAT, the stock with its movements (sales and adjustments, newest first), a stock adjustment with its
 * required note, and the edit, stop and delete actions for staff who may change products.
 */
export function ProductInfoPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const { gymId, canChange } = useProductAccess();
  const refresh = useRefreshProducts();
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const won = (n: number) => formatWon(n, i18n.language);

  const product = useQuery({
    queryKey: productKeys.one(gymId, id),
    queryFn: () => api.call(productGetRoute, { params: { id }, query: { gymId } }),
    enabled: id > 0 && gymId > 0,
    retry: false,
    meta: { silent: true },
  });
  const movements = useQuery({
    queryKey: productKeys.movements(gymId, id, page),
    queryFn: () =>
      api.list(productMovementListRoute, {
        params: { id },
        query: { gymId, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: id > 0 && gymId > 0 && product.isSuccess,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });

  const stop = useMutation({
    meta: { silent: true },
    mutationFn: (p: ProductDetail) =>
      api.call(productUpdateRoute, {
        params: { id: p.id },
        query: { gymId },
        body: {
          name: p.name,
          groupId: p.groupId,
          price: p.price,
          vatMode: p.vatMode,
          lowStockAt: p.lowStockAt,
          memo: p.memo,
          status: p.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
        },
      }),
    onSuccess: (saved) => {
      refresh();
      message.success(
        translate(saved.status === 'ACTIVE' ? 'products.info.resumed' : 'products.info.stopped'),
      );
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(productDeleteRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      refresh();
      message.success(translate('products.info.deleted'));
      navigate('/product/manage');
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const exportCsv = async (p: ProductDetail) => {
    setExporting(true);
    try {
      const { rows } = await collectPages((start, end) =>
        api.list(productMovementListRoute, { params: { id }, query: { gymId, _start: start, _end: end } }),
      );
      saveBlob(
        new Blob([movementCsv(rows, translate)], { type: 'text/csv;charset=utf-8' }),
        `${p.name}-${translate('products.movements.fileName')}-${seoulToday(new Date())}.csv`,
      );
    } catch {
      message.error(translate('products.csv.failed'));
    } finally {
      setExporting(false);
    }
  };

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
      <Alert
        type="error"
        showIcon
        role="alert"
        message={translate('products.loadFailed')}
        description={errorText(product.error, translate)}
        action={<Button onClick={() => void product.refetch()}>{translate('products.retry')}</Button>}
      />
    );
  if (!product.data) return <Skeleton active />;
  const p = product.data;
  const split = splitVat(p.price, p.vatMode);

  const columns: ColumnsType<StockMovement> = [
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

  return (
    <div className="fd-members-page">
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
            <Button type="primary" onClick={() => setAdjusting(true)}>
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
      {p.sold && canChange && <Alert type="info" showIcon message={translate('products.info.soldInfo')} />}
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
          columns={columns}
          dataSource={movements.data?.data ?? []}
          loading={movements.isFetching}
          style={{ minWidth: 640 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: movements.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          locale={{ emptyText: <EmptyText>{translate('products.movements.empty')}</EmptyText> }}
        />
      </section>
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

type AdjustValues = { direction: 'IN' | 'OUT'; quantity: number; note: string };

/**
 * A stock adjustment: in or out by a quantity, with the note the server requires. The new stock is previewed;
 * taking out more than there is is refused here as the server would (409 stockBelowZero).
 */
function StockAdjustModal({
  gymId,
  product,
  onClose,
  onDone,
}: {
  gymId: number;
  product: ProductDetail;
  onClose: () => void;
  onDone: (stockAfter: number) => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<AdjustValues>();
  const quantityRef = useRef<GetRef<typeof InputNumber>>(null);
  const direction = Form.useWatch('direction', form) ?? 'IN';
  const quantity = Form.useWatch('quantity', form);
  const change =
    typeof quantity === 'number' && quantity > 0 ? (direction === 'OUT' ? -quantity : quantity) : 0;
  const after = product.stock + change;
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: AdjustValues) =>
      api.call(productStockRoute, {
        params: { id: product.id },
        body: { gymId, change: v.direction === 'OUT' ? -v.quantity : v.quantity, note: v.note.trim() },
      }),
    onSuccess: (saved) => onDone(saved.stock),
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Modal
      open
      title={translate('products.stock.title', { name: product.name })}
      onCancel={onClose}
      okText={translate('products.stock.save')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      // The quantity takes the focus once the modal has opened (antd focuses the dialog itself first).
      afterOpenChange={(open) => open && quantityRef.current?.focus()}
      destroyOnHidden
    >
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={errorText(save.error, translate)}
          className="fd-stock-preview"
        />
      )}
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ direction: 'IN' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="direction" label={translate('products.stock.direction')}>
          <RadioChoices
            optionType="button"
            options={[
              { value: 'IN', label: translate('products.stock.in') },
              { value: 'OUT', label: translate('products.stock.out') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={translate('products.stock.quantity')}
          rules={[
            { required: true, message: translate('validation.required') },
            { type: 'integer', min: 1, max: STOCK_CHANGE_MAX, message: translate('validation.notZero') },
            {
              validator: (_, value: number | undefined) =>
                direction === 'OUT' && typeof value === 'number' && value > product.stock
                  ? Promise.reject(new Error(translate('products.stock.belowZero', { stock: product.stock })))
                  : Promise.resolve(),
            },
          ]}
          dependencies={['direction']}
        >
          <InputNumber<number>
            min={1}
            max={STOCK_CHANGE_MAX}
            precision={0}
            style={{ width: '100%' }}
            ref={quantityRef}
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={translate('products.stock.note')}
          extra={translate('products.stock.noteHelp')}
          rules={[{ required: true, whitespace: true, message: translate('products.stock.noteRequired') }]}
        >
          <Input maxLength={200} autoComplete="off" onPressEnter={() => form.submit()} />
        </Form.Item>
        <p role="status" className="fd-stock-preview">
          {translate('products.stock.preview', {
            before: product.stock,
            after: Math.max(after, 0),
            change: signed(change),
          })}
        </p>
      </Form>
    </Modal>
  );
}
