import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, type FormInstance, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  productGroupCreateRoute,
  productGroupDeleteRoute,
  productGroupOrderRoute,
} from '#domain/api/product.ts';
import type { ProductGroup } from '#domain/schemas/product.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { LoadFailedAlert } from '#src/kit/query-table.tsx';
import { productKeys, useProductAccess, useProductGroups, useRefreshProducts } from './product-api.ts';
import '../customers/members.css';
import './products.css';
import { AddGroupCard, GroupActions, RenameModal } from './product-group-parts.tsx';
import { moved } from './product-model.ts';

/** Adding, reordering (shown at once, read again after) and removing the facility's groups. */
const useGroupWrites = (gymId: number, rows: ProductGroup[], addForm: FormInstance<{ name: string }>) => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = useRefreshProducts();
  const add = useContractMutation(productGroupCreateRoute, {
    meta: { silent: true },
    input: (name: string) => ({ body: { gymId, name } }),
    invalidates: [productKeys.all],
    onSuccess: (group) => {
      addForm.resetFields();
      message.success(translate('products.groups.added', { name: group.name }));
    },
    onError: (error) => {
      if (!showFieldErrors(addForm, error)) message.error(errorText(error, translate));
    },
  });
  const reorder = useContractMutation(productGroupOrderRoute, {
    meta: { silent: true },
    input: (ids: number[]) => ({ body: { gymId, ids } }),
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
  const remove = useContractMutation(productGroupDeleteRoute, {
    meta: { silent: true },
    input: (group: ProductGroup) => ({ params: { id: group.id }, query: { gymId } }),
    invalidates: [productKeys.all],
    onSuccess: (_, group) => {
      message.success(translate('products.groups.deleted', { name: group.name }));
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  return { add, reorder, remove };
};

/**
 * `/product/group`: the desk products' groups in their order (docs/rules.md#products): add, rename, remove (its
 * products stay, without a group) and move up or down with buttons, each move saved as the whole new order.
 */
export function ProductGroupPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { gymId, canChange } = useProductAccess();
  const groups = useProductGroups(gymId);
  const refresh = useRefreshProducts();
  const [addForm] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<ProductGroup | null>(null);
  const rows = groups.data?.data ?? [];
  const { add, reorder, remove } = useGroupWrites(gymId, rows, addForm);

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
        <AddGroupCard
          form={addForm}
          count={rows.length}
          adding={add.isPending}
          onAdd={(name) => add.mutate(name)}
        />
      )}
      {groups.isError && (
        <LoadFailedAlert
          message={translate('products.loadFailed')}
          description={errorText(groups.error, translate)}
          retryText={translate('products.retry')}
          onRetry={() => void groups.refetch()}
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
                    <GroupActions
                      group={group}
                      index={index}
                      count={rows.length}
                      onMove={move}
                      onRename={setRenaming}
                      onDelete={(g) => remove.mutateAsync(g)}
                    />
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
