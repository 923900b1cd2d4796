import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { errorText } from '#src/kit/error-text.ts';

/**
 * Cancelling a cash receipt or a tax invoice (docs/rules.md#cash-receipts): a confirmation that names it, with
 * the reason the record keeps. Nothing happens until the staff member confirms.
 */
export function CancelReceiptModal({
  summary,
  cancel,
  onClose,
  onCancelled,
}: {
  /** "TEST-C-… · 150,000원" */
  summary: { number: string; amount: string };
  cancel: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const run = useMutation({
    mutationFn: (reason: string) => cancel(reason),
    meta: { silent: true },
    onSuccess: onCancelled,
  });
  return (
    <Modal
      open
      title={translate('receipts.cancel.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={translate('receipts.cancel.confirm')}
      okButtonProps={{ danger: true, loading: run.isPending }}
      cancelText={translate('receipts.cancel.keep')}
      rootClassName="fd-rx-overlay"
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('receipts.cancel.body', summary)}</Typography.Paragraph>
      {run.isError && <Alert type="error" showIcon role="alert" message={errorText(run.error, translate)} />}
      <Form form={form} layout="vertical" onFinish={(values) => run.mutate(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={translate('receipts.cancel.reason')}
          rules={[{ required: true, whitespace: true, message: translate('receipts.cancel.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
