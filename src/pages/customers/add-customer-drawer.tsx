import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, DatePicker, Drawer, Form, Grid, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { customerCreateRoute, customerLookupRoute } from '#domain/api/customer.ts';
import { genders } from '#domain/enums.ts';
import { leadSources, normalizeMobile } from '#domain/rules/customer.ts';
import { consentChannels } from '#domain/schemas/consent.ts';
import { useAssignedTrainer } from '#src/facility/facility-context.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { useStaffOptions } from './use-staff-options.ts';

type Values = {
  name: string;
  phone: string;
  gender: (typeof genders)[number];
  birthDate?: Dayjs | null;
  memo?: string;
  trainerMemberId?: number | null;
  leadSource?: (typeof leadSources)[number] | null;
  /** The channels the customer agreed to when asked at the desk. */
  consents?: (typeof consentChannels)[number][];
};

/** The desk's consent question (docs/rules.md#consents): each box given or, left clear, not agreed. */
function DeskConsents() {
  const translate = useTranslate();
  return (
    <fieldset className="fd-desk-consents" style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>{translate('customers.add.consents')}</legend>
      <Form.Item name="consents" extra={translate('customers.add.consentsHelp')}>
        <Checkbox.Group
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
          options={consentChannels.map((channel) => ({
            value: channel,
            label: translate(`messageSettings.consent.channels.${channel}`),
          }))}
        />
      </Form.Item>
    </fieldset>
  );
}

/** The customer already registered with the phone being typed, once the typing pauses. */
const usePhoneLookup = (gymId: number, phone: string) => {
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(normalizeMobile(phone) ?? ''), 300);
    return () => clearTimeout(timer);
  }, [phone]);
  return useQuery({
    queryKey: ['customers', 'lookup', gymId, debounced],
    queryFn: () => api.call(customerLookupRoute, { query: { gymId, phone: debounced } }),
    enabled: debounced !== '',
  });
};

/** The optional fields: gender, birth date, trainer (a narrowed set's own), lead source, memo. */
function CustomerMoreFields({
  staff,
  assignedTo,
}: {
  staff: ReturnType<typeof useStaffOptions>;
  assignedTo: number | null;
}) {
  const translate = useTranslate();
  return (
    <>
      <Form.Item name="gender" label={translate('customers.fields.gender')}>
        <Select options={genders.map((g) => ({ value: g, label: translate(`customers.gender.${g}`) }))} />
      </Form.Item>
      <Form.Item name="birthDate" label={translate('customers.fields.birthDate')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="trainerMemberId"
        label={translate('customers.fields.trainer')}
        initialValue={assignedTo ?? undefined}
      >
        <Select
          allowClear={assignedTo === null}
          disabled={assignedTo !== null}
          options={staff}
          placeholder={translate('customers.add.noTrainer')}
        />
      </Form.Item>
      <Form.Item name="leadSource" label={translate('customers.fields.leadSource')}>
        <Select
          allowClear
          options={leadSources.map((s) => ({ value: s, label: translate(`customers.leadSource.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="memo" label={translate('customers.fields.memo')} rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </>
  );
}

/** "Add a customer" (docs/rules.md#customers): a phone already registered offers that customer instead. */
export function AddCustomerDrawer({
  gymId,
  open,
  onClose,
  onAdded,
}: {
  gymId: number;
  open: boolean;
  onClose: () => void;
  onAdded: (id: number) => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const screens = Grid.useBreakpoint();
  const staff = useStaffOptions(gymId);
  // A narrowed set's new customer is the caller's own (docs/rules.md#customer-reach).
  const assignedTo = useAssignedTrainer();
  const existing = usePhoneLookup(gymId, Form.useWatch('phone', form) ?? '');
  const create = useMutation({
    meta: { silent: true },
    mutationFn: (values: Values) =>
      api.call(customerCreateRoute, {
        query: { gymId },
        body: {
          name: values.name,
          phone: values.phone,
          gender: values.gender,
          birthDate: values.birthDate ? values.birthDate.format('YYYY-MM-DD') : null,
          memo: values.memo || null,
          trainerMemberId: values.trainerMemberId ?? null,
          leadSource: values.leadSource ?? null,
          consents: Object.fromEntries(consentChannels.map((c) => [c, (values.consents ?? []).includes(c)])),
        },
      }),
    onSuccess: (customer) => {
      message.success(translate('customers.add.done', { name: customer.name }));
      form.resetFields();
      onAdded(customer.id);
    },
    onError: (error) => {
      if (!showFieldErrors(form, error)) message.error(errorText(error, translate));
    },
  });
  const found = existing.data;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={translate('customers.add.title')}
      width={screens.md ? 480 : '100%'}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => form.submit()}
            disabled={Boolean(found)}
          >
            {translate('customers.add.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ gender: 'NONE' }}
        onFinish={(values) => create.mutate(values)}
      >
        <Form.Item
          name="name"
          label={translate('customers.fields.name')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.nameRequired') },
            { max: 50 },
          ]}
        >
          <Input autoFocus autoComplete="off" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={translate('customers.fields.phone')}
          rules={[
            { required: true, message: translate('validation.mobileFormat') },
            {
              validator: (_, value: string) =>
                !value || normalizeMobile(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(translate('validation.mobileFormat'))),
            },
          ]}
        >
          <Input inputMode="tel" autoComplete="off" placeholder="010-1234-5678" maxLength={20} />
        </Form.Item>
        {found && (
          <Alert
            type="warning"
            showIcon
            className="fd-pass-card"
            message={translate('customers.add.exists', { name: found.name })}
            action={
              <Link to={`/memberManage/list/info?id=${found.id}`} onClick={onClose}>
                {translate('customers.add.openExisting')}
              </Link>
            }
          />
        )}
        <CustomerMoreFields staff={staff} assignedTo={assignedTo} />
        <DeskConsents />
      </Form>
    </Drawer>
  );
}
