import { type BaseKey, useTranslate, useUpdate } from '@refinedev/core';
import { App, Button, Form, Input } from 'antd';

type ReviewUpdate = { resource: string; id: BaseKey; values: Record<string, unknown>; success: string };

const useReviewUpdate = () => {
  const translate = useTranslate();
  const { mutateAsync, mutation } = useUpdate();
  const update = ({ resource, id, values, success }: ReviewUpdate) =>
    mutateAsync({
      resource,
      id,
      values,
      successNotification: () => ({ message: translate(success), type: 'success' }),
    });
  return { update, pending: mutation.isPending };
};

/** A button that asks before it changes a status. */
export function ConfirmStatusButton({
  resource,
  id,
  values,
  label,
  question,
  success,
  danger,
}: ReviewUpdate & { label: string; question: string; danger?: boolean }) {
  const translate = useTranslate();
  const { modal } = App.useApp();
  const { update, pending } = useReviewUpdate();
  const handleClick = (): void => {
    modal.confirm({
      title: label,
      content: question,
      okText: label,
      okButtonProps: { danger },
      cancelText: translate('buttons.cancel'),
      onOk: () => update({ resource, id, values, success }),
    });
  };
  return (
    <Button
      size="small"
      type={danger ? 'default' : 'primary'}
      danger={danger}
      loading={pending}
      onClick={handleClick}
    >
      {label}
    </Button>
  );
}

/** Rejects a facility: asks for the reason the owner will read (required by the server as well). */
export function RejectFacilityButton({
  resource,
  id,
  name,
}: {
  resource: string;
  id: BaseKey;
  name: string;
}) {
  const translate = useTranslate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ inactiveReason: string }>();
  const { update, pending } = useReviewUpdate();
  const handleClick = (): void => {
    form.resetFields();
    modal.confirm({
      title: translate('admin.review.facilities.rejectTitle', { name }),
      icon: null,
      content: (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="inactiveReason"
            label={translate('admin.review.facilities.reason')}
            rules={[
              { required: true, whitespace: true, message: translate('validation.inactiveReasonRequired') },
              { max: 500, message: translate('validation.tooLong', { max: 500 }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3 }} autoFocus />
          </Form.Item>
        </Form>
      ),
      okText: translate('admin.review.facilities.reject'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: async () => {
        const { inactiveReason } = await form.validateFields();
        await update({
          resource,
          id,
          values: { gymStatus: 'INACTIVE', inactiveReason: inactiveReason.trim() },
          success: 'admin.review.facilities.rejected',
        });
      },
    });
  };
  return (
    <Button size="small" danger loading={pending} onClick={handleClick}>
      {translate('admin.review.facilities.reject')}
    </Button>
  );
}
