import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Result, Select, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  kioskStaffConsultRoute,
  kioskStaffCustomerRoute,
  kioskStaffFinishRoute,
} from '#domain/api/consult-kiosk.ts';
import { type ConsultOutcome, consultOutcomes, lostReasons } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { kioskApi } from './kiosk-api.ts';
import { isStaffWindowGone, isTabletEnded, useKiosk } from './kiosk-context.tsx';
import { KioskSellDrawer } from './kiosk-sell-drawer.tsx';
import { StaffSignInGate } from './kiosk-staff.tsx';

type Values = {
  outcome: ConsultOutcome;
  followUpDate?: Dayjs | null;
  lostReason?: (typeof lostReasons)[number] | null;
  lostNote?: string;
  content?: string;
  staffMemberId?: number | null;
};

/**
 * `/consulting/finishGym`: the staff wrap-up at the tablet (docs/rules.md#consulting). It opens only in a staff
 * window: a staff member's id and password typed here, never the session of whoever opened the tablet. Registered
 * converts the prospect to a customer (deduplicated by phone) and opens the sale; follow-up takes a date; lost takes
 * a reason. The consult is the tablet's current one, or `consultId` from the list.
 */
export function FinishGymPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [params] = useSearchParams();
  const id = Number(params.get('consultId')) || kiosk.current?.id || 0;
  if (id === 0) return <Result status="info" title={translate('consult.wrapUp.noConsult')} />;
  if (!kiosk.staff)
    return (
      <StaffSignInGate
        onBack={() =>
          navigate(kiosk.current ? `/consulting/result${kiosk.search}` : `/consulting${kiosk.search}`)
        }
      />
    );
  if (!kiosk.staff.mayWrapUp)
    return (
      <Result
        status="403"
        title={translate('consult.wrapUp.noRight')}
        extra={<Button onClick={kiosk.endStaff}>{translate('consult.kiosk.staffSignIn.other')}</Button>}
      />
    );
  return <WrapUp key={kiosk.staff.staffToken} id={id} />;
}

/** The wrap-up as sent: the outcome and what goes with it, and the customer a sale registered. */
const finishConsult = (
  id: number,
  values: Values,
  headers: ReturnType<ReturnType<typeof useKiosk>['staffHeaders']>,
  customerId?: number,
) =>
  kioskApi.call(kioskStaffFinishRoute, {
    params: { id },
    body: {
      outcome: values.outcome,
      followUpDate: values.followUpDate ? values.followUpDate.format('YYYY-MM-DD') : null,
      lostReason: values.lostReason ?? null,
      lostNote: values.lostNote || null,
      content: values.content || null,
      staffMemberId: values.staffMemberId ?? null,
      customerId: customerId ?? null,
    },
    headers,
  });

/** The wrap-up's fields: the outcome and what it needs (a follow-up day, a reason for a loss), notes, staff. */
function WrapUpFields({
  outcome,
  maySell,
  options,
  busy,
}: {
  outcome: Values['outcome'] | undefined;
  maySell: boolean;
  options: { value: number; label: string }[];
  busy: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <Form.Item name="outcome" label={translate('consult.wrapUp.outcome')} rules={[{ required: true }]}>
        <RadioChoices
          optionType="button"
          buttonStyle="solid"
          options={consultOutcomes.map((o) => ({ value: o, label: translate(`consult.outcome.${o}`) }))}
        />
      </Form.Item>
      {outcome === 'REGISTERED' && !maySell && (
        <Alert
          type="warning"
          showIcon
          message={translate('consult.wrapUp.noSellRight')}
          className="fd-kiosk-gap"
        />
      )}
      {outcome === 'FOLLOW_UP' && (
        <Form.Item
          name="followUpDate"
          label={translate('consult.wrapUp.followUpDate')}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <DatePicker inputReadOnly />
        </Form.Item>
      )}
      {outcome === 'LOST' && (
        <>
          <Form.Item
            name="lostReason"
            label={translate('consult.wrapUp.lostReason')}
            rules={[{ required: true, message: translate('validation.required') }]}
          >
            <Select
              options={lostReasons.map((r) => ({
                value: r,
                label: translate(`consult.lostReason.${r}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="lostNote" label={translate('consult.wrapUp.lostNote')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="content" label={translate('consult.wrapUp.notes')} rules={[{ max: 2000 }]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 3 }} />
      </Form.Item>
      <Form.Item name="staffMemberId" label={translate('consult.wrapUp.staff')}>
        <Select allowClear options={options} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={busy}
        size="large"
        disabled={outcome === 'REGISTERED' && !maySell}
      >
        {outcome === 'REGISTERED'
          ? translate('consult.wrapUp.registerAndSell')
          : translate('consult.wrapUp.save')}
      </Button>
    </>
  );
}

/** Whom the consultation was with, and who is wrapping it up. */
function WrapUpHead({ name, phone, staffName }: { name: string; phone: string; staffName: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography.Title level={1}>{translate('consult.wrapUp.title')}</Typography.Title>
      <Typography.Paragraph>
        {translate('consult.wrapUp.prospect')}: <strong>{name}</strong> · {maskPhone(phone)}
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Tag>{translate('consult.kiosk.staffAs', { name: staffName })}</Tag>
      </Typography.Paragraph>
    </>
  );
}

function WrapUp({ id }: { id: number }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const staff = kiosk.staff!;
  const [form] = Form.useForm<Values>();
  const outcome = Form.useWatch('outcome', form);
  const [busy, setBusy] = useState(false);
  const [selling, setSelling] = useState<number | null>(null);
  const view = useQuery({
    queryKey: ['consult', 'kiosk-wrap-up', id, staff.staffToken],
    queryFn: () => kioskApi.call(kioskStaffConsultRoute, { params: { id }, headers: kiosk.staffHeaders() }),
    retry: false,
  });

  /** A closed tablet or an ended staff window leaves the page; anything else is said. */
  const failed = (caught: unknown) => {
    if (isTabletEnded(caught)) return kiosk.ended();
    if (isStaffWindowGone(caught)) return kiosk.setStaff(null);
    if (isHttpError(caught) && caught.errors) showFieldErrors(form, caught);
    else message.error(isHttpError(caught) ? caught.message : String(caught));
  };

  // A closed tablet or an ended staff window, found when the consult is read, leaves the page too.
  const gone = view.isError && (isTabletEnded(view.error) || isStaffWindowGone(view.error));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failed read.
  useEffect(() => {
    if (gone) failed(view.error);
  }, [gone]);

  if (view.isPending) return <Spin size="large" className="fd-kiosk-center" />;
  if (view.isError)
    return (
      <Result status="warning" title={isHttpError(view.error) ? view.error.message : String(view.error)} />
    );
  const { consult, staff: staffOptions, products } = view.data;
  const closed = consult.outcome === 'REGISTERED' || consult.outcome === 'LOST';
  const options = staffOptions.map((s) => ({ value: s.memberId, label: s.name }));

  const finish = (values: Values, customerId?: number) =>
    finishConsult(id, values, kiosk.staffHeaders(), customerId);

  const done = (key: string) => {
    message.success(translate(key));
    navigate(`/consulting/finish${kiosk.search}`, { replace: true });
  };

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      if (values.outcome === 'REGISTERED') {
        const converted = await kioskApi.call(kioskStaffCustomerRoute, {
          params: { id },
          headers: kiosk.staffHeaders(),
        });
        setSelling(converted.customerId);
        return;
      }
      await finish(values);
      done('consult.wrapUp.saved');
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="fd-kiosk-form">
      <WrapUpHead name={consult.name} phone={consult.phone} staffName={staff.name} />
      {closed ? (
        <Alert type="info" showIcon message={translate('consult.wrapUp.closed')} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          onFinish={submit}
          initialValues={{
            outcome: staff.maySell ? 'REGISTERED' : 'FOLLOW_UP',
            staffMemberId: consult.staffMemberId ?? staff.memberId,
            content: consult.content ?? '',
          }}
        >
          <WrapUpFields outcome={outcome} maySell={staff.maySell} options={options} busy={busy} />
        </Form>
      )}
      {selling !== null && (
        <KioskSellDrawer
          consultId={id}
          customer={{ name: consult.name, phone: maskPhone(consult.phone) }}
          products={products}
          staff={options}
          sellerId={staff.memberId}
          onClose={() => setSelling(null)}
          onFailed={failed}
          onSold={async () => {
            const customerId = selling;
            setSelling(null);
            try {
              await finish(form.getFieldsValue(true) as Values, customerId);
              done('consult.wrapUp.sold');
            } catch (caught) {
              failed(caught);
            }
          }}
        />
      )}
    </section>
  );
}
