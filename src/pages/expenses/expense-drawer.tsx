import { PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Space,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { expenseCreateRoute } from '#domain/api/expense.ts';
import { uploadFileRoute } from '#domain/api/file.ts';
import { type PaymentMethod, paymentMethods } from '#domain/enums.ts';
import { fileIdOfUrl, MAX_UPLOAD_MB } from '#domain/rules/files.ts';
import { EXPENSE_MAX, type Expense, type ExpenseCategory } from '#domain/schemas/expense.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { errorText, showFieldErrors } from '../receipts/receipt-api.ts';
import { categoryLabel } from './expense-api.ts';

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
        <Form.Item label={translate('expenses.form.category')} htmlFor="fd-expense-category" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="categoryId"
              noStyle
              rules={[{ required: true, message: translate('validation.required') }]}
            >
              <PlainSelect<number>
                id="fd-expense-category"
                style={{ width: '100%' }}
                options={categories.map((c) => ({ value: c.id, label: categoryLabel(c, translate) }))}
              />
            </Form.Item>
            <Button icon={<PlusOutlined aria-hidden />} onClick={onAddCategory}>
              {translate('expenses.form.addCategory')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="amount"
          label={translate('expenses.form.amount')}
          rules={[
            { required: true, message: translate('validation.required') },
            { type: 'integer', min: 1, message: translate('expenses.form.amountPositive') },
            { type: 'integer', max: EXPENSE_MAX, message: translate('validation.tooLarge') },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={1}
            step={10_000}
            inputMode="numeric"
            formatter={(v) =>
              v === undefined || v === null || v === ('' as never) ? '' : Number(v).toLocaleString()
            }
            parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
          />
        </Form.Item>
        <Form.Item name="method" label={translate('expenses.form.method')} required>
          <RadioChoices
            optionType="button"
            options={paymentMethods.map((m) => ({ value: m, label: translate(`expenses.method.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="memo" label={translate('expenses.form.memo')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          label={translate('expenses.form.receipt')}
          htmlFor="fd-expense-receipt"
          extra={translate('expenses.form.receiptHelp', { mb: MAX_UPLOAD_MB })}
          validateStatus={uploadError ? 'error' : undefined}
          help={uploadError ?? undefined}
        >
          {receipt ? (
            <Space wrap>
              <Typography.Text>
                <PaperClipOutlined aria-hidden />{' '}
                {translate('expenses.form.uploaded', { name: receipt.name })}
              </Typography.Text>
              <Button size="small" danger onClick={() => setReceipt(null)}>
                {translate('expenses.form.removeReceipt')}
              </Button>
            </Space>
          ) : (
            <Upload
              accept="image/png,image/jpeg,application/pdf"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button id="fd-expense-receipt" icon={<UploadOutlined aria-hidden />} loading={uploading}>
                {translate('expenses.form.upload')}
              </Button>
            </Upload>
          )}
        </Form.Item>
      </Form>
    </Drawer>
  );
}
