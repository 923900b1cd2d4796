import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, type FormInstance, type FormRule, Input } from 'antd';
import type { JoinAuthCode } from '#domain/enums.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import { type MemberJoin, memberJoinSchema } from '#domain/schemas/member.ts';
import { issueMessage, zodRule } from '#src/forms/zod-rule.ts';

/** What the form holds; the confirmation is checked here and never sent. */
export type JoinFormValues = {
  userId: string;
  password: string;
  passwordConfirm: string;
  name: string;
  phone: string;
  email?: string;
  /** A representative names their first facility: it starts as a WAIT draft (docs/rules.md#facilities). */
  gymName?: string;
};

type JoinFormProps = {
  authCode: JoinAuthCode;
  onSubmit: (values: MemberJoin) => void;
  isUserIdAvailable: (userId: string) => Promise<boolean>;
  submitting: boolean;
  /** A failure with no field to sit on (the server's message). */
  errorMessage?: string | null;
  form?: FormInstance<JoinFormValues>;
};

export const joinFieldNames: readonly (keyof JoinFormValues)[] = [
  'userId',
  'password',
  'passwordConfirm',
  'name',
  'phone',
  'email',
  'gymName',
];

export const isJoinField = (name: string): name is keyof JoinFormValues =>
  (joinFieldNames as readonly string[]).includes(name);

/** How long typing must pause before the user id is checked with the server. */
export const USER_ID_CHECK_DEBOUNCE_MS = 400;

const fields = memberJoinSchema.shape;
const gymNameField = fields.gymName.unwrap();

/** Shows 010-1234-5678 once the number is complete; the schema stores digits only. */
const normalizePhone = (value: string | undefined): string =>
  formatPhone(digitsOnly(value ?? '').slice(0, 11));

export function JoinForm({
  authCode,
  onSubmit,
  isUserIdAvailable,
  submitting,
  errorMessage,
  form: formFromProps,
}: JoinFormProps) {
  const translate = useTranslate();
  const [form] = Form.useForm<JoinFormValues>(formFromProps);

  const required = (key = 'required'): FormRule => ({
    required: true,
    message: translate(`validation.${key}`),
  });

  const userIdAvailable: FormRule = {
    validator: async (_rule, value: string) => {
      // A failed check is not a verdict: the server refuses a duplicate on submit anyway (409).
      const available = await isUserIdAvailable(value.trim()).catch(() => true);
      if (!available) throw new Error(translate('join.userIdTaken'));
    },
  };

  const passwordsMatch: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      if (value && value !== getFieldValue('password'))
        throw new Error(translate('validation.passwordMismatch'));
    },
  });

  const handleFinish = (values: JoinFormValues): void => {
    const email = values.email?.trim();
    const parsed = memberJoinSchema.safeParse({
      userId: values.userId,
      password: values.password,
      name: values.name,
      phone: values.phone,
      ...(email ? { email } : {}),
      ...(authCode === 'ADMIN' ? { gymName: values.gymName ?? '' } : {}),
      authCode,
    });
    if (parsed.success) {
      onSubmit(parsed.data);
      return;
    }
    form.setFields(
      parsed.error.issues.flatMap((issue) => {
        const name = String(issue.path[0] ?? '');
        return isJoinField(name) ? [{ name, errors: [issueMessage(issue, translate)] }] : [];
      }),
    );
  };

  return (
    <Form<JoinFormValues>
      form={form}
      name="join"
      layout="vertical"
      onFinish={handleFinish}
      disabled={submitting}
      scrollToFirstError
    >
      {errorMessage && <Alert type="error" showIcon style={{ marginBottom: 24 }} message={errorMessage} />}
      <Form.Item
        name="userId"
        label={translate('join.fields.userId')}
        extra={translate('join.hints.userId')}
        hasFeedback
        validateFirst
        validateDebounce={USER_ID_CHECK_DEBOUNCE_MS}
        rules={[required(), zodRule(fields.userId, translate), userIdAvailable]}
      >
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="password"
        label={translate('join.fields.password')}
        extra={translate('join.hints.password')}
        validateFirst
        rules={[required(), zodRule(fields.password, translate)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        label={translate('join.fields.passwordConfirm')}
        dependencies={['password']}
        validateFirst
        rules={[required(), passwordsMatch]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="name"
        label={translate('join.fields.name')}
        validateFirst
        rules={[required('nameRequired'), zodRule(fields.name, translate)]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={translate('join.fields.phone')}
        normalize={normalizePhone}
        validateFirst
        rules={[required(), zodRule(fields.phone, translate)]}
      >
        <Input autoComplete="tel" inputMode="tel" placeholder={translate('join.placeholders.phone')} />
      </Form.Item>
      <Form.Item
        name="email"
        label={translate('join.fields.email')}
        rules={[zodRule(fields.email.unwrap(), translate, { optional: true })]}
      >
        <Input
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={translate('join.placeholders.email')}
        />
      </Form.Item>
      {authCode === 'ADMIN' && (
        <Form.Item
          name="gymName"
          label={translate('join.fields.gymName')}
          extra={translate('join.hints.gymName')}
          validateFirst
          rules={[{ ...required(), whitespace: true }, zodRule(gymNameField, translate)]}
        >
          <Input autoComplete="organization" maxLength={100} />
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {translate('join.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
