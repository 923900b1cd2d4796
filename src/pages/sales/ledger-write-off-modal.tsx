import { useTranslate } from '@refinedev/core';
import { Alert, App, Form, Input, Modal } from 'antd';
import { saleWriteOffRoute } from '#domain/api/sales.ts';
import type { UnpaidRow } from '#domain/schemas/ledger.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { useRefreshLedger, useWon } from './ledger-shared.tsx';

/**
 * Writing off a balance (docs/rules.md#money): the representative's alone, the whole owed amount, with a required
 * reason and a second confirmation; it becomes a WRITE_OFF row on the sale, nothing is deleted.
 */
export function WriteOffModal({
  gymId,
  row,
  onClose,
}: {
  gymId: number;
  row: UnpaidRow;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const won = useWon();
  const { message, modal } = App.useApp();
  const refresh = useRefreshLedger();
  const [form] = Form.useForm<{ reason: string }>();

  const writeOff = useContractMutation(saleWriteOffRoute, {
    input: (reason: string) => ({ params: { saleId: row.saleId }, body: { gymId, reason } }),
    onSuccess: () => {
      message.success(translate('sales.unpaid.writeOff.done', { amount: won(row.owed) }));
      refresh();
      onClose();
    },
    onError: (error) => {
      showFieldErrors(form, error);
      message.error(errorText(error, translate));
      refresh();
    },
  });

  const confirm = ({ reason }: { reason: string }) =>
    modal.confirm({
      title: translate('sales.unpaid.writeOff.confirmTitle'),
      content: translate('sales.unpaid.writeOff.confirmText', {
        name: row.memberName,
        amount: won(row.owed),
      }),
      okText: translate('sales.unpaid.writeOff.submit'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => writeOff.mutateAsync(reason.trim()).catch(() => undefined),
    });

  return (
    <Modal
      open
      title={translate('sales.unpaid.writeOff.title')}
      okText={translate('sales.unpaid.writeOff.next')}
      okButtonProps={{ danger: true, loading: writeOff.isPending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={translate('sales.unpaid.writeOff.warning', {
          name: row.memberName,
          item: row.itemName,
          amount: won(row.owed),
        })}
      />
      <Form form={form} layout="vertical" onFinish={confirm}>
        <Form.Item
          name="reason"
          label={translate('sales.unpaid.writeOff.reason')}
          rules={[
            { required: true, whitespace: true, message: translate('sales.unpaid.writeOff.reasonRequired') },
          ]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
