import { useTranslate } from '@refinedev/core';
import { Alert, Button, Col, Form, Modal, Row, Space, Typography } from 'antd';
import { Fragment, useId, useState } from 'react';
import { MAX_UPLOAD_MB, type UploadRefusal } from '#domain/rules/files.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { useModal } from '../../shell/modal/use-modal.ts';
import { useVerificationSubmit } from './use-verification-submit.tsx';
import { VERIFICATION_LINES } from './verification-fields.ts';
import {
  DOCUMENT_FIELDS,
  documentExtensions,
  initialValuesOf,
  isReadyToSubmit,
  type VerificationValues,
} from './verification-form.ts';
import { DocumentItem, FieldItem } from './verification-items.tsx';
import './verification.css';

export type VerificationDialogProps = {
  open: boolean;
  /** The facility to submit (a draft, or a rejected or verified one); absent for a new facility. */
  gym?: Gym | null;
  onClose: () => void;
  /** After the request is saved and the facility list refreshed; the dialog is then the caller's to close. */
  onDone: (gym: Gym) => void;
};

/**
 * The business verification dialog (docs/rules.md#verification): the verification info, the documents, and
 * the request.
 */
export function VerificationDialog({ open, gym, onClose, onDone }: VerificationDialogProps) {
  const translate = useTranslate();
  const member = useSessionMember();
  const [submitting, setSubmitting] = useState(false);
  if (!member) return null;

  const handleCancel = (): void => {
    if (!submitting) onClose();
  };

  return (
    <Modal
      open={open}
      title={translate('verification.title')}
      width={680}
      footer={null}
      onCancel={handleCancel}
      maskClosable={false}
      keyboard={!submitting}
      closable={!submitting}
      // A new opening starts from the facility's saved info, not from what was typed and abandoned.
      destroyOnHidden
    >
      <VerificationForm
        key={gym?.id ?? 'new'}
        gym={gym ?? null}
        submitting={submitting}
        onSubmittingChange={setSubmitting}
        onCancel={handleCancel}
        onDone={onDone}
      />
    </Modal>
  );
}

type VerificationFormProps = {
  gym: Gym | null;
  submitting: boolean;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onDone: (gym: Gym) => void;
};

function VerificationForm({ gym, submitting, onSubmittingChange, onCancel, onDone }: VerificationFormProps) {
  const translate = useTranslate();
  const modal = useModal();
  const [form] = Form.useForm<VerificationValues>();
  const handleFinish = useVerificationSubmit({ gym, form, onSubmittingChange, onDone });
  const incompleteId = useId();
  const ready = Form.useWatch((values: VerificationValues) => isReadyToSubmit(values), form) ?? false;

  const handleRefused = (refusal: UploadRefusal): void => {
    modal.open({
      type: 'ALERT',
      title: translate(`verification.files.${refusal}Title`),
      children: translate(`verification.files.${refusal}`, {
        limit: MAX_UPLOAD_MB,
        types: documentExtensions(),
      }),
    });
  };

  return (
    <Form<VerificationValues>
      form={form}
      name="verification"
      layout="vertical"
      initialValues={initialValuesOf(gym)}
      disabled={submitting}
      onFinish={(values) => void handleFinish(values)}
      className="fd-verify-form"
    >
      <Typography.Paragraph type="secondary">{translate('verification.intro')}</Typography.Paragraph>
      {gym?.gymStatus === 'INACTIVE' && gym.inactiveReason?.trim() && (
        <Alert
          type="warning"
          showIcon
          className="fd-verify-reason"
          message={translate('verification.rejectedReason')}
          description={gym.inactiveReason}
        />
      )}
      {VERIFICATION_LINES.map((line, index) => {
        if (!Array.isArray(line))
          return (
            <Fragment key="documents">
              {DOCUMENT_FIELDS.map((field) => (
                <DocumentItem key={field} field={field} disabled={submitting} onRefused={handleRefused} />
              ))}
            </Fragment>
          );
        const [only] = line;
        if (line.length === 1 && only && only.sm === undefined)
          return <FieldItem key={only.name} spec={only} />;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the table is constant; a line is its place in it.
          <Row gutter={16} key={index}>
            {line.map((spec) => (
              <Col xs={24} sm={spec.sm} key={spec.name}>
                <FieldItem spec={spec} />
              </Col>
            ))}
          </Row>
        );
      })}
      {!ready && (
        <Typography.Paragraph type="secondary" id={incompleteId}>
          {translate('verification.incomplete')}
        </Typography.Paragraph>
      )}
      <Space className="fd-verify-actions">
        <Button onClick={onCancel} disabled={submitting}>
          {translate('buttons.cancel')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={submitting}
          disabled={!ready}
          aria-describedby={ready ? undefined : incompleteId}
        >
          {translate('verification.submit')}
        </Button>
      </Space>
    </Form>
  );
}
