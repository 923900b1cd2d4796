import { useGetLocale, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import type { Login } from '#domain/schemas/member.ts';
import { formatWait } from './format-wait.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

/** Why the last attempt failed: the server's message and, after 429, when trying again makes sense (epoch ms). */
export type LoginFailure = {
  message: string;
  retryUntil: number | null;
};

type LoginFormProps = {
  onSubmit: (values: Login) => void;
  submitting: boolean;
  failure: LoginFailure | null;
};

export function LoginForm({ onSubmit, submitting, failure }: LoginFormProps) {
  const translate = useTranslate();
  const getLocale = useGetLocale();
  const userIdRef = useRef<InputRef>(null);
  const secondsLeft = useSecondsLeft(failure?.retryUntil ?? null);
  const waiting = secondsLeft > 0;

  useEffect(() => {
    userIdRef.current?.focus();
  }, []);

  const handleFinish = (values: Login): void => {
    onSubmit({ userId: values.userId.trim(), password: values.password });
  };

  const required = { required: true, message: translate('validation.required') };

  return (
    <Form<Login>
      name="login"
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      disabled={submitting}
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 24 }}
          message={failure.message}
          description={
            failure.retryUntil === null
              ? undefined
              : waiting
                ? translate('login.retryIn', { wait: formatWait(secondsLeft, getLocale() ?? 'en') })
                : translate('login.retryNow')
          }
        />
      )}
      <Form.Item name="userId" label={translate('login.fields.userId')} rules={[required]}>
        <Input
          ref={userIdRef}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="large"
        />
      </Form.Item>
      <Form.Item name="password" label={translate('login.fields.password')} rules={[required]}>
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} disabled={waiting}>
          {translate('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
