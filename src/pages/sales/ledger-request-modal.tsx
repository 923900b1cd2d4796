import { CopyOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Form, type FormInstance, Input, InputNumber, Modal, Typography } from 'antd';
import { useId } from 'react';
import { payRequestCreateRoute } from '#domain/api/pay-request.ts';
import type { UnpaidRow } from '#domain/schemas/ledger.ts';
import type { PayRequestCreated } from '#domain/schemas/pay-request.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { seoulDateTime } from './ledger-format.ts';
import { formatAmount, parseWon, useRefreshLedger, useWon } from './ledger-shared.tsx';

/** The request made: whether it was sent, the link (shown once) with a copy button, and when it expires. */
function RequestLink({ made, name, url }: { made: PayRequestCreated; name: string; url: string }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const linkId = useId();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(translate('sales.unpaid.request.copied'));
    } catch {
      message.error(translate('sales.unpaid.request.copyFailed'));
    }
  };
  return (
    <>
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        message={
          made.sent
            ? translate('sales.unpaid.request.sent', { name })
            : translate('sales.unpaid.request.notSent', { name })
        }
      />
      <label htmlFor={linkId}>{translate('sales.unpaid.request.link')}</label>
      <div className="fd-ledger-link-box">
        <Input id={linkId} readOnly value={url} onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => copy(url)}>
          {translate('sales.unpaid.request.copy')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {translate('sales.unpaid.request.expires', { at: seoulDateTime(made.expiresAt) })}
      </Typography.Paragraph>
    </>
  );
}

/** The amount to request: the whole balance unless staff ask for less. */
function RequestForm({
  form,
  row,
  onFinish,
}: {
  form: FormInstance<{ amount: number }>;
  row: UnpaidRow;
  onFinish: (amount: number) => void;
}) {
  const translate = useTranslate();
  const won = useWon();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ amount: row.owed }}
      onFinish={({ amount }) => onFinish(amount)}
    >
      <Typography.Paragraph>
        {translate('sales.unpaid.request.intro', { name: row.memberName, item: row.itemName })}
      </Typography.Paragraph>
      <Form.Item
        name="amount"
        label={translate('sales.unpaid.request.amount')}
        extra={translate('sales.unpaid.request.amountHelp', { owed: won(row.owed) })}
        rules={[
          { required: true, message: translate('sales.unpaid.request.amountRequired') },
          {
            type: 'integer',
            min: 1,
            max: row.owed,
            message: translate('sales.unpaid.request.amountRange', { owed: won(row.owed) }),
          },
        ]}
      >
        <InputNumber<number>
          style={{ width: '100%' }}
          min={1}
          max={row.owed}
          step={10_000}
          formatter={formatAmount}
          parser={parseWon}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * Sending a payment request for a balance (docs/rules.md#payment-requests): the pay-request module makes the link
 * and sends it through the customer's messages; the link shows here once, with a copy button.
 */
export function PayRequestModal({
  gymId,
  row,
  onClose,
}: {
  gymId: number;
  row: UnpaidRow;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const refresh = useRefreshLedger();
  const [form] = Form.useForm<{ amount: number }>();

  const send = useContractMutation(payRequestCreateRoute, {
    input: (amount: number) => ({
      body: { gymId, saleId: row.saleId, ...(amount !== row.owed ? { amount } : {}) },
    }),
    onSuccess: () => refresh(),
    onError: (error) => {
      showFieldErrors(form, error);
      message.error(errorText(error, translate));
    },
  });

  const made = send.data;
  // The server answers the link from the site's root; the copy is the whole address.
  const url = made ? new URL(made.url, window.location.origin).href : '';
  return (
    <Modal
      open
      title={translate('sales.unpaid.request.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        made ? (
          <Button type="primary" onClick={onClose}>
            {translate('sales.unpaid.request.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
            <Button type="primary" loading={send.isPending} onClick={() => form.submit()}>
              {translate('sales.unpaid.request.submit')}
            </Button>
          </>
        )
      }
    >
      {made ? (
        <RequestLink made={made} name={row.memberName} url={url} />
      ) : (
        <RequestForm form={form} row={row} onFinish={(amount) => send.mutate(amount)} />
      )}
    </Modal>
  );
}
