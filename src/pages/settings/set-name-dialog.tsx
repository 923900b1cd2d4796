import { useTranslate } from '@refinedev/core';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { type RolePreset, rolePresets } from '#domain/permissions.ts';
import { showFieldErrors } from '../../kit/form-errors.ts';

/**
 * The name of a new set or a renamed one. `withPreset`: a new set may start from a role preset's flags
 * (docs/rules.md#permissions), adjusted afterwards in the matrix; none leaves every flag off.
 */
export function SetNameDialog({
  open,
  title,
  initialName,
  okText,
  onSubmit,
  onClose,
  withPreset = false,
}: {
  open: boolean;
  title: string;
  initialName: string;
  okText: string;
  onSubmit: (name: string, preset?: RolePreset) => Promise<unknown>;
  onClose: () => void;
  withPreset?: boolean;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ name: string; preset?: RolePreset }>();
  const [pending, setPending] = useState(false);
  const handleOk = async (): Promise<void> => {
    const { name, preset } = await form.validateFields();
    setPending(true);
    try {
      await onSubmit(name.trim(), preset);
    } catch (error) {
      showFieldErrors(form, error, { only: ['name'] });
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
        {withPreset ? (
          <Form.Item
            name="preset"
            label={translate('settings.permission.presets.label')}
            extra={translate('settings.permission.presets.hint')}
          >
            <Select
              allowClear
              placeholder={translate('settings.permission.presets.custom')}
              options={rolePresets.map((preset) => ({
                value: preset,
                label: translate(`settings.permission.presets.${preset}`),
              }))}
              onChange={(preset?: RolePreset) => {
                // The preset's name is offered while no name was typed.
                if (preset && !form.getFieldValue('name'))
                  form.setFieldValue('name', translate(`settings.permission.presets.${preset}`));
              }}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
