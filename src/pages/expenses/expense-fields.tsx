import { PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Form, InputNumber, Space, Typography, Upload } from 'antd';
import { MAX_UPLOAD_MB } from '#domain/rules/files.ts';
import { EXPENSE_MAX, type ExpenseCategory } from '#domain/schemas/expense.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { categoryLabel } from './expense-api.ts';

// The expense drawer's fields (expense-drawer.tsx) that are more than an input.

/** The category, with "add category" beside it. */
export function CategoryField({
  categories,
  onAddCategory,
}: {
  categories: ExpenseCategory[];
  onAddCategory: () => void;
}) {
  const translate = useTranslate();
  return (
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
  );
}

/** The amount: a whole number of won above 0, with thousands separators. */
export function AmountField() {
  const translate = useTranslate();
  return (
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
  );
}

/** The optional receipt: uploaded as a document, shown by its name with a button to remove it. */
export function ReceiptField({
  receipt,
  uploading,
  uploadError,
  onRemove,
  onUpload,
}: {
  receipt: { id: string; name: string } | null;
  uploading: boolean;
  uploadError: string | null;
  onRemove: () => void;
  onUpload: (file: File) => void;
}) {
  const translate = useTranslate();
  return (
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
            <PaperClipOutlined aria-hidden /> {translate('expenses.form.uploaded', { name: receipt.name })}
          </Typography.Text>
          <Button size="small" danger onClick={onRemove}>
            {translate('expenses.form.removeReceipt')}
          </Button>
        </Space>
      ) : (
        <Upload
          accept="image/png,image/jpeg,application/pdf"
          showUploadList={false}
          beforeUpload={(file) => {
            onUpload(file);
            return false;
          }}
        >
          <Button id="fd-expense-receipt" icon={<UploadOutlined aria-hidden />} loading={uploading}>
            {translate('expenses.form.upload')}
          </Button>
        </Upload>
      )}
    </Form.Item>
  );
}
