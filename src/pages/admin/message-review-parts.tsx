import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Segmented, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type { MessageReview } from '#domain/schemas/message-settings.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';

// The operator's review of a sender number or an 알림톡 template (issue 29), like the facility documents' review:
// approve at once after a confirmation, or deny / ask for more with the note the facility reads.

type Decision = MessageReview['status'];

/** What a review queue's columns use of its decision call. */
export type ReviewMutation = {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutateAsync: (variables: { id: number; review: MessageReview }) => Promise<unknown>;
};

/** The state filter of a review queue: the waiting ones first, or any state. */
export function ReviewStateFilter({
  value,
  onChange,
}: {
  value: MessageReviewState | 'ALL';
  onChange: (value: MessageReviewState | 'ALL') => void;
}) {
  const translate = useTranslate();
  return (
    <Segmented<MessageReviewState | 'ALL'>
      aria-label={translate('messageSettings.admin.filter')}
      value={value}
      onChange={onChange}
      options={(['REQUEST', 'NEED', 'DENY', 'APPROVE', 'ALL'] as const).map((state) => ({
        value: state,
        label: translate(state === 'ALL' ? 'messageSettings.admin.all' : `messageSettings.review.${state}`),
      }))}
    />
  );
}

/** The decision dialog: APPROVE needs no note; DENY and NEED need the note the facility reads. */
function DecisionModal({
  decision,
  subject,
  pending,
  error,
  onDecide,
  onCancel,
}: {
  decision: Decision;
  subject: string;
  pending: boolean;
  error: unknown;
  onDecide: (review: MessageReview) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ note?: string }>();
  const needsNote = decision !== 'APPROVE';
  const shownOnForm = fieldErrorsAllShown(error, ['note']);
  useEffect(() => {
    if (error) showFieldErrors(form, error, { only: ['note'] });
  }, [error, form]);
  return (
    <Modal
      open
      title={translate(`messageSettings.admin.decide.${decision}`, { subject })}
      okText={translate(`messageSettings.admin.decision.${decision}`)}
      okButtonProps={{ danger: decision === 'DENY', loading: pending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      {Boolean(error) && !shownOnForm && (
        <Alert type="error" showIcon role="alert" message={errorText(error, translate)} />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ note }) =>
          onDecide({ status: decision, ...(note?.trim() ? { note: note.trim() } : {}) })
        }
      >
        {needsNote ? (
          <Form.Item
            name="note"
            label={translate('messageSettings.admin.note')}
            extra={translate('messageSettings.admin.noteHint')}
            rules={[
              { required: true, whitespace: true, message: translate('messageSettings.admin.noteRequired') },
              { max: 500, message: translate('validation.tooLong', { max: 500 }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3 }} maxLength={500} autoFocus />
          </Form.Item>
        ) : (
          <p>{translate('messageSettings.admin.approveQuestion', { subject })}</p>
        )}
      </Form>
    </Modal>
  );
}

/** The three decision buttons of a row under review, and the dialog they open. */
export function ReviewDecisions({
  subject,
  pending,
  error,
  onDecide,
  onReset,
}: {
  subject: string;
  pending: boolean;
  error: unknown;
  onDecide: (review: MessageReview) => Promise<unknown>;
  onReset: () => void;
}) {
  const translate = useTranslate();
  const [decision, setDecision] = useState<Decision | null>(null);
  const open = (next: Decision) => {
    onReset();
    setDecision(next);
  };
  return (
    <>
      <Space wrap size={4}>
        <Button size="small" type="primary" onClick={() => open('APPROVE')}>
          {translate('messageSettings.admin.decision.APPROVE')}
        </Button>
        <Button size="small" onClick={() => open('NEED')}>
          {translate('messageSettings.admin.decision.NEED')}
        </Button>
        <Button size="small" danger onClick={() => open('DENY')}>
          {translate('messageSettings.admin.decision.DENY')}
        </Button>
      </Space>
      {decision && (
        <DecisionModal
          decision={decision}
          subject={subject}
          pending={pending}
          error={error}
          onDecide={(review) =>
            void onDecide(review)
              .then(() => setDecision(null))
              .catch(() => undefined)
          }
          onCancel={() => setDecision(null)}
        />
      )}
    </>
  );
}
