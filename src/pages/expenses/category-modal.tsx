import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, type FormInstance, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { expenseCategoryCreateRoute, expenseCategoryUpdateRoute } from '#domain/api/expense.ts';
import type { ExpenseCategory } from '#domain/schemas/expense.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { categoryLabel } from './expense-api.ts';

/** A category's name being changed in place: save (Enter too) or cancel. */
function RenameEditor({
  category,
  name,
  saving,
  onChange,
  onSave,
  onCancel,
}: {
  category: ExpenseCategory;
  name: string;
  saving: boolean;
  onChange: (name: string) => void;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        aria-label={translate('expenses.categoryModal.renameOf', { name: category.name })}
        value={name}
        maxLength={40}
        autoFocus
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={() => name.trim() && onSave(name.trim())}
      />
      <Button type="primary" loading={saving} disabled={!name.trim()} onClick={() => onSave(name.trim())}>
        {translate('expenses.categoryModal.save')}
      </Button>
      <Button onClick={onCancel}>{translate('expenses.categoryModal.cancel')}</Button>
    </Space.Compact>
  );
}

/** A new category's name. */
function AddCategoryForm({
  form,
  adding,
  onAdd,
}: {
  form: FormInstance<{ name: string }>;
  adding: boolean;
  onAdd: (name: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Form form={form} layout="vertical" onFinish={(values) => onAdd(values.name.trim())}>
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
          <Button type="primary" htmlType="submit" loading={adding}>
            {translate('expenses.categoryModal.add')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}

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
              <RenameEditor
                category={c}
                name={editing.name}
                saving={rename.isPending}
                onChange={(name) => setEditing({ id: c.id, name })}
                onSave={(name) => rename.mutate({ id: c.id, name })}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <span>
                {categoryLabel(c, translate)}{' '}
                {c.code && <ToneTag tone="neutral">{translate('expenses.categoryModal.builtInTag')}</ToneTag>}
              </span>
            )}
          </List.Item>
        )}
      />
      {canChange && <AddCategoryForm form={form} adding={add.isPending} onAdd={(name) => add.mutate(name)} />}
    </Modal>
  );
}
