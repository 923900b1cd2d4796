import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, type FormRule, Input } from 'antd';
import { useState } from 'react';
import { type Member, type PasswordChange, passwordField } from '#domain/schemas/member.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { zodRule } from '../../forms/zod-rule.ts';
import { errorText } from '../../kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '../../kit/form-errors.ts';
import { memberApi } from '../../providers/instances.ts';

type PasswordFormValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const isPasswordField = (name: string): name is keyof PasswordFormValues =>
  name === 'currentPassword' || name === 'newPassword' || name === 'confirmPassword';

/** The password section (PUT /web/member/{id}/password): the server ends every other session of the account. */
export function PasswordForm({ member }: { member: Member }) {
  const translate = useTranslate();
  const [form] = Form.useForm<PasswordFormValues>();
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const change = useMutation({
    mutationFn: (values: PasswordChange) => memberApi.changePassword(member.id, values),
    meta: { silent: true },
  });

  const required: FormRule = { required: true, message: translate('validation.required') };
  const differsFromCurrent: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      if (value && value === getFieldValue('currentPassword'))
        throw new Error(translate('validation.passwordSame'));
    },
  });
  const matchesNew: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      if (value && value !== getFieldValue('newPassword'))
        throw new Error(translate('validation.passwordMismatch'));
    },
  });

  const handleFailure = (error: unknown) => {
    showFieldErrors(form, error, { only: isPasswordField });
    if (!fieldErrorsAllShown(error, isPasswordField))
      setResult({ type: 'error', text: errorText(error, translate) });
  };

  const handleFinish = (values: PasswordFormValues) => {
    setResult(null);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          setResult({ type: 'success', text: translate('profile.password.changed') });
        },
        onError: handleFailure,
      },
    );
  };

  const headingId = 'fd-profile-password-title';
  return (
    <SectionCard
      headingId={headingId}
      titleClassName="fd-profile-card-title"
      title={translate('profile.password.title')}
    >
      <p className="fd-profile-note fd-profile-note-top">{translate('profile.password.description')}</p>
      {result && (
        <Alert
          type={result.type}
          showIcon
          style={{ marginBottom: 16 }}
          message={result.text}
          role={result.type === 'success' ? 'status' : 'alert'}
        />
      )}
      <Form<PasswordFormValues>
        form={form}
        name="password"
        layout="vertical"
        onFinish={handleFinish}
        disabled={change.isPending}
        requiredMark={false}
      >
        {/* Lets a password manager file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={member.userId ?? ''}
          readOnly
          hidden
        />
        <Form.Item
          name="currentPassword"
          label={translate('profile.password.fields.currentPassword')}
          rules={[required]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={translate('profile.password.fields.newPassword')}
          extra={translate('profile.password.hints.newPassword')}
          dependencies={['currentPassword']}
          validateFirst
          rules={[required, zodRule(passwordField, translate), differsFromCurrent]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={translate('profile.password.fields.confirmPassword')}
          dependencies={['newPassword']}
          validateFirst
          rules={[required, matchesNew]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {translate('profile.password.submit')}
        </Button>
      </Form>
    </SectionCard>
  );
}
