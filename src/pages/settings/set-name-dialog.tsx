import { useTranslate } from '@refinedev/core';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { fieldErrorsOf } from '../../providers/http-error.ts';

/** The name of a new set or a renamed one. */
export function SetNameDialog({
  open,
  title,
  initialName,
  okText,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName: string;
  okText: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ name: string }>();
  const [pending, setPending] = useState(false);
  const handleOk = async (): Promise<void> => {
    const { name } = await form.validateFields();
    setPending(true);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      const nameErrors = fieldErrorsOf(error).find((field) => field.name === 'name');
      if (nameErrors) form.setFields([{ name: 'name', errors: nameErrors.errors }]);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: pending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: initialName }}
        onFinish={() => void handleOk().catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={translate('settings.permission.nameLabel')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            { max: 50, message: translate('validation.tooLong', { max: 50 }) },
          ]}
        >
          <Input autoFocus maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
