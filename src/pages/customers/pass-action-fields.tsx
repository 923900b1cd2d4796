import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { customerListRoute } from '#domain/api/customer.ts';
import type { refundPreviewRoute } from '#domain/api/pass.ts';
import { checkHold } from '#domain/rules/passes.ts';
import type { RefundFault } from '#domain/rules/refund.ts';
import type { TicketIssueDetail } from '#domain/schemas/pass.ts';
import type { Answer } from '#src/api/client.ts';
import { PaymentLines } from '#src/components/sale/payment-lines.tsx';
import { SalePayment } from '#src/components/sale/sale-payment.tsx';
import { api } from '#src/providers/instances.ts';
import { paymentsTotal } from './money.ts';

// The fields of each pass action's dialog (pass-actions.tsx).

type Won = (n: number) => string;

/** Collecting what the pass still owes: the payment lines, never above it. */
export function CollectFields({
  pass,
  payments,
  won,
}: {
  pass: TicketIssueDetail;
  payments: Parameters<typeof paymentsTotal>[0];
  won: Won;
}) {
  const translate = useTranslate();
  return (
    <>
      <Typography.Paragraph>
        {translate('passes.collect.owed', { amount: won(pass.unpaidAmount) })}
      </Typography.Paragraph>
      <PaymentLines />
      {paymentsTotal(payments) > pass.unpaidAmount && (
        <Alert type="error" showIcon message={translate('validation.paymentsAboveUnpaid')} />
      )}
    </>
  );
}

/** A hold: its days within the pass's limits, checked here with the server's own rule as they are picked. */
export function HoldFields({ pass, today }: { pass: TicketIssueDetail; today: string }) {
  const translate = useTranslate();
  const form = Form.useFormInstance();
  const holdStart = Form.useWatch<Dayjs | undefined>('startDate', form);
  const holdEnd = Form.useWatch<Dayjs | undefined>('endDate', form);
  const holdCheck =
    holdStart && holdEnd
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
  return (
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
              max: holdCheck.reason === 'holdTooMany' ? (pass.holdMaxCount ?? 0) : (pass.holdMaxDays ?? 0),
            })}
          />
        ))}
    </>
  );
}

/** What ending the hold does: cancels one not begun, else ends it today. */
export function EndHoldNote({ pass, today }: { pass: TicketIssueDetail; today: string }) {
  const translate = useTranslate();
  return (
    <Typography.Paragraph>
      {/* docs/rules.md#holds: a hold ended on (or before) its first day is cancelled. */}
      {pass.holds.some((h) => h.startDate >= today && h.endDate >= h.startDate) &&
      !pass.holds.some((h) => h.startDate < today && today <= h.endDate)
        ? translate('passes.hold.endHelpCancel')
        : translate('passes.hold.endHelp', { date: today })}
    </Typography.Paragraph>
  );
}

/** A transfer: to another customer, with its fee as a sale. */
export function TransferFields({
  pass,
  gymId,
  transferFee,
}: {
  pass: TicketIssueDetail;
  gymId: number;
  transferFee: number;
}) {
  const translate = useTranslate();
  const [customerSearch, setCustomerSearch] = useState('');
  const candidates = useQuery({
    queryKey: ['customers', 'transfer-candidates', gymId, customerSearch],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, q: customerSearch || undefined, _start: 0, _end: 20 },
      }),
  });
  return (
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
      <Form.Item name="fee" label={translate('passes.transfer.fee')} rules={[{ type: 'integer', min: 0 }]}>
        <InputNumber<number> min={0} step={10_000} style={{ width: '100%' }} />
      </Form.Item>
      {/* The fee is a sale: the payment part of every sale (docs/rules.md#leave-unpaid). */}
      <SalePayment total={transferFee || 0} />
    </>
  );
}

/** Adding or taking sessions, with a required note. */
export function AdjustFields({ pass }: { pass: TicketIssueDetail }) {
  const translate = useTranslate();
  return (
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
  );
}

type Refund = Answer<typeof refundPreviewRoute>;

/** A refund: whose fault, the formula's lines, the amount (at most the formula's) and its lines back. */
export function RefundFields({
  refund,
  fault,
  onFault,
  won,
  refundAmount,
  refundLinesTotal,
  onAmount,
}: {
  refund: Refund | undefined;
  fault: RefundFault;
  onFault: (fault: RefundFault) => void;
  won: Won;
  refundAmount: number | undefined;
  refundLinesTotal: number;
  onAmount: (amount: number | null) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Radio.Group
        value={fault}
        onChange={(event) => onFault(event.target.value as RefundFault)}
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
          onChange={onAmount}
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
  );
}
