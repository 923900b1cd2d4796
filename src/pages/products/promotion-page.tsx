import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  productListRoute,
  promotionCreateRoute,
  promotionDeleteRoute,
  promotionListRoute,
  promotionUpdateRoute,
} from '#domain/api/product.ts';
import { promotionKinds } from '#domain/enums.ts';
import { ticketResource } from '#domain/resources/ticket.ts';
import { promotionDiscount } from '#domain/rules/money.ts';
import {
  PROMOTION_PERCENT_MAX,
  type PromotionState,
  promotionStates,
  WON_MAX,
} from '#domain/rules/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Promotion, PromotionWriteInput } from '#domain/schemas/product.ts';
import { resourceRoutes } from '#src/api/resources.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import {
  errorText,
  productKeys,
  type Translate,
  useProductAccess,
  useRefreshProducts,
  wonInput,
} from './product-api.ts';
import '../customers/members.css';
import './products.css';
import { type Tone, ToneTag } from './tone-tag.tsx';

const PAGE_SIZE = 20;
/** The most pass products and desk products the target pickers offer (the API's largest page). */
const OPTIONS_MAX = 100;
/** The list price the form's example discount is shown on. */
const EXAMPLE_PRICE = 100_000;

export const STATE_TONES: Record<PromotionState, Tone> = {
  SCHEDULED: 'info',
  RUNNING: 'good',
  ENDED: 'neutral',
  STOPPED: 'bad',
};

/** "10%" or "5,000원": what a promotion takes off. */
export const discountText = (p: Pick<Promotion, 'kind' | 'value'>, language: string): string =>
  p.kind === 'PERCENT' ? `${p.value}%` : formatWon(p.value, language);

/** The period as `2026.03.01 ~ 2026.03.31`. */
const periodText = (p: Pick<Promotion, 'startDate' | 'endDate'>) =>
  `${p.startDate.replaceAll('-', '.')} ~ ${p.endDate.replaceAll('-', '.')}`;

/**
 * `/product/promotion`: the facility's promotions (docs/rules.md#promotions) with their state (from today), what
 * they take off, their period, targets, per-customer limit and how often they were applied. A drawer adds or
 * changes one; its targets are chosen from the facility's pass products and desk products.
 */
export function PromotionPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { gymId, canChange } = useProductAccess();
  const [state, setState] = useState<PromotionState | 'ALL'>('ALL');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const list = useQuery({
    queryKey: productKeys.promotions(gymId, state, page),
    queryFn: () =>
      api.list(promotionListRoute, {
        params: { gymId },
        query: {
          ...(state === 'ALL' ? {} : { state }),
          _start: (page - 1) * PAGE_SIZE,
          _end: page * PAGE_SIZE,
        },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const won = (n: number) => formatWon(n, i18n.language);

  const columns: ColumnsType<Promotion> = [
    {
      key: 'name',
      title: translate('products.promotions.fields.name'),
      render: (_, p) =>
        canChange ? (
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setEditing(p)}>
            {p.name}
          </Button>
        ) : (
          p.name
        ),
    },
    {
      key: 'state',
      title: translate('products.promotions.fields.state'),
      render: (_, p) => (
        <ToneTag tone={STATE_TONES[p.state]}>{translate(`products.promotions.states.${p.state}`)}</ToneTag>
      ),
    },
    {
      key: 'discount',
      title: translate('products.promotions.fields.value'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, p) => discountText(p, i18n.language),
    },
    {
      key: 'period',
      title: translate('products.promotions.fields.period'),
      className: 'fd-nowrap',
      render: (_, p) => periodText(p),
    },
    {
      key: 'targets',
      title: translate('products.promotions.fields.targets'),
      render: (_, p) => <TargetTags promotion={p} translate={translate} all={!canChange} />,
    },
    {
      key: 'limit',
      title: translate('products.promotions.fields.perCustomerLimit'),
      align: 'right',
      render: (_, p) =>
        p.perCustomerLimit === null
          ? translate('products.promotions.unlimited')
          : translate('products.promotions.times', { count: p.perCustomerLimit }),
    },
    {
      key: 'used',
      title: translate('products.promotions.fields.usage'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{translate('products.promotions.times', { count: p.usedCount })}</span>
          {p.discountTotal > 0 && <Typography.Text type="secondary">−{won(p.discountTotal)}</Typography.Text>}
        </Space>
      ),
    },
  ];

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('products.promotions.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/product/manage">{translate('products.title')}</Link>
          {canChange && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              {translate('products.promotions.add')}
            </Button>
          )}
        </Space>
      </div>
      <Radio.Group
        aria-label={translate('products.promotions.filter')}
        optionType="button"
        value={state}
        onChange={(e) => {
          setState(e.target.value as PromotionState | 'ALL');
          setPage(1);
        }}
        options={[
          { value: 'ALL', label: translate('products.promotions.states.ALL') },
          ...promotionStates.map((s) => ({ value: s, label: translate(`products.promotions.states.${s}`) })),
        ]}
      />
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
      <Table<Promotion>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{ emptyText: <EmptyText>{translate('products.promotions.empty')}</EmptyText> }}
      />
      {editing && (
        <PromotionDrawer
          gymId={gymId}
          promotion={editing === 'new' ? null : editing}
          canChange={canChange}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function TargetTags({
  promotion,
  translate,
  all,
}: {
  promotion: Promotion;
  translate: Translate;
  all: boolean;
}) {
  // Staff who may change it see the rest in its drawer; a reader sees them all here.
  const shown = all ? promotion.targets : promotion.targets.slice(0, 3);
  const more = promotion.targets.length - shown.length;
  return (
    <span className="fd-promotion-targets">
      {shown.map((t) => (
        <ToneTag key={`${t.itemType}:${t.itemId}`} tone={t.itemType === 'PASS' ? 'info' : 'accent'}>
          {translate(`products.promotions.targetType.${t.itemType}`)} · {t.name}
        </ToneTag>
      ))}
      {more > 0 && <ToneTag tone="neutral">{translate('products.promotions.more', { count: more })}</ToneTag>}
    </span>
  );
}

type Values = {
  name: string;
  kind: Promotion['kind'];
  value: number;
  startDate: Dayjs;
  endDate: Dayjs;
  perCustomerLimit?: number | null;
  status: Promotion['status'];
  passIds: number[];
  productIds: number[];
};

/** The facility's pass products and desk products, for the target pickers (each list's first 100 by name). */
const useTargetOptions = (gymId: number) => {
  const passes = useQuery({
    queryKey: [...productKeys.options(gymId), 'passes'],
    queryFn: () =>
      api.list(resourceRoutes(ticketResource).list, {
        query: { gymId, _start: 0, _end: OPTIONS_MAX, _sort: 'name', _order: 'asc' },
      }),
    enabled: gymId > 0,
    retry: false,
    meta: { silent: true },
  });
  const products = useQuery({
    queryKey: [...productKeys.options(gymId), 'products'],
    queryFn: () => api.list(productListRoute, { params: { gymId }, query: { _start: 0, _end: OPTIONS_MAX } }),
    enabled: gymId > 0,
    meta: { silent: true },
  });
  return { passes, products };
};

/** Adding or changing a promotion: its terms, its period, its per-customer limit and its targets. */
function PromotionDrawer({
  gymId,
  promotion,
  canChange,
  onClose,
}: {
  gymId: number;
  promotion: Promotion | null;
  canChange: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const refresh = useRefreshProducts();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? promotion?.kind ?? 'PERCENT';
  const value = Form.useWatch('value', form);
  const { passes, products } = useTargetOptions(gymId);
  const won = (n: number) => formatWon(n, i18n.language);

  // A target the pickers did not load (past the first 100, or the pass list not readable) keeps its name.
  const kept = (type: 'PASS' | 'PRODUCT') =>
    (promotion?.targets ?? [])
      .filter((t) => t.itemType === type)
      .map((t) => ({ value: t.itemId, label: t.name }));
  const merge = (loaded: { value: number; label: string }[], type: 'PASS' | 'PRODUCT') => {
    const ids = new Set(loaded.map((o) => o.value));
    return [...loaded, ...kept(type).filter((o) => !ids.has(o.value))];
  };
  const passOptions = merge(
    (passes.data?.data ?? []).map((t) => ({
      value: t.id,
      label: t.saleState === 'ACTIVE' ? t.name : `${t.name} (${translate('products.status.INACTIVE')})`,
    })),
    'PASS',
  );
  const productOptions = merge(
    (products.data?.data ?? []).map((p) => ({
      value: p.id,
      label: p.status === 'ACTIVE' ? p.name : `${p.name} (${translate('products.status.INACTIVE')})`,
    })),
    'PRODUCT',
  );

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: Values) => {
      const body: PromotionWriteInput = {
        name: v.name.trim(),
        kind: v.kind,
        value: v.value,
        startDate: v.startDate.format('YYYY-MM-DD'),
        endDate: v.endDate.format('YYYY-MM-DD'),
        perCustomerLimit: v.perCustomerLimit ?? null,
        status: v.status,
        targets: [
          ...(v.passIds ?? []).map((itemId) => ({ itemType: 'PASS' as const, itemId })),
          ...(v.productIds ?? []).map((itemId) => ({ itemType: 'PRODUCT' as const, itemId })),
        ],
      };
      return promotion
        ? api.call(promotionUpdateRoute, { params: { id: promotion.id }, query: { gymId }, body })
        : api.call(promotionCreateRoute, { body: { ...body, gymId } });
    },
    onSuccess: (saved) => {
      refresh();
      message.success(translate('products.promotions.saved', { name: saved.name }));
      onClose();
    },
    onError: (error) => {
      // The server names the targets as one field; the form shows it under the pass picker.
      const fields = fieldErrorsOf(error).map((f) => ({
        name: f.name === 'targets' || f.name.startsWith('targets.') ? 'passIds' : f.name,
        errors: f.errors,
      }));
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
    },
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: (p: Promotion) => api.call(promotionDeleteRoute, { params: { id: p.id }, query: { gymId } }),
    onSuccess: () => {
      refresh();
      message.success(translate('products.promotions.deleted'));
      onClose();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const today = dayjs(seoulToday(new Date()));
  const example =
    typeof value === 'number' && value > 0
      ? translate('products.promotions.example', {
          price: won(EXAMPLE_PRICE),
          discount: won(promotionDiscount(EXAMPLE_PRICE, { kind, value })),
        })
      : undefined;
  const atLeastOneTarget = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () =>
      ((getFieldValue('passIds') as number[] | undefined)?.length ?? 0) +
        ((getFieldValue('productIds') as number[] | undefined)?.length ?? 0) >
      0
        ? Promise.resolve()
        : Promise.reject(new Error(translate('products.promotions.targetsRequired'))),
  });

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      title={
        promotion
          ? translate('products.promotions.editTitle', { name: promotion.name })
          : translate('products.promotions.add')
      }
      destroyOnHidden
      footer={
        canChange ? (
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <span>
              {promotion && promotion.usedCount === 0 && (
                <Button
                  danger
                  loading={remove.isPending}
                  onClick={() =>
                    modal.confirm({
                      title: translate('products.promotions.deleteTitle', { name: promotion.name }),
                      okText: translate('buttons.delete'),
                      okButtonProps: { danger: true },
                      cancelText: translate('buttons.cancel'),
                      onOk: () => remove.mutateAsync(promotion),
                    })
                  }
                >
                  {translate('buttons.delete')}
                </Button>
              )}
            </span>
            <Space>
              <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
              <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
                {translate('buttons.save')}
              </Button>
            </Space>
          </Space>
        ) : undefined
      }
    >
      {!canChange && <Alert type="info" showIcon message={translate('products.readOnly')} />}
      {promotion && promotion.usedCount > 0 && (
        <Alert
          type="info"
          showIcon
          message={translate('products.promotions.usedInfo', {
            count: promotion.usedCount,
            total: won(promotion.discountTotal),
          })}
        />
      )}
      {save.isError && fieldErrorsOf(save.error).length === 0 && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      {passes.isError && (
        <Alert type="warning" showIcon message={translate('products.promotions.passesUnavailable')} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        disabled={!canChange}
        onFinish={(v) => save.mutate(v)}
        initialValues={
          promotion
            ? {
                name: promotion.name,
                kind: promotion.kind,
                value: promotion.value,
                startDate: dayjs(promotion.startDate),
                endDate: dayjs(promotion.endDate),
                perCustomerLimit: promotion.perCustomerLimit,
                status: promotion.status,
                passIds: promotion.targets.filter((t) => t.itemType === 'PASS').map((t) => t.itemId),
                productIds: promotion.targets.filter((t) => t.itemType === 'PRODUCT').map((t) => t.itemId),
              }
            : {
                kind: 'PERCENT',
                status: 'ACTIVE',
                startDate: today,
                endDate: today.add(1, 'month').subtract(1, 'day'),
                perCustomerLimit: null,
                passIds: [],
                productIds: [],
              }
        }
      >
        <Form.Item
          name="name"
          label={translate('products.promotions.fields.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <div className="fd-product-inline-fields">
          <Form.Item name="kind" label={translate('products.promotions.fields.kind')}>
            <RadioChoices
              optionType="button"
              options={promotionKinds.map((k) => ({
                value: k,
                label: translate(`products.promotions.kinds.${k}`),
              }))}
              onChange={() => void form.validateFields(['value']).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label={translate(
              kind === 'PERCENT' ? 'products.promotions.fields.percent' : 'products.promotions.fields.amount',
            )}
            extra={example}
            rules={[
              { required: true, message: translate('validation.required') },
              {
                type: 'integer',
                min: 1,
                max: kind === 'PERCENT' ? PROMOTION_PERCENT_MAX : WON_MAX,
                message:
                  kind === 'PERCENT'
                    ? translate('products.promotions.percentRange')
                    : translate('validation.positiveAmount'),
              },
            ]}
          >
            {kind === 'PERCENT' ? (
              <InputNumber<number>
                min={1}
                max={PROMOTION_PERCENT_MAX}
                precision={0}
                suffix="%"
                style={{ width: '100%' }}
              />
            ) : (
              <InputNumber<number> {...wonInput} min={1} max={WON_MAX} inputMode="numeric" />
            )}
          </Form.Item>
        </div>
        <div className="fd-product-inline-fields">
          <Form.Item
            name="startDate"
            label={translate('products.promotions.fields.startDate')}
            rules={[{ required: true, message: translate('validation.required') }]}
          >
            <DatePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={translate('products.promotions.fields.endDate')}
            dependencies={['startDate']}
            rules={[
              { required: true, message: translate('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | undefined) => {
                  const start = getFieldValue('startDate') as Dayjs | undefined;
                  return end && start && end.isBefore(start, 'day')
                    ? Promise.reject(new Error(translate('validation.endBeforeStart')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </div>
        <div className="fd-product-inline-fields">
          <Form.Item
            name="perCustomerLimit"
            label={translate('products.promotions.fields.perCustomerLimit')}
            extra={translate('products.promotions.limitHelp')}
          >
            <InputNumber<number> min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label={translate('products.promotions.fields.status')}>
            <RadioChoices
              optionType="button"
              options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
                value: s,
                label: translate(`products.promotions.statuses.${s}`),
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="passIds"
          label={translate('products.promotions.fields.passes')}
          dependencies={['productIds']}
          rules={[atLeastOneTarget]}
        >
          <Select<number[]>
            mode="multiple"
            allowClear
            loading={passes.isLoading}
            options={passOptions}
            optionFilterProp="label"
            placeholder={translate('products.promotions.pickPasses')}
          />
        </Form.Item>
        <Form.Item name="productIds" label={translate('products.promotions.fields.products')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            loading={products.isLoading}
            options={productOptions}
            optionFilterProp="label"
            placeholder={translate('products.promotions.pickProducts')}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
