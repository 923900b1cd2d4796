import { useTranslate } from '@refinedev/core';
import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { saleCorrectRoute } from '#domain/api/sales.ts';
import { correctionRefusal, maxCorrection, type SaleMoney } from '#domain/rules/ledger.ts';
import type { SalesRow } from '#domain/schemas/ledger.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { formatAmount, parseWon, useRefreshLedger, useWon } from './ledger-shared.tsx';

type Values = { amount?: number; reason: string };

/**
 * Correcting a sale's price down (docs/rules.md#money): an amount and a reason, never below what was paid
 * (`correctionRefusal`, the rule the server applies); it becomes a CORRECTION row, the sale itself is unchanged.
 */
export function CorrectModal({ gymId, row, onClose }: { gymId: number; row: SalesRow; onClose: () => void }) {
  const translate = useTranslate();
  const won = useWon();
  const { message } = App.useApp();
  const refresh = useRefreshLedger();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);
  const money: SaleMoney = {
    price: row.price,
    adjusted: row.adjustments.reduce((s, a) => s + a.amount, 0),
    paid: row.paid,
    closed: row.closed,
  };
  const max = maxCorrection(money);
  const refusal = typeof amount === 'number' && amount > 0 ? correctionRefusal(money, amount) : null;

  const correct = useContractMutation(saleCorrectRoute, {
    input: (values: { amount: number; reason: string }) => ({
      params: { saleId: row.id },
      body: { gymId, ...values },
    }),
    onSuccess: () => {
      message.success(translate('sales.salesList.correct.done'));
      refresh();
      onClose();
    },
    onError: (error) => {
      showFieldErrors(form, error);
      message.error(errorText(error, translate));
    },
  });

  return (
    <Modal
      open
      title={translate('sales.salesList.correct.title')}
      okText={translate('sales.salesList.correct.submit')}
      okButtonProps={{ loading: correct.isPending, disabled: refusal !== null || max === 0 }}
      cancelText={translate('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type={max === 0 ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={
          max === 0
            ? translate('sales.salesList.correct.nothing')
            : translate('sales.salesList.correct.intro', {
                item: row.itemName,
                price: won(money.price - money.adjusted),
                paid: won(money.paid),
                max: won(max),
              })
        }
      />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => correct.mutate({ amount: values.amount!, reason: values.reason.trim() })}
      >
        <Form.Item
          name="amount"
          label={translate('sales.salesList.correct.amount')}
          validateStatus={refusal ? 'error' : undefined}
          help={refusal ? translate('sales.salesList.correct.belowPaid', { max: won(max) }) : undefined}
          rules={[
            { required: true, message: translate('sales.salesList.correct.amountRequired') },
            { type: 'integer', min: 1, message: translate('sales.salesList.correct.amountRequired') },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={1}
            step={10_000}
            disabled={max === 0}
            formatter={formatAmount}
            parser={parseWon}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={translate('sales.salesList.correct.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: translate('sales.salesList.correct.reasonRequired'),
            },
          ]}
        >
          <Input.TextArea
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            disabled={max === 0}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
