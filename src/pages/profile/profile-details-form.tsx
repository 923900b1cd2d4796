import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, type FormInstance, Input, type InputRef, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import type { RefObject } from 'react';
import { type Gender, genders } from '#domain/enums.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import { type Member, memberProfileUpdateSchema } from '#domain/schemas/member.ts';
import { zodRule } from '../../forms/zod-rule.ts';

export type DetailsFormValues = {
  name: string;
  phone: string;
  email?: string;
  gender: Gender;
  birthDate?: string;
};

export const editableFields: readonly (keyof DetailsFormValues)[] = [
  'name',
  'phone',
  'email',
  'gender',
  'birthDate',
];
export const isEditable = (name: string): name is keyof DetailsFormValues =>
  (editableFields as readonly string[]).includes(name);

const fields = memberProfileUpdateSchema.shape;

const normalizePhone = (value: string | undefined): string =>
  formatPhone(digitsOnly(value ?? '').slice(0, 11));

const valuesOf = (member: Member): DetailsFormValues => ({
  name: member.name,
  phone: formatPhone(member.phone),
  email: member.email ?? '',
  gender: member.gender,
  birthDate: member.birthDate ?? '',
});

/** Empty optional fields are cleared (null), not left as they were. */
export const patchOf = (values: DetailsFormValues) => ({
  name: values.name,
  phone: values.phone,
  email: values.email?.trim() ? values.email.trim() : null,
  gender: values.gender,
  birthDate: values.birthDate ? values.birthDate : null,
});

/** The form for the fields a member may change, with the server's refusal above them. */
export function ProfileDetailsForm({
  form,
  member,
  nameInput,
  saving,
  errorMessage,
  onFinish,
  onCancel,
}: {
  form: FormInstance<DetailsFormValues>;
  member: Member;
  nameInput: RefObject<InputRef | null>;
  saving: boolean;
  errorMessage: string | null;
  onFinish: (values: DetailsFormValues) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const label = (field: string) => translate(`profile.details.fields.${field}`);
  return (
    <Form<DetailsFormValues>
      form={form}
      name="profile"
      layout="vertical"
      onFinish={onFinish}
      disabled={saving}
      initialValues={valuesOf(member)}
      scrollToFirstError
    >
      {errorMessage && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage} />}
      <Form.Item
        name="name"
        label={label('name')}
        validateFirst
        rules={[
          { required: true, message: translate('validation.nameRequired') },
          zodRule(fields.name.unwrap(), translate),
        ]}
      >
        <Input ref={nameInput} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={label('phone')}
        normalize={normalizePhone}
        validateFirst
        rules={[
          { required: true, message: translate('validation.required') },
          zodRule(fields.phone.unwrap(), translate),
        ]}
      >
        <Input
          autoComplete="tel"
          inputMode="tel"
          placeholder={translate('profile.details.placeholders.phone')}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={label('email')}
        rules={[zodRule(fields.email.unwrap().unwrap(), translate, { optional: true })]}
      >
        <Input
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={translate('profile.details.placeholders.email')}
        />
      </Form.Item>
      <Form.Item name="gender" label={label('gender')}>
        <Radio.Group
          aria-label={label('gender')}
          options={genders.map((gender) => ({
            value: gender,
            label: translate(`enums.gender.${gender}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="birthDate"
        label={label('birthDate')}
        rules={[zodRule(fields.birthDate.unwrap().unwrap(), translate, { optional: true })]}
      >
        <Input type="date" autoComplete="bday" max={dayjs().format('YYYY-MM-DD')} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {translate('profile.details.save')}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {translate('profile.details.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
