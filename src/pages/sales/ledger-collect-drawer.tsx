import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Descriptions, Drawer, Form, Grid, Space } from 'antd';
import { saleCollectRoute } from '#domain/api/sales.ts';
import type { PaymentMethod } from '#domain/enums.ts';
import { collectRefusal } from '#domain/rules/ledger.ts';
import type { UnpaidRow } from '#domain/schemas/ledger.ts';
import { PaymentLines } from '#src/components/sale/payment-lines.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { paymentsTotal } from '../customers/money.ts';
import { useRefreshLedger, useWon } from './ledger-shared.tsx';

type Values = { payments: { method: PaymentMethod; amount?: number }[] };

/**
 * Collecting a balance (docs/rules.md#money): method rows (card, cash, transfer, any mix), capped at what the sale
 * owes by `collectRefusal`, the same rule the server applies; the rest stays owed.
 */
export function CollectDrawer({
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
  const { message } = App.useApp();
  const refresh = useRefreshLedger();
  const [form] = Form.useForm<Values>();
  const screens = Grid.useBreakpoint();
  const payments = Form.useWatch('payments', form);
  const paying = paymentsTotal(payments);
  const lines = (payments ?? [])
    .filter((p) => p && typeof p.amount === 'number' && p.amount > 0)
    .map((p) => ({ method: p.method, amount: p.amount! }));
  const refusal = collectRefusal(
    { price: row.price, adjusted: row.adjusted, paid: row.paid, closed: false },
    lines,
  );

  const collect = useContractMutation<typeof saleCollectRoute, void>(saleCollectRoute, {
    input: () => ({ params: { saleId: row.saleId }, body: { gymId, payments: lines } }),
    onSuccess: (result) => {
      message.success(
        result.owed > 0
          ? translate('sales.unpaid.collect.donePartly', { owed: won(result.owed) })
          : translate('sales.unpaid.collect.done'),
      );
      refresh();
      onClose();
    },
    onError: (error) => {
      showFieldErrors(form, error);
      message.error(errorText(error, translate));
      refresh();
    },
  });

  return (
    <Drawer
      open
      className="fd-ledger-drawer"
      title={translate('sales.unpaid.collect.title')}
      width={screens.md ? 440 : '100%'}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button
            type="primary"
            loading={collect.isPending}
            disabled={lines.length === 0 || refusal !== null}
            onClick={() => form.submit()}
          >
            {translate('sales.unpaid.collect.submit', { amount: won(paying) })}
          </Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'customer', label: translate('sales.history.customer'), children: row.memberName },
          { key: 'item', label: translate('sales.history.item'), children: row.itemName },
          { key: 'owed', label: translate('sales.unpaid.owed'), children: <strong>{won(row.owed)}</strong> },
        ]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{ payments: [{ method: 'CARD', amount: row.owed }] }}
        onFinish={() => collect.mutate()}
      >
        <PaymentLines />
      </Form>
      <Alert
        style={{ marginTop: 12 }}
        role="status"
        type={refusal === 'paymentsAboveOwed' ? 'error' : paying < row.owed ? 'warning' : 'success'}
        message={
          refusal === 'paymentsAboveOwed'
            ? translate('sales.unpaid.collect.above', { owed: won(row.owed) })
            : translate('sales.unpaid.collect.left', { owed: won(Math.max(0, row.owed - paying)) })
        }
      />
    </Drawer>
  );
}
