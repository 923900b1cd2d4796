import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { expenseReverseRoute } from '#domain/api/expense.ts';
import type { Expense } from '#domain/schemas/expense.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';

/** The confirmation before a reversal, with its reason (docs/rules.md#expenditure). */
export function ReverseModal({
  gymId,
  expense,
  summary,
  onClose,
  onReversed,
}: {
  gymId: number;
  expense: Expense;
  summary: { date: string; category: string; amount: string };
  onClose: () => void;
  onReversed: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const run = useMutation({
    mutationFn: (reason: string) =>
      api.call(expenseReverseRoute, { params: { id: expense.id }, body: { gymId, reason } }),
    meta: { silent: true },
    onSuccess: onReversed,
  });
  return (
    <Modal
      open
      title={translate('expenses.reverse.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={translate('expenses.reverse.confirm')}
      okButtonProps={{ danger: true, loading: run.isPending }}
      cancelText={translate('expenses.reverse.keep')}
      rootClassName="fd-rx-overlay"
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('expenses.reverse.body', summary)}</Typography.Paragraph>
      {run.isError && <Alert type="error" showIcon role="alert" message={errorText(run.error, translate)} />}
      <Form form={form} layout="vertical" onFinish={(values) => run.mutate(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={translate('expenses.reverse.reason')}
          rules={[
            { required: true, whitespace: true, message: translate('expenses.reverse.reasonRequired') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
