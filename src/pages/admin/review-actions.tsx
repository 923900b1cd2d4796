import { type BaseKey, useTranslate, useUpdate } from '@refinedev/core';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { showFieldErrors } from '../../kit/form-errors.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { useReportError } from '../settings/use-report-error.ts';

type ReviewUpdate = { resource: string; id: BaseKey; values: Record<string, unknown>; success: string };

/** The operator's decision; a failure is reported here (an ERROR modal), not by the global alert as well. */
const useReviewUpdate = () => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { mutateAsync, mutation } = useUpdate({ mutationOptions: { meta: { silent: true } } });
  const update = async ({ resource, id, values, success }: ReviewUpdate) => {
    await mutateAsync({
      resource,
      id,
      values,
      successNotification: false,
      errorNotification: false,
    });
    void message.success(translate(success));
  };
  return { update, pending: mutation.isPending };
};

/** A button that asks (through the app's modal) before it changes a status. */
export function ConfirmStatusButton({
  resource,
  id,
  values,
  label,
  question,
  success,
  danger,
  onDone,
}: ReviewUpdate & { label: string; question: string; danger?: boolean; onDone?: () => void }) {
  const { open } = useModal();
  const report = useReportError();
  const { update, pending } = useReviewUpdate();
  const handleClick = (): void => {
    open({
      type: 'CONFIRM',
      title: label,
      children: question,
      confirmText: label,
      handleConfirm: async () => {
        try {
          await update({ resource, id, values, success });
          onDone?.();
        } catch (error) {
          report('review.failed', error);
        }
      },
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

/** Rejects a facility: asks for the reason the owner will read (the server requires it as well). */
export function RejectFacilityButton({
  resource,
  id,
  name,
  onDone,
}: {
  resource: string;
  id: BaseKey;
  name: string;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ inactiveReason: string }>();
  const { update, pending } = useReviewUpdate();

  const handleOk = async (): Promise<void> => {
    const { inactiveReason } = await form.validateFields();
    try {
      await update({
        resource,
        id,
        values: { gymStatus: 'INACTIVE', inactiveReason: inactiveReason.trim() },
        success: 'admin.review.facilities.rejected',
      });
      setOpen(false);
      onDone?.();
    } catch (error) {
      if (!showFieldErrors(form, error, { only: ['inactiveReason'] })) {
        setOpen(false);
        report('review.failed', error);
      }
    }
  };

  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        {translate('admin.review.facilities.reject')}
      </Button>
      <Modal
        open={open}
        title={translate('admin.review.facilities.rejectTitle', { name })}
        okText={translate('admin.review.facilities.reject')}
        okButtonProps={{ danger: true, loading: pending }}
        cancelText={translate('buttons.cancel')}
        onOk={() => void handleOk().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        maskClosable={false}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="inactiveReason"
            label={translate('admin.review.facilities.reason')}
            extra={translate('review.facilities.reasonHint')}
            rules={[
              { required: true, whitespace: true, message: translate('validation.inactiveReasonRequired') },
              { max: 500, message: translate('validation.tooLong', { max: 500 }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3 }} autoFocus maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
