import { EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, type InputRef, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { type Gender, genders } from '#domain/enums.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import { type Member, type MemberProfileUpdate, memberProfileUpdateSchema } from '#domain/schemas/member.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { issueMessage, zodRule } from '../../forms/zod-rule.ts';
import { fieldErrorsOf, isHttpError } from '../../providers/http-error.ts';
import { memberApi } from '../../providers/instances.ts';
import { useSession } from '../../session/session-context.tsx';

type DetailsFormValues = {
  name: string;
  phone: string;
  email?: string;
  gender: Gender;
  birthDate?: string;
};

const editableFields: readonly (keyof DetailsFormValues)[] = [
  'name',
  'phone',
  'email',
  'gender',
  'birthDate',
];
const isEditable = (name: string): name is keyof DetailsFormValues =>
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
const patchOf = (values: DetailsFormValues) => ({
  name: values.name,
  phone: values.phone,
  email: values.email?.trim() ? values.email.trim() : null,
  gender: values.gender,
  birthDate: values.birthDate ? values.birthDate : null,
});

/** The profile section: what the account holds, and a form for the fields a member may change (PUT /web/member/{id}). */
export function ProfileDetails({ member }: { member: Member }) {
  const translate = useTranslate();
  const { store } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<DetailsFormValues>();
  const [editing, setEditing] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const nameInput = useRef<InputRef>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  const save = useMutation({
    mutationFn: (patch: MemberProfileUpdate) => memberApi.updateProfile(member.id, patch),
    // Field errors go on the fields and the rest above the form.
    meta: { silent: true },
  });

  const notSet = translate('profile.details.notSet');
  const label = (field: string) => translate(`profile.details.fields.${field}`);

  // The form mounts with the member's values each time; focus goes to its first field, and back to Edit after.
  useEffect(() => {
    if (editing) nameInput.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const handleEdit = () => {
    setErrorMessage(null);
    setEditing(true);
  };

  const handleCancel = () => {
    setErrorMessage(null);
    setEditing(false);
  };

  const handleFailure = (error: unknown) => {
    const fieldErrors = fieldErrorsOf(error);
    const placed = fieldErrors.filter(({ name }) => isEditable(name));
    form.setFields(placed.map(({ name, errors }) => ({ name: name as keyof DetailsFormValues, errors })));
    const needsMessage = placed.length === 0 || placed.length < fieldErrors.length;
    setErrorMessage(needsMessage ? (isHttpError(error) ? error.message : translate('errors.UNKNOWN')) : null);
  };

  const handleFinish = (values: DetailsFormValues) => {
    const parsed = memberProfileUpdateSchema.safeParse(patchOf(values));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.flatMap((issue) => {
          const name = String(issue.path[0] ?? '');
          return isEditable(name) ? [{ name, errors: [issueMessage(issue, translate)] }] : [];
        }),
      );
      return;
    }
    setErrorMessage(null);
    save.mutate(parsed.data, {
      onSuccess: (updated) => {
        store.setMember(updated);
        setEditing(false);
        void message.success(translate('profile.details.saved'));
      },
      onError: handleFailure,
    });
  };

  const headingId = 'fd-profile-details-title';
  return (
    <SectionCard
      headingId={headingId}
      titleClassName="fd-profile-card-title"
      title={translate('profile.details.title')}
      extra={
        editing ? null : (
          <Button ref={editButton} icon={<EditOutlined />} onClick={handleEdit}>
            {translate('profile.details.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Form<DetailsFormValues>
          form={form}
          name="profile"
          layout="vertical"
          onFinish={handleFinish}
          disabled={save.isPending}
          initialValues={valuesOf(member)}
          scrollToFirstError
        >
          {errorMessage && (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage} />
          )}
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
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('profile.details.save')}
            </Button>
            <Button onClick={handleCancel} disabled={save.isPending}>
              {translate('profile.details.cancel')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'userId', label: label('userId'), children: member.userId },
            { key: 'name', label: label('name'), children: member.name },
            { key: 'phone', label: label('phone'), children: formatPhone(member.phone) },
            { key: 'email', label: label('email'), children: member.email ?? notSet },
            { key: 'gender', label: label('gender'), children: translate(`enums.gender.${member.gender}`) },
            { key: 'birthDate', label: label('birthDate'), children: member.birthDate ?? notSet },
            {
              key: 'authCode',
              label: label('authCode'),
              children: translate(`enums.authCode.${member.authCode}`),
            },
            {
              key: 'createDate',
              label: label('createDate'),
              children: dayjs(member.createDate).format('YYYY-MM-DD'),
            },
          ]}
        />
      )}
      {!editing && <p className="fd-profile-note">{translate('profile.details.hints.userId')}</p>}
    </SectionCard>
  );
}
