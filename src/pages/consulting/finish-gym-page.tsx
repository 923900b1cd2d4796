import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Result, Select, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { consultConvertRoute, consultFinishRoute, consultGetRoute } from '#domain/api/consult.ts';
import { type ConsultOutcome, consultOutcomes, lostReasons } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { RadioChoices } from '#src/forms/choice-groups.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { SellDrawer } from '../members/sell-drawer.tsx';
import { useStaffOptions } from '../members/use-staff-options.ts';
import { useKiosk } from './kiosk-context.tsx';

type Values = {
  outcome: ConsultOutcome;
  followUpDate?: Dayjs | null;
  lostReason?: (typeof lostReasons)[number] | null;
  lostNote?: string;
  content?: string;
  staffMemberId?: number | null;
};

/**
 * `/consulting/finishGym`: the staff wrap-up, behind the staff member's consult setting right (docs/rules.md#consulting).
 * Registered converts the prospect to a customer (deduplicated by phone) and opens the sale drawer; follow-up takes
 * a date; lost takes a reason. The consult is the tablet's current one, or `consultId` from the list.
 */
export function FinishGymPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [params] = useSearchParams();
  const id = Number(params.get('consultId')) || kiosk.current?.id || 0;
  const [form] = Form.useForm<Values>();
  const outcome = Form.useWatch('outcome', form);
  const staff = useStaffOptions(kiosk.gymId);
  const [busy, setBusy] = useState(false);
  const [selling, setSelling] = useState<number | null>(null);
  const detail = useQuery({
    queryKey: ['consult', 'detail', id],
    queryFn: () => api.call(consultGetRoute, { params: { id } }),
    enabled: id > 0,
    retry: false,
  });

  if (id === 0) return <Result status="info" title={translate('consult.wrapUp.noConsult')} />;
  if (detail.isPending) return <Spin size="large" className="fd-kiosk-center" />;
  if (detail.isError)
    return (
      <Result
        status="403"
        title={
          isHttpError(detail.error) && detail.error.statusCode === 403
            ? translate('consult.wrapUp.noRight')
            : detail.error.message
        }
      />
    );
  const consult = detail.data.consult;
  const closed = consult.outcome === 'REGISTERED' || consult.outcome === 'LOST';

  const finish = async (values: Values, customerId?: number) => {
    await api.call(consultFinishRoute, {
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
    });
  };

  const done = (key: string) => {
    message.success(translate(key));
    navigate(`/consulting/finish${kiosk.search}`, { replace: true });
  };

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      if (values.outcome === 'REGISTERED') {
        const converted = await api.call(consultConvertRoute, { params: { id } });
        setSelling(converted.customerId);
        return;
      }
      await finish(values);
      done('consult.wrapUp.saved');
    } catch (caught) {
      if (isHttpError(caught) && caught.errors)
        form.setFields(
          Object.entries(caught.errors as Record<string, string | string[]>).map(([name, errors]) => ({
            name: name as keyof Values,
            errors: Array.isArray(errors) ? errors : [errors],
          })),
        );
      else message.error(isHttpError(caught) ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="fd-kiosk-form">
      <Typography.Title level={1}>{translate('consult.wrapUp.title')}</Typography.Title>
      <Typography.Paragraph>
        {translate('consult.wrapUp.prospect')}: <strong>{consult.name}</strong> · {maskPhone(consult.phone)}
      </Typography.Paragraph>
      {closed ? (
        <Alert type="info" showIcon message={translate('consult.wrapUp.closed')} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          onFinish={submit}
          initialValues={{
            outcome: 'REGISTERED',
            staffMemberId: consult.staffMemberId,
            content: consult.content ?? '',
          }}
        >
          <Form.Item name="outcome" label={translate('consult.wrapUp.outcome')} rules={[{ required: true }]}>
            <RadioChoices
              optionType="button"
              buttonStyle="solid"
              options={consultOutcomes.map((o) => ({ value: o, label: translate(`consult.outcome.${o}`) }))}
            />
          </Form.Item>
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
            <Select allowClear options={staff} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} size="large">
            {outcome === 'REGISTERED'
              ? translate('consult.wrapUp.registerAndSell')
              : translate('consult.wrapUp.save')}
          </Button>
        </Form>
      )}
      {selling !== null && (
        <SellDrawer
          gymId={kiosk.gymId}
          memberId={selling}
          passes={[]}
          open
          onClose={() => setSelling(null)}
          onSold={async () => {
            const customerId = selling;
            setSelling(null);
            try {
              await finish(form.getFieldsValue(true) as Values, customerId);
              done('consult.wrapUp.sold');
            } catch (caught) {
              message.error(isHttpError(caught) ? caught.message : String(caught));
            }
          }}
        />
      )}
    </section>
  );
}
