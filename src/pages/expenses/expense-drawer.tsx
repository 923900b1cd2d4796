import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Form, Grid, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { expenseCreateRoute } from '#domain/api/expense.ts';
import { uploadFileRoute } from '#domain/api/file.ts';
import { type PaymentMethod, paymentMethods } from '#domain/enums.ts';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import type { Expense, ExpenseCategory } from '#domain/schemas/expense.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { AmountField, CategoryField, ReceiptField } from './expense-fields.tsx';

type Values = {
  spentOn: Dayjs;
  categoryId?: number;
  amount?: number;
  method: PaymentMethod;
  memo?: string;
};

/**
 * Recording an expense (docs/rules.md#expenditure): the day, the category (with "add category" beside it), the
 * amount above 0, the method, a memo and an optional receipt uploaded as a document (type ETC). Nothing is saved
 * until the staff member confirms; a refusal keeps what was typed.
 */
export function ExpenseDrawer({
  gymId,
  categories,
  defaultDate,
  onAddCategory,
  onClose,
  onSaved,
}: {
  gymId: number;
  categories: ExpenseCategory[];
  defaultDate: string;
  onAddCategory: () => void;
  onClose: () => void;
  onSaved: (expense: Expense) => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [receipt, setReceipt] = useState<{ id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const urls = await api.upload(uploadFileRoute, { query: { type: 'ETC' }, field: 'file', file });
      const id = urls[0] ? fileIdOfUrl(urls[0]) : undefined;
      if (id) setReceipt({ id, name: file.name });
    } catch (error) {
      setUploadError(errorText(error, translate) || translate('expenses.form.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const save = useMutation({
    mutationFn: (values: Values) =>
      api.call(expenseCreateRoute, {
        body: {
          gymId,
          spentOn: values.spentOn.format('YYYY-MM-DD'),
          categoryId: values.categoryId ?? 0,
          amount: values.amount ?? 0,
          method: values.method,
          ...(values.memo?.trim() ? { memo: values.memo.trim() } : {}),
          ...(receipt ? { fileId: receipt.id } : {}),
        },
      }),
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (error) => {
      showFieldErrors(form, error);
      const onFile = fieldErrorsOf(error).find((f) => f.name === 'fileId');
      if (onFile) setUploadError(onFile.errors.join(' '));
    },
  });

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 480 : '100%'}
      rootClassName="fd-rx-overlay"
      title={translate('expenses.form.title')}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
          <Button onClick={onClose}>{translate('expenses.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={uploading} onClick={() => form.submit()}>
            {translate('expenses.form.submit')}
          </Button>
        </Space>
      }
    >
      {save.isError && fieldErrorsOf(save.error).length === 0 && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ spentOn: dayjs(defaultDate), method: 'CARD' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="spentOn"
          label={translate('expenses.form.spentOn')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <DatePicker format="YYYY-MM-DD" allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <CategoryField categories={categories} onAddCategory={onAddCategory} />
        <AmountField />
        <Form.Item name="method" label={translate('expenses.form.method')} required>
          <RadioChoices
            optionType="button"
            options={paymentMethods.map((m) => ({ value: m, label: translate(`expenses.method.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="memo" label={translate('expenses.form.memo')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <ReceiptField
          receipt={receipt}
          uploading={uploading}
          uploadError={uploadError}
          onRemove={() => setReceipt(null)}
          onUpload={(file) => void upload(file)}
        />
      </Form>
    </Drawer>
  );
}
