import { useTranslate } from '@refinedev/core';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { customerListRoute, customerPassesRoute } from '#domain/api/customer.ts';
import { bookRoute } from '#domain/api/schedule.ts';
import type { Reservation } from '#domain/schemas/schedule.ts';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { passKeys } from '../passes/pass-api.ts';
import { lessonKeys } from './schedule-keys.ts';

/** The passes a booking may use: those in force, on hold or about to start (the server judges the lesson's day). */
const CURRENT_PASS_STATES = new Set(['ACTIVE', 'HELD', 'UPCOMING']);

/** The value after `delay` ms without change (the customer search asks once the typing pauses). */
const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

type Values = { memberId?: number; ticketIssueId?: number };

/** The customers the search finds and, once one is picked, their passes a booking may use. */
const useBookChoices = (gymId: number, q: string, memberId: number | undefined) => {
  const translate = useTranslate();
  const candidates = useContract(
    customerListRoute,
    { query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 } },
    { queryKey: lessonKeys['customer-options'](gymId, q), enabled: gymId > 0, staleTime: 30_000 },
  );
  const passes = useContract(
    customerPassesRoute,
    { params: { id: memberId ?? 0 }, query: { gymId } },
    {
      queryKey: passKeys['of-customer'](gymId, memberId ?? null),
      enabled: gymId > 0 && memberId !== undefined,
    },
  );
  const customerOptions = (candidates.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.phone})`,
  }));
  const passOptions = (passes.data ?? [])
    .filter((p) => CURRENT_PASS_STATES.has(p.state))
    .map((p) => ({
      value: p.id,
      label: [
        p.ticketName,
        p.sessionsLeft === null
          ? translate('lessons.roster.periodPass')
          : translate('lessons.roster.sessionsLeft', { left: p.sessionsLeft }),
        p.endDate ? translate('lessons.book.passUntil', { date: p.endDate }) : null,
        p.state === 'ACTIVE' ? null : translate(`lessons.passState.${p.state}`),
      ]
        .filter(Boolean)
        .join(' · '),
    }));
  return { candidates, passes, customerOptions, passOptions };
};

/**
 * "Book a customer" on a lesson: search the facility's customers by name or phone (the customer list's search),
 * optionally pick which of their passes to use, and book; a full lesson puts the customer on the waitlist.
 */
export function LessonBookDialog({
  gymId,
  lessonId,
  full,
  onClose,
  onBooked,
}: {
  gymId: number;
  lessonId: number;
  full: boolean;
  onClose: () => void;
  onBooked: (reservation: Reservation) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const memberId = Form.useWatch('memberId', form);

  const { candidates, passes, customerOptions, passOptions } = useBookChoices(gymId, q, memberId);
  const book = useContractMutation(bookRoute, {
    meta: { silent: true },
    input: (values: Values) => ({
      body: {
        lessonId,
        memberId: values.memberId ?? 0,
        ...(values.ticketIssueId ? { ticketIssueId: values.ticketIssueId } : {}),
      },
    }),
    onSuccess: (reservation) => {
      message.success(
        translate(reservation.status === 'WAITING' ? 'lessons.book.waitlisted' : 'lessons.book.booked'),
      );
      onBooked(reservation);
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const submitLabel = translate(full ? 'lessons.book.submitWaitlist' : 'lessons.book.submit');

  return (
    <Modal
      open
      title={translate(full ? 'lessons.book.titleWaitlist' : 'lessons.book.title')}
      okText={submitLabel}
      cancelText={translate('buttons.cancel')}
      confirmLoading={book.isPending}
      onOk={() => {
        void form
          .validateFields()
          .then((values) => book.mutate(values))
          .catch(() => undefined);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      {full && (
        <Alert
          type="info"
          showIcon
          message={translate('lessons.book.fullHelp')}
          className="fd-lesson-alert"
        />
      )}
      <Form<Values> form={form} layout="vertical" requiredMark>
        <Form.Item
          name="memberId"
          label={translate('lessons.book.customer')}
          rules={[{ required: true, message: translate('lessons.book.customerRequired') }]}
        >
          <Select<number>
            showSearch
            allowClear
            placeholder={translate('lessons.book.customerSearch')}
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            notFoundContent={candidates.isFetching ? undefined : translate('lessons.book.noCustomers')}
            options={customerOptions}
            onChange={() => {
              form.setFieldValue('ticketIssueId', undefined);
            }}
          />
        </Form.Item>
        <Form.Item
          name="ticketIssueId"
          label={translate('lessons.book.pass')}
          extra={translate('lessons.book.passHelp')}
        >
          <Select<number>
            allowClear
            disabled={memberId === undefined}
            placeholder={translate('lessons.book.passAuto')}
            loading={passes.isFetching}
            notFoundContent={translate('lessons.book.noPasses')}
            options={passOptions}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
