import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { Gym } from '../../../domain/schemas/gym.ts';
import { gymCreateSchema } from '../../../domain/schemas/gym.ts';
import { issueMessage, zodRule } from '../../forms/zod-rule.ts';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { errorMessage } from './error-message.ts';

type RegisterValues = { name: string };

type RegisterFacilityModalProps = {
  open: boolean;
  onClose: () => void;
  /** Creates the WAIT draft; a rejection is shown in the dialog. */
  onRegister: (name: string) => Promise<Gym>;
  onRegistered: (gym: Gym) => void;
};

const nameSchema = gymCreateSchema.shape.name;

/**
 * "Register representative facility" for now: a name, and a WAIT draft. The business verification dialog
 * (SPEC §2.6) replaces it.
 */
export function RegisterFacilityModal({
  open,
  onClose,
  onRegister,
  onRegistered,
}: RegisterFacilityModalProps) {
  const translate = useTranslate();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleFinish = async ({ name }: RegisterValues): Promise<void> => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      form.setFields([{ name: 'name', errors: [issueMessage(parsed.error.issues[0]!, translate)] }]);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const created = await onRegister(parsed.data);
      form.resetFields();
      onRegistered(created);
    } catch (failure) {
      const onName = fieldErrorsOf(failure).find((field) => field.name === 'name');
      if (onName) form.setFields([{ name: 'name', errors: onName.errors }]);
      else setError(errorMessage(failure) ?? translate('errors.UNKNOWN'));
    } finally {
      setSubmitting(false);
    }
  };

  const handleCancel = (): void => {
    if (submitting) return;
    setError(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={translate('home.register.title')}
      okText={translate('home.register.submit')}
      cancelText={translate('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={submitting}
      // The form instance stays mounted, so `form` is connected before the first open.
      forceRender
    >
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-home-reason"
          message={translate('home.register.failed')}
          description={error}
        />
      )}
      <Form<RegisterValues>
        form={form}
        name="register-facility"
        layout="vertical"
        onFinish={handleFinish}
        disabled={submitting}
      >
        <Form.Item
          name="name"
          label={translate('home.register.name')}
          extra={translate('home.register.hint')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            zodRule(nameSchema, translate),
          ]}
        >
          <Input maxLength={100} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
