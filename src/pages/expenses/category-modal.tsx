import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { expenseCategoryCreateRoute, expenseCategoryUpdateRoute } from '#domain/api/expense.ts';
import type { ExpenseCategory } from '#domain/schemas/expense.ts';
import { api } from '#src/providers/instances.ts';
import { errorText } from '../receipts/receipt-api.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { categoryLabel } from './expense-api.ts';

/**
 * The expense categories (docs/rules.md#expenditure): the six built-ins (named in the reader's language, never
 * renamed) and the facility's own, which can be added and renamed. With `canChange` false it only lists them.
 */
export function CategoryModal({
  gymId,
  categories,
  canChange,
  onClose,
  onChanged,
}: {
  gymId: number;
  categories: ExpenseCategory[];
  canChange: boolean;
  onClose: () => void;
  onChanged: (category?: ExpenseCategory) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const add = useMutation({
    mutationFn: (name: string) => api.call(expenseCategoryCreateRoute, { body: { gymId, name } }),
    meta: { silent: true },
    onSuccess: (category) => {
      form.resetFields();
      message.success(translate('expenses.categoryModal.added'));
      onChanged(category);
    },
  });
  const rename = useMutation({
    mutationFn: (edit: { id: number; name: string }) =>
      api.call(expenseCategoryUpdateRoute, {
        params: { id: edit.id },
        query: { gymId },
        body: { name: edit.name },
      }),
    meta: { silent: true },
    onSuccess: () => {
      setEditing(null);
      message.success(translate('expenses.categoryModal.renamed'));
      onChanged();
    },
  });
  const failure = add.error ?? rename.error;

  return (
    <Modal
      open
      title={translate('expenses.categoryModal.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{translate('expenses.categoryModal.close')}</Button>}
      rootClassName="fd-rx-overlay"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {translate('expenses.categoryModal.builtInNote')}
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" message={errorText(failure, translate)} />}
      <List
        size="small"
        dataSource={categories}
        renderItem={(c) => (
          <List.Item
            actions={
              canChange && !c.code && editing?.id !== c.id
                ? [
                    <Button
                      key="rename"
                      size="small"
                      onClick={() => setEditing({ id: c.id, name: c.name })}
                      aria-label={translate('expenses.categoryModal.renameOf', { name: c.name })}
                    >
                      {translate('expenses.categoryModal.rename')}
                    </Button>,
                  ]
                : undefined
            }
          >
            {editing?.id === c.id ? (
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label={translate('expenses.categoryModal.renameOf', { name: c.name })}
                  value={editing.name}
                  maxLength={40}
                  autoFocus
                  onChange={(e) => setEditing({ id: c.id, name: e.target.value })}
                  onPressEnter={() =>
                    editing.name.trim() && rename.mutate({ id: c.id, name: editing.name.trim() })
                  }
                />
                <Button
                  type="primary"
                  loading={rename.isPending}
                  disabled={!editing.name.trim()}
                  onClick={() => rename.mutate({ id: c.id, name: editing.name.trim() })}
                >
                  {translate('expenses.categoryModal.save')}
                </Button>
                <Button onClick={() => setEditing(null)}>{translate('expenses.categoryModal.cancel')}</Button>
              </Space.Compact>
            ) : (
              <span>
                {categoryLabel(c, translate)}{' '}
                {c.code && <ToneTag tone="neutral">{translate('expenses.categoryModal.builtInTag')}</ToneTag>}
              </span>
            )}
          </List.Item>
        )}
      />
      {canChange && (
        <Form form={form} layout="vertical" onFinish={(values) => add.mutate(values.name.trim())}>
          <Form.Item
            label={translate('expenses.categoryModal.newName')}
            htmlFor="fd-expense-category-new"
            required
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="name"
                noStyle
                rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
              >
                <Input id="fd-expense-category-new" maxLength={40} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                {translate('expenses.categoryModal.add')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
