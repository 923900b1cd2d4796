import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, type FormInstance, Result, Skeleton, Space, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { productCreateRoute, productGetRoute, productUpdateRoute } from '#domain/api/product.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import {
  isRefusal,
  productKeys,
  useProductAccess,
  useProductGroups,
  useRefreshProducts,
} from './product-api.ts';
import { type ProductValues, productFieldsOf, productInitialValues } from './product-form.ts';
import { ProductFormFields } from './product-form-fields.tsx';
import '../customers/members.css';
import './products.css';

/** Saving the product (an update, or a create with its opening stock), then its read view. */
const useProductSave = (gymId: number, id: number | null, form: FormInstance<ProductValues>) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const refresh = useRefreshProducts();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: ProductValues) => {
      const fields = productFieldsOf(v);
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
};

/**
 * `/product/manage/add` and `/product/manage/detail?id=`: a desk product's form (docs/rules.md#products). A new
 * product may start with a stock, which becomes its first movement with a note; afterwards the stock moves only
 * through adjustments (on the read view) and sales. Without payHistorySettingYn the form is read-only.
 */
export function ProductFormPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const { gymId, canChange, ready } = useProductAccess();
  const groups = useProductGroups(gymId);
  const [form] = Form.useForm<ProductValues>();
  const existing = useContract(
    productGetRoute,
    { params: { id: id ?? 0 }, query: { gymId } },
    {
      queryKey: productKeys.one(gymId, id ?? 0),
      enabled: id !== null && gymId > 0,
      retry: false,
      meta: { silent: true },
    },
  );
  const save = useProductSave(gymId, id, form);

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
      {save.isError && !fieldErrorsAllShown(save.error, () => true) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Card className="fd-product-form">
        <Form<ProductValues>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(v) => save.mutate(v)}
          initialValues={productInitialValues(p, translate)}
        >
          <ProductFormFields form={form} groups={groups} product={p} />
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
