import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { customerListRoute } from '#domain/api/customer.ts';
import { manualEntryRoute } from '#domain/api/entry.ts';
import type { KioskAnswer } from '#domain/schemas/entry.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { dotDate, reasonText } from './entry-format.ts';

/** The value after `delay` ms without change (the customer search asks once the typing pauses). */
const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** The customers matching the search (the first 20), for the picker. */
const useCustomerOptions = (gymId: number, q: string) =>
  useQuery({
    queryKey: ['entries', 'customer-options', gymId, q],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 },
      }),
    enabled: gymId > 0,
    staleTime: 30_000,
  });

type Values = { memberId?: number; note?: string };

/** The dialog's buttons: check in; or go back from an override, or send it; or another, override, close. */
function ManualFooter({
  answer,
  overriding,
  pending,
  onClose,
  onSubmit,
  onOverrideSubmit,
  onBack,
  onAgain,
  onOverride,
}: {
  answer: KioskAnswer | null;
  overriding: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  onOverrideSubmit: () => void;
  onBack: () => void;
  onAgain: () => void;
  onOverride: () => void;
}) {
  const translate = useTranslate();
  const refused = answer?.outcome === 'REFUSED';
  return !answer ? (
    <Space wrap>
      <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
      <Button type="primary" loading={pending} onClick={onSubmit}>
        {translate('entries.manual.submit')}
      </Button>
    </Space>
  ) : refused && overriding ? (
    <Space wrap>
      <Button onClick={onBack}>{translate('entries.manual.back')}</Button>
      <Button type="primary" danger loading={pending} onClick={onOverrideSubmit}>
        {translate('entries.manual.overrideSubmit')}
      </Button>
    </Space>
  ) : (
    <Space wrap>
      <Button onClick={onAgain}>{translate('entries.manual.another')}</Button>
      {refused && (
        <Button danger onClick={onOverride}>
          {translate('entries.manual.override')}
        </Button>
      )}
      <Button type="primary" onClick={onClose}>
        {translate('entries.manual.close')}
      </Button>
    </Space>
  );
}

/** The check-in's answer: let in (again, or by override) with the pass's details, or refused and why. */
function AnswerAlert({
  answer,
  name,
  overridden,
}: {
  answer: KioskAnswer;
  name: string;
  overridden: boolean;
}) {
  const translate = useTranslate();
  const refused = answer.outcome === 'REFUSED';
  const details = [
    answer.passName,
    answer.sessionsLeft !== null
      ? translate('entries.manual.sessionsLeft', { count: answer.sessionsLeft })
      : null,
    answer.daysLeft !== null ? translate('entries.manual.daysLeft', { count: answer.daysLeft }) : null,
    answer.renewSoon && answer.endDate
      ? translate('entries.manual.renewSoon', { date: dotDate(answer.endDate) })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Alert
      type={answer.outcome === 'ALLOWED' ? 'success' : 'error'}
      showIcon
      message={
        answer.outcome === 'ALLOWED'
          ? translate(
              overridden
                ? 'entries.manual.overridden'
                : answer.repeat
                  ? 'entries.manual.repeat'
                  : 'entries.manual.allowed',
              { name },
            )
          : answer.outcome === 'REFUSED'
            ? translate('entries.manual.refused', { name })
            : translate('entries.manual.unknown')
      }
      description={
        refused ? (
          <>
            {reasonText(
              translate,
              answer.reason,
              answer.reasonDate,
              answer.unpaidAmount === null ? null : answer.unpaidAmount.toLocaleString('ko-KR'),
            )}
            {answer.unpaidSales.length > 0 && (
              // The sales the blocking balance comes from (docs/rules.md#check-in).
              <ul aria-label={translate('entries.reasons.unpaidSales')}>
                {answer.unpaidSales.map((s) => (
                  <li key={s.saleId}>
                    {translate('entries.reasons.unpaidSale', {
                      day: s.saleDay,
                      item: s.itemName,
                      amount: s.owed.toLocaleString('ko-KR'),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          details || undefined
        )
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * "Check in a customer" (method MANUAL): search the facility's customers by name or phone, check them in, and show
 * the answer. A refusal can be overridden with a required note (the same call with `overrideNote`).
 */
export function ManualCheckInDialog({
  gymId,
  onClose,
  onCheckedIn,
}: {
  gymId: number;
  onClose: () => void;
  onCheckedIn: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [answer, setAnswer] = useState<KioskAnswer | null>(null);
  const [overriding, setOverriding] = useState(false);
  const [overridden, setOverridden] = useState(false);
  const [picked, setPicked] = useState<string>('');

  const candidates = useCustomerOptions(gymId, q);
  const checkIn = useMutation({
    meta: { silent: true },
    mutationFn: (input: { memberId: number; overrideNote?: string }) =>
      api.call(manualEntryRoute, { params: { gymId }, body: input }),
    onSuccess: (result, input) => {
      setAnswer(result);
      setOverriding(false);
      setOverridden(Boolean(input.overrideNote) && result.outcome === 'ALLOWED');
      onCheckedIn();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const options = (candidates.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.phone})`,
    name: c.name,
  }));
  const name = answer?.name ?? picked;

  const submit = () => {
    void form
      .validateFields(['memberId'])
      .then((values) => checkIn.mutate({ memberId: values.memberId ?? 0 }))
      .catch(() => undefined);
  };
  const submitOverride = () => {
    void form
      .validateFields()
      .then((values) =>
        checkIn.mutate({ memberId: values.memberId ?? 0, overrideNote: (values.note ?? '').trim() }),
      )
      .catch(() => undefined);
  };
  const again = () => {
    form.resetFields();
    setAnswer(null);
    setOverriding(false);
    setOverridden(false);
    setPicked('');
  };

  const refused = answer?.outcome === 'REFUSED';
  const footer = (
    <ManualFooter
      answer={answer}
      overriding={overriding}
      pending={checkIn.isPending}
      onClose={onClose}
      onSubmit={submit}
      onOverrideSubmit={submitOverride}
      onBack={() => setOverriding(false)}
      onAgain={again}
      onOverride={() => setOverriding(true)}
    />
  );

  return (
    <Modal open title={translate('entries.manual.title')} footer={footer} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" requiredMark>
        <Form.Item
          name="memberId"
          label={translate('entries.manual.customer')}
          rules={[{ required: true, message: translate('entries.manual.customerRequired') }]}
        >
          <Select<number>
            showSearch
            allowClear
            disabled={answer !== null}
            placeholder={translate('entries.manual.customerSearch')}
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            notFoundContent={candidates.isFetching ? undefined : translate('entries.manual.noCustomers')}
            options={options}
            onChange={(value) => setPicked(options.find((o) => o.value === value)?.name ?? '')}
          />
        </Form.Item>
        {answer && <AnswerAlert answer={answer} name={name} overridden={overridden} />}
        {refused && overriding && (
          <Form.Item
            name="note"
            label={translate('entries.manual.note')}
            extra={translate('entries.manual.noteHelp')}
            rules={[{ required: true, whitespace: true, message: translate('entries.manual.noteRequired') }]}
          >
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} autoFocus />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
