import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Drawer, Form, Grid, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { customerUpdateRoute } from '#domain/api/customer.ts';
import { genders } from '#domain/enums.ts';
import { leadSources, normalizeMobile } from '#domain/rules/customer.ts';
import type { CustomerDetail } from '#domain/schemas/customer.ts';
import { useAssignedTrainer } from '#src/facility/facility-context.tsx';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { useStaffOptions } from './use-staff-options.ts';

type Values = {
  name: string;
  phone: string;
  gender: CustomerDetail['gender'];
  birthDate?: Dayjs | null;
  memo?: string | null;
  trainerMemberId?: number | null;
  leadSource?: CustomerDetail['leadSource'];
};

/** Editing a customer's profile; a phone another customer has answers on the field. */
export function EditCustomerDrawer({
  gymId,
  customer,
  onClose,
  onSaved,
}: {
  gymId: number;
  customer: CustomerDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const staff = useStaffOptions(gymId);
  const assignedTo = useAssignedTrainer();
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (values: Values) =>
      api.call(customerUpdateRoute, {
        params: { id: customer.id },
        query: { gymId },
        body: {
          name: values.name,
          phone: values.phone,
          gender: values.gender,
          birthDate: values.birthDate ? values.birthDate.format('YYYY-MM-DD') : null,
          memo: values.memo || null,
          trainerMemberId: values.trainerMemberId ?? null,
          leadSource: values.leadSource ?? null,
        },
      }),
    onSuccess: () => {
      message.success(translate('customers.detail.saved'));
      onSaved();
    },
    onError: (error) => {
      if (!showFieldErrors(form, error)) message.error(errorText(error, translate));
    },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      title={translate('customers.detail.edit')}
      width={screens.md ? 480 : '100%'}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {translate('buttons.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: customer.name,
          phone: customer.phone,
          gender: customer.gender,
          birthDate: customer.birthDate ? dayjs(customer.birthDate) : null,
          memo: customer.memo,
          trainerMemberId: customer.trainerMemberId,
          leadSource: customer.leadSource,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={translate('customers.fields.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.nameRequired') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={translate('customers.fields.phone')}
          rules={[
            {
              validator: (_, value: string) =>
                value && normalizeMobile(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(translate('validation.mobileFormat'))),
            },
          ]}
        >
          <Input inputMode="tel" maxLength={20} />
        </Form.Item>
        <Form.Item name="gender" label={translate('customers.fields.gender')}>
          <Select options={genders.map((g) => ({ value: g, label: translate(`customers.gender.${g}`) }))} />
        </Form.Item>
        <Form.Item name="birthDate" label={translate('customers.fields.birthDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="trainerMemberId" label={translate('customers.fields.trainer')}>
          {/* A narrowed set cannot hand its customer over (docs/rules.md#customer-reach). */}
          <Select allowClear={assignedTo === null} disabled={assignedTo !== null} options={staff} />
        </Form.Item>
        <Form.Item name="leadSource" label={translate('customers.fields.leadSource')}>
          <Select
            allowClear
            options={leadSources.map((s) => ({ value: s, label: translate(`customers.leadSource.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="memo" label={translate('customers.fields.memo')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
