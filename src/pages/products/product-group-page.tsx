import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  productGroupCreateRoute,
  productGroupDeleteRoute,
  productGroupOrderRoute,
  productGroupRenameRoute,
} from '#domain/api/product.ts';
import { PRODUCT_GROUP_MAX } from '#domain/rules/product.ts';
import type { ProductGroup } from '#domain/schemas/product.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { api } from '#src/providers/instances.ts';
import {
  errorText,
  productKeys,
  showFieldErrors,
  useProductAccess,
  useProductGroups,
  useRefreshProducts,
} from './product-api.ts';
import '../customers/members.css';
import './products.css';
import { moved } from './product-model.ts';

/**
 * `/product/group`: the desk products' groups in their order (docs/rules.md#products): add, rename, remove (its
 * products stay, without a group) and move up or down with buttons, each move saved as the whole new order.
 */
export function ProductGroupPage() {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const { gymId, canChange } = useProductAccess();
  const groups = useProductGroups(gymId);
  const refresh = useRefreshProducts();
  const [addForm] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<ProductGroup | null>(null);
  const rows = groups.data?.data ?? [];

  const add = useMutation({
    meta: { silent: true },
    mutationFn: (name: string) => api.call(productGroupCreateRoute, { body: { gymId, name } }),
    onSuccess: (group) => {
      addForm.resetFields();
      refresh();
      message.success(translate('products.groups.added', { name: group.name }));
    },
    onError: (error) => {
      if (!showFieldErrors(addForm, error)) message.error(errorText(error, translate));
    },
  });
  const reorder = useMutation({
    meta: { silent: true },
    mutationFn: (ids: number[]) => api.call(productGroupOrderRoute, { body: { gymId, ids } }),
    onMutate: (ids) => {
      // The list shows the new order at once; a refusal reads it again.
      const byId = new Map(rows.map((g) => [g.id, g]));
      client.setQueryData(productKeys.groups(gymId), {
        data: ids.map((id) => byId.get(id)!).filter(Boolean),
        total: ids.length,
      });
    },
    onSettled: () => refresh(),
    onError: (error) => message.error(errorText(error, translate)),
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: (group: ProductGroup) =>
      api.call(productGroupDeleteRoute, { params: { id: group.id }, query: { gymId } }),
    onSuccess: (_, group) => {
      refresh();
      message.success(translate('products.groups.deleted', { name: group.name }));
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  /** One move at a time; the focused button stays in its row, which moves with it (rows keyed by id). */
  const move = (index: number, step: -1 | 1) => {
    if (reorder.isPending) return;
    const next = moved(
      rows.map((g) => g.id),
      index,
      step,
    );
    if (next) reorder.mutate(next);
  };

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('products.groups.title')}
        </Typography.Title>
        <Link to="/product/manage">{translate('products.title')}</Link>
      </div>
      <Typography.Paragraph>{translate('products.groups.intro')}</Typography.Paragraph>
      {canChange && (
        <Card size="small">
          <Form<{ name: string }>
            form={addForm}
            layout="inline"
            onFinish={(v) => add.mutate(v.name.trim())}
            disabled={rows.length >= PRODUCT_GROUP_MAX}
          >
            <Form.Item
              name="name"
              label={translate('products.groups.name')}
              rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
              style={{ flex: '1 1 220px' }}
            >
              <Input
                maxLength={40}
                autoComplete="off"
                placeholder={translate('products.groups.placeholder')}
              />
            </Form.Item>
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined aria-hidden />}
                loading={add.isPending}
              >
                {translate('products.groups.add')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
      {groups.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('products.loadFailed')}
          description={errorText(groups.error, translate)}
          action={<Button onClick={() => void groups.refetch()}>{translate('products.retry')}</Button>}
        />
      )}
      {groups.isLoading ? (
        <Skeleton active />
      ) : (
        <Card size="small">
          <List<ProductGroup>
            rowKey="id"
            dataSource={rows}
            locale={{ emptyText: <EmptyText>{translate('products.groups.empty')}</EmptyText> }}
            renderItem={(group, index) => (
              <List.Item>
                <div className="fd-group-row">
                  <span className="fd-group-order" aria-hidden>
                    {index + 1}
                  </span>
                  <span className="fd-group-name">
                    <strong>{group.name}</strong>{' '}
                    <span className="fd-group-count">
                      {translate('products.groups.count', { count: group.productCount })}
                    </span>
                  </span>
                  {canChange && (
                    <span className="fd-group-actions">
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined aria-hidden />}
                        aria-label={translate('products.groups.moveUp', { name: group.name })}
                        title={translate('products.groups.moveUp', { name: group.name })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined aria-hidden />}
                        aria-label={translate('products.groups.moveDown', { name: group.name })}
                        title={translate('products.groups.moveDown', { name: group.name })}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                      />
                      <Button
                        size="small"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={translate('products.groups.renameOf', { name: group.name })}
                        onClick={() => setRenaming(group)}
                      >
                        {translate('products.groups.rename')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={translate('products.groups.deleteOf', { name: group.name })}
                        onClick={() =>
                          modal.confirm({
                            title: translate('products.groups.deleteTitle', { name: group.name }),
                            content: translate('products.groups.deleteHelp', { count: group.productCount }),
                            okText: translate('buttons.delete'),
                            okButtonProps: { danger: true },
                            cancelText: translate('buttons.cancel'),
                            onOk: () => remove.mutateAsync(group),
                          })
                        }
                      >
                        {translate('buttons.delete')}
                      </Button>
                    </span>
                  )}
                </div>
              </List.Item>
            )}
          />
          <p role="status" className="fd-product-visually-hidden">
            {reorder.isPending ? translate('products.groups.saving') : ''}
          </p>
        </Card>
      )}
      {renaming && (
        <RenameModal
          gymId={gymId}
          group={renaming}
          onClose={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            refresh();
            message.success(translate('products.groups.renamed'));
          }}
        />
      )}
    </div>
  );
}

function RenameModal({
  gymId,
  group,
  onClose,
  onDone,
}: {
  gymId: number;
  group: ProductGroup;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (name: string) =>
      api.call(productGroupRenameRoute, { params: { id: group.id }, query: { gymId }, body: { name } }),
    onSuccess: onDone,
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={translate('products.groups.renameTitle', { name: group.name })}
      onCancel={onClose}
      okText={translate('buttons.save')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {save.isError && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        initialValues={{ name: group.name }}
        onFinish={(v) => save.mutate(v.name.trim())}
      >
        <Form.Item
          name="name"
          label={translate('products.groups.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
        >
          <Input maxLength={40} autoComplete="off" autoFocus onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
