import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adjustRoute,
  collectRoute,
  endHoldRoute,
  holdRoute,
  refundPreviewRoute,
  refundRoute,
  transferRoute,
} from '#domain/api/pass.ts';
import { type RefundFault, refundSplit } from '#domain/rules/refund.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { leaveUnpaidOf } from '#src/components/sale/sale-model.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon, paymentsTotal } from './money.ts';
import {
  AdjustFields,
  CollectFields,
  EndHoldNote,
  HoldFields,
  RefundFields,
  TransferFields,
} from './pass-action-fields.tsx';
import type { PassAction } from './pass-view.tsx';

type Props = {
  action: PassAction;
  pass: TicketIssueDetail;
  gymId: number;
  onClose: () => void;
  onDone: () => void;
};

/** The action's call, as the dialog's values give it: each action has its own route and body. */
const passActionCall = async (
  action: PassAction,
  id: number,
  values: Record<string, unknown>,
  fault: RefundFault,
  transferOwed: number,
) => {
  const params = { id };
  const lines = ((values.payments as { method: 'CARD'; amount?: number }[] | undefined) ?? [])
    .filter((p) => p.amount)
    .map((p) => ({ method: p.method, amount: p.amount! }));
  switch (action) {
    case 'collect':
      return api.call(collectRoute, { params, body: { payments: lines } });
    case 'hold':
      return api.call(holdRoute, {
        params,
        body: {
          startDate: (values.startDate as Dayjs).format('YYYY-MM-DD'),
          endDate: (values.endDate as Dayjs).format('YYYY-MM-DD'),
          reason: (values.reason as string) || null,
        },
      });
    case 'end-hold':
      return api.call(endHoldRoute, { params, body: {} });
    case 'transfer':
      return api.call(transferRoute, {
        params,
        body: {
          toMemberId: values.toMemberId as number,
          fee: values.fee as number,
          payments: lines,
          ...leaveUnpaidOf(transferOwed, values.leaveUnpaid),
        },
      });
    case 'adjust':
      return api.call(adjustRoute, {
        params,
        body: { sessions: values.sessions as number, note: values.note as string },
      });
    case 'refund':
      return api.call(refundRoute, {
        params,
        body: {
          fault,
          amount: values.amount as number,
          lines: ((values.refundLines as { method: 'CARD'; amount?: number }[] | undefined) ?? [])
            .filter((p) => p.amount)
            .map((p) => ({ method: p.method, amount: p.amount! })),
          note: (values.note as string) || null,
        },
      });
  }
};

/**
 * The dialogs of a pass's actions (docs/rules.md#passes, #refunds): each previews with the same domain/ function
 * the server runs, and the server's refusal (a hold beyond the limits, a refund above the formula) shows in place.
 */
export function PassActionDialog({ action, pass, gymId, onClose, onDone }: Props) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const today = seoulToday(new Date());
  const won = (n: number) => formatWon(n, i18n.language);
  const [fault, setFault] = useState<RefundFault>('MEMBER');

  const payments = Form.useWatch('payments', form);
  const transferFee = (Form.useWatch('fee', form) as number | undefined) ?? 0;
  const transferOwed = Math.max(transferFee - paymentsTotal(payments), 0);
  const refundAmount = Form.useWatch<number | undefined>('amount', form);
  const refundLines = Form.useWatch('refundLines', form);
  // docs/rules.md#refunds: the refund goes back through the pass's payment lines, in the order they were paid.
  const paidLines = pass.payments
    .filter((p) => p.status === 'APPROVE')
    .map((p) => ({ id: p.id, method: p.method, amount: p.amount }));
  const proposeLines = (amount: number | null | undefined) =>
    refundSplit(paidLines, typeof amount === 'number' ? amount : 0).map(({ method, amount: a }) => ({
      method,
      amount: a,
    }));

  const preview = useQuery({
    queryKey: ['passes', 'refund-preview', pass.id, fault],
    queryFn: () => api.call(refundPreviewRoute, { params: { id: pass.id }, query: { fault } }),
    enabled: action === 'refund',
  });

  const run = useMutation({
    meta: { silent: true },
    mutationFn: (values: Record<string, unknown>) =>
      passActionCall(action, pass.id, values, fault, transferOwed),
    onSuccess: () => {
      message.success(translate(`passes.done.${action}`));
      onDone();
    },
    onError: (error) => {
      if (!showFieldErrors(form, error)) message.error(errorText(error, translate));
    },
  });

  const refund = preview.data;
  // The amount starts at the formula's figure (for the fault chosen), and the lines at the original split.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per preview, not on each keystroke.
  useEffect(() => {
    if (action !== 'refund' || !refund) return;
    form.setFieldsValue({ amount: refund.refund, refundLines: proposeLines(refund.refund) });
  }, [refund]);
  const refundLinesTotal = paymentsTotal(refundLines);

  return (
    <Modal
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={translate(`passes.actions.${action}`)}
      okButtonProps={{
        danger: action === 'refund',
        loading: run.isPending,
        disabled:
          action === 'refund' &&
          (!refund || refund.refund <= 0 || !refundAmount || refundLinesTotal !== refundAmount),
      }}
      cancelText={translate('buttons.cancel')}
      title={`${translate(`passes.actions.${action}`)} · ${pass.ticketName}`}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => run.mutate(values)}
        initialValues={{
          payments:
            action === 'collect'
              ? [{ method: 'CARD', amount: pass.unpaidAmount }]
              : action === 'transfer'
                ? [{ method: 'CARD' }]
                : [],
          fee: pass.transferFee,
          sessions: 1,
          startDate: dayjs(today),
        }}
      >
        {action === 'collect' && <CollectFields pass={pass} payments={payments} won={won} />}
        {action === 'hold' && <HoldFields pass={pass} today={today} />}
        {action === 'end-hold' && <EndHoldNote pass={pass} today={today} />}
        {action === 'transfer' && <TransferFields pass={pass} gymId={gymId} transferFee={transferFee} />}
        {action === 'adjust' && <AdjustFields pass={pass} />}
        {action === 'refund' && (
          <RefundFields
            refund={refund}
            fault={fault}
            onFault={setFault}
            won={won}
            refundAmount={refundAmount}
            refundLinesTotal={refundLinesTotal}
            onAmount={(v) => form.setFieldsValue({ refundLines: proposeLines(v) })}
          />
        )}
      </Form>
    </Modal>
  );
}
