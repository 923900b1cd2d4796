import { useTranslate } from '@refinedev/core';
import { Alert, App, Form, Input, Modal, Radio, Space } from 'antd';
import { lessonCancelRoute } from '#domain/api/schedule.ts';
import { type EditScope, editScopes } from '#domain/rules/schedule.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';

type Values = { reason: string; scope: EditScope };

/**
 * "Cancel lesson" (docs/rules.md#schedule): a required reason, how far it reaches in a recurring lesson, and a
 * last confirmation; every reservation is cancelled and each customer notified.
 */
export function LessonCancelDialog({
  lessonId,
  recurring,
  liveReservations,
  onClose,
  onCancelled,
}: {
  lessonId: number;
  recurring: boolean;
  /** Booked and waiting on this occurrence: what the confirmation counts. */
  liveReservations: number;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const cancel = useContractMutation(lessonCancelRoute, {
    meta: { silent: true },
    input: (values: Values) => ({
      params: { id: lessonId },
      body: { reason: values.reason.trim(), scope: recurring ? values.scope : 'ONE' },
    }),
    onSuccess: (result) => {
      message.success(
        result.ids.length > 1
          ? translate('lessons.cancelLesson.doneMany', { count: result.ids.length })
          : translate('lessons.cancelLesson.done'),
      );
      onCancelled();
    },
    onError: (error) => message.error(errorText(error, translate)),
  });

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: translate('lessons.cancelLesson.confirmTitle'),
      content: translate('lessons.cancelLesson.confirmContent', { count: liveReservations }),
      okText: translate('lessons.cancelLesson.submit'),
      okButtonProps: { danger: true },
      cancelText: translate('lessons.cancelLesson.keep'),
      onOk: () => cancel.mutateAsync(values).catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={translate('lessons.cancelLesson.title')}
      okText={translate('lessons.cancelLesson.submit')}
      okButtonProps={{ danger: true }}
      cancelText={translate('lessons.cancelLesson.keep')}
      confirmLoading={cancel.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        message={translate('lessons.cancelLesson.help')}
        className="fd-lesson-alert"
      />
      <Form<Values> form={form} layout="vertical" initialValues={{ reason: '', scope: 'ONE' }} requiredMark>
        <Form.Item
          name="reason"
          label={translate('lessons.cancelLesson.reason')}
          rules={[
            { required: true, whitespace: true, message: translate('lessons.cancelLesson.reasonRequired') },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={translate('lessons.cancelLesson.reasonPlaceholder')}
          />
        </Form.Item>
        {recurring && (
          <Form.Item name="scope" label={translate('lessons.cancelLesson.scope')}>
            <Radio.Group>
              <Space direction="vertical">
                {editScopes.map((scope) => (
                  <Radio key={scope} value={scope}>
                    {translate(`lessons.cancelLesson.scope${scope}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
