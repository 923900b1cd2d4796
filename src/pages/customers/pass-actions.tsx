import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListRoute } from '#domain/api/customer.ts';
import {
  adjustRoute,
  collectRoute,
  endHoldRoute,
  holdRoute,
  refundPreviewRoute,
  refundRoute,
  transferRoute,
} from '#domain/api/pass.ts';
import { checkHold } from '#domain/rules/passes.ts';
import { type RefundFault, refundSplit } from '#domain/rules/refund.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import { PaymentLines } from '#src/components/sale/payment-lines.tsx';
import { leaveUnpaidOf } from '#src/components/sale/sale-model.ts';
import { SalePayment } from '#src/components/sale/sale-payment.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { fieldErrorsOf } from './add-customer-drawer.tsx';
import { formatWon, paymentsTotal } from './money.ts';
import type { PassAction } from './pass-view.tsx';

type Props = {
  action: PassAction;
  pass: TicketIssueDetail;
  gymId: number;
  onClose: () => void;
  onDone: () => void;
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
  const [customerSearch, setCustomerSearch] = useState('');

  const holdStart = Form.useWatch<Dayjs | undefined>('startDate', form);
  const holdEnd = Form.useWatch<Dayjs | undefined>('endDate', form);
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
  const candidates = useQuery({
    queryKey: ['customers', 'transfer-candidates', gymId, customerSearch],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, q: customerSearch || undefined, _start: 0, _end: 20 },
      }),
    enabled: action === 'transfer',
  });

  const run = useMutation({
    meta: { silent: true },
    mutationFn: async (values: Record<string, unknown>) => {
      const params = { id: pass.id };
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
    },
    onSuccess: () => {
      message.success(translate(`passes.done.${action}`));
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN'));
    },
  });

  const holdCheck =
    action === 'hold' && holdStart && holdEnd
      ? checkHold({
          limits: {
            holdMaxCount: pass.holdMaxCount,
            holdMaxDays: pass.holdMaxDays,
            holdMinDays: pass.holdMinDays,
          },
          existing: pass.holds,
          hold: { startDate: holdStart.format('YYYY-MM-DD'), endDate: holdEnd.format('YYYY-MM-DD') },
          pass: {
            status: pass.status === 'REFUND' ? 'REFUND' : 'FIN',
            startDate: pass.startDate,
            endDate: pass.endDate,
            sessionsLeft: pass.sessionsLeft,
          },
          today,
        })
      : null;
  const limits = [
    pass.holdMaxCount !== null ? translate('passes.hold.maxCount', { count: pass.holdMaxCount }) : null,
    pass.holdMaxDays !== null ? translate('passes.hold.maxDays', { count: pass.holdMaxDays }) : null,
    pass.holdMinDays !== null ? translate('passes.hold.minDays', { count: pass.holdMinDays }) : null,
  ].filter(Boolean);
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
        {action === 'collect' && (
          <>
            <Typography.Paragraph>
              {translate('passes.collect.owed', { amount: won(pass.unpaidAmount) })}
            </Typography.Paragraph>
            <PaymentLines />
            {paymentsTotal(payments) > pass.unpaidAmount && (
              <Alert type="error" showIcon message={translate('validation.paymentsAboveUnpaid')} />
            )}
          </>
        )}
        {action === 'hold' && (
          <>
            <Alert
              type="info"
              showIcon
              className="fd-pass-card"
              message={limits.length ? limits.join(' · ') : translate('passes.hold.noLimits')}
            />
            <Space wrap>
              <Form.Item name="startDate" label={translate('passes.hold.start')} rules={[{ required: true }]}>
                <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') < today} />
              </Form.Item>
              <Form.Item name="endDate" label={translate('passes.hold.end')} rules={[{ required: true }]}>
                <DatePicker />
              </Form.Item>
            </Space>
            <Form.Item name="reason" label={translate('passes.hold.reason')}>
              <Input maxLength={200} />
            </Form.Item>
            {holdCheck &&
              (holdCheck.ok ? (
                <Alert
                  type="success"
                  showIcon
                  role="status"
                  message={translate('passes.hold.preview', {
                    days: holdCheck.days,
                    end: holdCheck.newEndDate ?? '-',
                  })}
                />
              ) : (
                <Alert
                  type="error"
                  showIcon
                  role="status"
                  message={translate(`passes.hold.refusal.${holdCheck.reason}`, {
                    min: pass.holdMinDays ?? 0,
                    max:
                      holdCheck.reason === 'holdTooMany' ? (pass.holdMaxCount ?? 0) : (pass.holdMaxDays ?? 0),
                  })}
                />
              ))}
          </>
        )}
        {action === 'end-hold' && (
          <Typography.Paragraph>
            {/* docs/rules.md#holds: a hold ended on (or before) its first day is cancelled. */}
            {pass.holds.some((h) => h.startDate >= today && h.endDate >= h.startDate) &&
            !pass.holds.some((h) => h.startDate < today && today <= h.endDate)
              ? translate('passes.hold.endHelpCancel')
              : translate('passes.hold.endHelp', { date: today })}
          </Typography.Paragraph>
        )}
        {action === 'transfer' && (
          <>
            <Form.Item
              name="toMemberId"
              label={translate('passes.transfer.to')}
              rules={[{ required: true, message: translate('validation.required') }]}
            >
              <Select
                showSearch
                filterOption={false}
                onSearch={setCustomerSearch}
                loading={candidates.isFetching}
                options={(candidates.data ?? [])
                  .filter((c) => c.id !== pass.memberId)
                  .map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
              />
            </Form.Item>
            <Form.Item
              name="fee"
              label={translate('passes.transfer.fee')}
              rules={[{ type: 'integer', min: 0 }]}
            >
              <InputNumber<number> min={0} step={10_000} style={{ width: '100%' }} />
            </Form.Item>
            {/* The fee is a sale: the payment part of every sale (docs/rules.md#leave-unpaid). */}
            <SalePayment total={transferFee || 0} />
          </>
        )}
        {action === 'adjust' && (
          <>
            <Typography.Paragraph>
              {translate('passes.adjust.help', { left: pass.sessionsLeft ?? 0, used: pass.sessionsUsed })}
            </Typography.Paragraph>
            <Form.Item
              name="sessions"
              label={translate('passes.adjust.sessions')}
              rules={[{ required: true, type: 'integer' }]}
            >
              <InputNumber<number> min={-999} max={999} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="note"
              label={translate('passes.adjust.note')}
              rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
        {action === 'refund' && (
          <>
            <Radio.Group
              value={fault}
              onChange={(event) => setFault(event.target.value as RefundFault)}
              optionType="button"
              options={(['MEMBER', 'BUSINESS'] as const).map((f) => ({
                value: f,
                label: translate(`passes.refund.fault.${f}`),
              }))}
            />
            {refund && (
              <table
                className="fd-refund-lines"
                aria-label={translate('passes.refund.computation')}
                style={{ margin: '12px 0' }}
              >
                <tbody>
                  {refund.lines.map((line) => (
                    <tr key={line.key}>
                      <th scope="row" style={{ textAlign: 'left' }}>
                        {translate(`passes.refund.lines.${line.key}`)}
                      </th>
                      <td className="fd-nowrap">{line.formula}</td>
                      <td style={{ textAlign: 'right' }} className="fd-nowrap">
                        {line.sign === -1
                          ? '− '
                          : line.sign === 1 && line.key !== 'paid' && line.key !== 'refund'
                            ? '+ '
                            : ''}
                        {won(line.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {refund && refund.refund <= 0 && (
              <Alert type="warning" showIcon role="status" message={translate('passes.refund.nothing')} />
            )}
            {refund && (
              <Typography.Paragraph type="secondary">
                {refund.basis === 'PERIOD'
                  ? translate('passes.refund.periodNote', {
                      used: refund.usedDays ?? 0,
                      total: refund.contractDays ?? 0,
                      held: refund.heldDays,
                    })
                  : translate('passes.refund.sessionNote', {
                      used: refund.usedSessions ?? 0,
                      total: refund.contractSessions ?? 0,
                    })}{' '}
                {translate('passes.refund.roundDown')}
              </Typography.Paragraph>
            )}
            <Form.Item
              name="amount"
              label={translate('passes.refund.amount')}
              rules={[
                { required: true, message: translate('validation.positiveAmount') },
                { type: 'integer', min: 1, message: translate('validation.positiveAmount') },
                {
                  type: 'integer',
                  max: refund?.refund ?? 0,
                  message: translate('validation.refundAboveFormula'),
                },
              ]}
            >
              <InputNumber<number>
                min={0}
                max={refund?.refund}
                style={{ width: 180 }}
                formatter={(v) => (v === undefined || v === null ? '' : Number(v).toLocaleString())}
                parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
                onChange={(v) => form.setFieldsValue({ refundLines: proposeLines(v) })}
              />
            </Form.Item>
            <Typography.Text strong>{translate('passes.refund.linesTitle')}</Typography.Text>
            <PaymentLines name="refundLines" />
            {typeof refundAmount === 'number' && refundLinesTotal !== refundAmount && (
              <Alert
                type="error"
                showIcon
                role="status"
                style={{ marginTop: 8 }}
                message={translate('validation.refundLinesSum')}
              />
            )}
            <Form.Item name="note" label={translate('passes.refund.note')}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
