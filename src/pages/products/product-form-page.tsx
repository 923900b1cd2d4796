import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Result,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { productCreateRoute, productGetRoute, productUpdateRoute } from '#domain/api/product.ts';
import { vatModes } from '#domain/enums.ts';
import { splitVat } from '#domain/rules/money.ts';
import { STOCK_CHANGE_MAX, WON_MAX } from '#domain/rules/product.ts';
import type { ProductDetail } from '#domain/schemas/product.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { PlainSelect } from '#src/forms/plain-select.tsx';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import {
  errorText,
  isRefusal,
  productKeys,
  showFieldErrors,
  useProductAccess,
  useProductGroups,
  useRefreshProducts,
  wonInput,
} from './product-api.ts';
import '../customers/members.css';
import './products.css';

type Values = {
  name: string;
  groupId: number;
  price: number;
  vatMode: ProductDetail['vatMode'];
  lowStockAt?: number | null;
  memo?: string;
  status: ProductDetail['status'];
  initialStock?: number | null;
  stockNote?: string;
};

/** "No group" in the group select (the API's null). */
const NO_GROUP = 0;

/**
 * `/product/manage/add` and `/product/manage/detail?id=`: a desk product's form (docs/rules.md#products). A new
 * product may start with a stock, which becomes its first movement with a note; afterwards the stock moves only
 * through adjustments (on the read view) and sales. Without payHistorySettingYn the form is read-only.
 */
export function ProductFormPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const { gymId, canChange, ready } = useProductAccess();
  const groups = useProductGroups(gymId);
  const refresh = useRefreshProducts();
  const [form] = Form.useForm<Values>();
  const price = Form.useWatch('price', form);
  const vatMode = Form.useWatch('vatMode', form);
  const initialStock = Form.useWatch('initialStock', form);
  const existing = useQuery({
    queryKey: productKeys.one(gymId, id ?? 0),
    queryFn: () => api.call(productGetRoute, { params: { id: id! }, query: { gymId } }),
    enabled: id !== null && gymId > 0,
    retry: false,
    meta: { silent: true },
  });

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (v: Values) => {
      const fields = {
        name: v.name.trim(),
        groupId: v.groupId === NO_GROUP ? null : v.groupId,
        price: v.price,
        vatMode: v.vatMode,
        lowStockAt: v.lowStockAt ?? null,
        memo: v.memo?.trim() ? v.memo.trim() : null,
        status: v.status,
      };
      return id
        ? api.call(productUpdateRoute, { params: { id }, query: { gymId }, body: fields })
        : api.call(productCreateRoute, {
            body: {
              ...fields,
              gymId,
              initialStock: v.initialStock ?? 0,
              stockNote: v.initialStock ? (v.stockNote?.trim() ?? null) : null,
            },
          });
    },
    onSuccess: (saved) => {
      refresh();
      message.success(translate(id ? 'products.form.saved' : 'products.form.added', { name: saved.name }));
      navigate(`/product/manage/info?id=${saved.id}`);
    },
    onError: (error) => showFieldErrors(form, error),
  });

  const back = () => navigate(id ? `/product/manage/info?id=${id}` : '/product/manage');
  // Without the right to change products there is no form: the read view shows the product, the list the rest.
  if (!ready) return <Skeleton active />;
  if (!canChange)
    return id ? (
      <Navigate to={`/product/manage/info?id=${id}`} replace />
    ) : (
      <Result
        status="403"
        title={translate('products.readOnly')}
        extra={<Button onClick={back}>{translate('products.backToList')}</Button>}
      />
    );
  if (id !== null && existing.isError)
    return isRefusal(existing.error) ? (
      <Result status="404" title={translate('products.notFound')} />
    ) : (
      <Alert type="error" showIcon role="alert" message={errorText(existing.error, translate)} />
    );
  if (id !== null && !existing.data) return <Skeleton active />;
  const p = existing.data;
  const split = typeof price === 'number' && price >= 0 ? splitVat(price, vatMode ?? 'INCLUDED') : null;
  const won = (n: number) => formatWon(n, i18n.language);

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={translate('products.back')}
            onClick={back}
          />
          <Typography.Title level={1} className="fd-page-title">
            {p ? translate('products.form.editTitle', { name: p.name }) : translate('products.add')}
          </Typography.Title>
        </Space>
      </div>
      {save.isError && !showFieldErrorsOnly(save.error) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Card className="fd-product-form">
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(v) => save.mutate(v)}
          initialValues={
            p
              ? {
                  name: p.name,
                  groupId: p.groupId ?? NO_GROUP,
                  price: p.price,
                  vatMode: p.vatMode,
                  lowStockAt: p.lowStockAt,
                  memo: p.memo ?? '',
                  status: p.status,
                }
              : {
                  groupId: NO_GROUP,
                  vatMode: 'INCLUDED',
                  status: 'ACTIVE',
                  initialStock: 0,
                  stockNote: translate('products.form.openingNote'),
                }
          }
        >
          <Form.Item
            name="name"
            label={translate('products.fields.name')}
            rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
          >
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
          <div className="fd-product-inline-fields">
            <Form.Item name="groupId" label={translate('products.fields.group')}>
              <PlainSelect<number>
                loading={groups.isLoading}
                options={[
                  { value: NO_GROUP, label: translate('products.noGroup') },
                  ...(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name })),
                ]}
              />
            </Form.Item>
            <Form.Item
              name="status"
              label={translate('products.fields.status')}
              extra={translate('products.form.statusHelp')}
            >
              <RadioChoices
                optionType="button"
                options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({
                  value: s,
                  label: translate(`products.status.${s}`),
                }))}
              />
            </Form.Item>
          </div>
          <div className="fd-product-inline-fields">
            <Form.Item
              name="price"
              label={translate('products.fields.price')}
              rules={[
                { required: true, message: translate('validation.required') },
                { type: 'integer', min: 0, max: WON_MAX, message: translate('validation.notNegative') },
              ]}
              extra={
                split && vatMode === 'INCLUDED'
                  ? translate('products.form.vatSplit', { supply: won(split.supply), vat: won(split.vat) })
                  : undefined
              }
            >
              <InputNumber<number> {...wonInput} max={WON_MAX} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="vatMode" label={translate('products.fields.vatMode')}>
              <RadioChoices
                options={vatModes.map((m) => ({ value: m, label: translate(`products.vat.${m}`) }))}
              />
            </Form.Item>
          </div>
          <div className="fd-product-inline-fields">
            <Form.Item
              name="lowStockAt"
              label={translate('products.fields.lowStockAt')}
              extra={translate('products.form.lowStockHelp')}
            >
              <InputNumber<number> min={0} max={STOCK_CHANGE_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            {p ? (
              <Form.Item
                label={translate('products.fields.stock')}
                htmlFor="fd-product-stock"
                extra={translate('products.form.stockHelp')}
              >
                <Input id="fd-product-stock" value={p.stock.toLocaleString()} readOnly disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="initialStock"
                label={translate('products.fields.initialStock')}
                rules={[
                  {
                    type: 'integer',
                    min: 0,
                    max: STOCK_CHANGE_MAX,
                    message: translate('validation.invalidValue'),
                  },
                ]}
              >
                <InputNumber<number> min={0} max={STOCK_CHANGE_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </div>
          {!p && (initialStock ?? 0) > 0 && (
            <Form.Item
              name="stockNote"
              label={translate('products.fields.stockNote')}
              rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
            >
              <Input maxLength={200} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="memo" label={translate('products.fields.memo')}>
            <Input.TextArea maxLength={500} rows={3} showCount />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('buttons.save')}
            </Button>
            <Button onClick={back}>{translate('buttons.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}

/** A 400 whose field errors the form shows beside its fields: no banner for it. */
const showFieldErrorsOnly = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'errors' in error &&
  Boolean((error as { errors?: object }).errors);
