import { useTranslate } from '@refinedev/core';
import { Alert, Button, Col, Form, type FormRule, Input, Modal, Row, Space, Typography } from 'antd';
import { Fragment, useId, useState } from 'react';
import { businessForms } from '#domain/enums.ts';
import { businessNoChecksumOk, isBusinessNoShape } from '#domain/rules/business-number.ts';
import { MAX_UPLOAD_MB, type UploadRefusal } from '#domain/rules/files.ts';
import { REQUIRED_DOCUMENTS_FOR_REQUEST } from '#domain/rules/gym-verification.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import { zodRule } from '../../forms/zod-rule.ts';
import { fieldErrorsOf, isHttpError } from '../../providers/http-error.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { useModal } from '../../shell/modal/use-modal.ts';
import { DocumentInput } from './document-input.tsx';
import { useVerificationApi } from './verification-api-context.tsx';
import { type FieldSpec, VERIFICATION_LINES } from './verification-fields.ts';
import {
  DOCUMENT_FIELDS,
  type DocumentField,
  documentExtensions,
  initialValuesOf,
  isReadyToSubmit,
  isVerificationField,
  toRequest,
  type VerificationValues,
} from './verification-form.ts';
import { ChoiceGroup, SuccessText } from './verification-parts.tsx';
import './verification.css';

/** docs/rules.md#modals-and-errors: the success modal appears 200 ms after the confirm dialog closes. */
export const SUCCESS_DELAY_MS = 200;

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
  const api = useVerificationApi();
  const { refresh, select } = useFacility();
  const [form] = Form.useForm<VerificationValues>();
  const incompleteId = useId();
  const ready = Form.useWatch((values: VerificationValues) => isReadyToSubmit(values), form) ?? false;

  const required: FormRule = { required: true, whitespace: true, message: translate('validation.required') };
  const documentRequired: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(translate('verification.files.required'));
    },
  };
  // docs/rules.md#business-number: a failed check digit catches a typo but does not block a number that may
  // still be right.
  const checkDigit: FormRule = {
    warningOnly: true,
    validator: async (_rule, value: string | undefined) => {
      if (value && isBusinessNoShape(value) && !businessNoChecksumOk(value))
        throw new Error(translate('verification.warnings.checkDigit'));
    },
  };

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

  /** The verification request, with the facility written in one call (docs/rules.md#facilities). */
  const send = async (values: VerificationValues): Promise<Gym> => {
    const urls = {} as Record<DocumentField, string | null>;
    for (const field of DOCUMENT_FIELDS) {
      const value = values[field];
      if (value?.kind === 'picked') {
        urls[field] = await api.upload(value.file, 'ETC');
        // A retry after a later failure sends the stored file instead of uploading it again.
        form.setFieldValue(field, { kind: 'stored', url: urls[field] });
      } else urls[field] = value?.kind === 'stored' ? value.url : null;
    }
    const request = toRequest(values, urls);
    if (gym) {
      const saved = await api.update(gym.id, request);
      await refresh();
      return saved;
    }
    const created = await api.create(request);
    await refresh();
    select(created.id);
    return created;
  };

  // Runs once the fields pass their rules (a check-digit warning does not stop it).
  const handleFinish = async (values: VerificationValues): Promise<void> => {
    // Filled in by the confirm's handler; read once the confirm has closed.
    const outcome: { saved?: Gym; failure?: unknown; failed?: boolean } = {};
    const confirmed = await modal.confirm({
      title: translate('verification.confirm.title'),
      children: translate('verification.confirm.question'),
      // The confirm stays open, its button spinning, while the request runs.
      handleConfirm: async () => {
        onSubmittingChange(true);
        try {
          outcome.saved = await send(values);
        } catch (failure) {
          outcome.failed = true;
          outcome.failure = failure;
        } finally {
          onSubmittingChange(false);
        }
      },
    });
    if (!confirmed) return;
    if (outcome.saved) {
      onDone(outcome.saved);
      window.setTimeout(
        () =>
          modal.open({
            type: 'SUCCESS',
            title: translate('verification.success.title'),
            children: <SuccessText />,
          }),
        SUCCESS_DELAY_MS,
      );
      return;
    }
    if (!outcome.failed) return;
    // The specification leaves update errors on an existing facility silent. A deliberate deviation
    // (docs/DECISIONS.md): every failure, new or existing facility, opens the error modal, because silence
    // would lose the owner's work.
    const { failure } = outcome;
    form.setFields(
      fieldErrorsOf(failure).flatMap(({ name, errors }) =>
        isVerificationField(name) ? [{ name, errors }] : [],
      ),
    );
    modal.open({
      type: 'ERROR',
      children: (
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {translate('verification.failure.body')}
          </Typography.Paragraph>
          {isHttpError(failure) && <Typography.Text type="secondary">{failure.message}</Typography.Text>}
        </>
      ),
    });
  };

  const documentItem = (field: DocumentField) => {
    const isRequired = (REQUIRED_DOCUMENTS_FOR_REQUEST as readonly string[]).includes(field);
    const label = translate(`verification.fields.${field}`);
    return (
      <Form.Item
        key={field}
        name={field}
        label={label}
        extra={translate('verification.hints.documents', {
          limit: MAX_UPLOAD_MB,
          types: documentExtensions(),
        })}
        rules={isRequired ? [documentRequired] : []}
        required={isRequired}
      >
        <DocumentInput label={label} onRefused={handleRefused} disabled={submitting} />
      </Form.Item>
    );
  };

  const fieldItem = (spec: FieldSpec) => {
    const label = translate(`verification.fields.${spec.name}`);
    if (spec.kind === 'businessForm') {
      return (
        <Form.Item
          key={spec.name}
          name={spec.name}
          label={label}
          rules={[{ required: true, message: translate('validation.required') }]}
        >
          <ChoiceGroup
            label={label}
            options={businessForms.map((value) => ({
              value,
              label: translate(`enums.businessForm.${value}`),
            }))}
          />
        </Form.Item>
      );
    }
    const rules: FormRule[] = spec.optional
      ? [zodRule(spec.schema, translate, { optional: true })]
      : [required, zodRule(spec.schema, translate), ...(spec.checkDigit ? [checkDigit] : [])];
    return (
      <Form.Item
        key={spec.name}
        name={spec.name}
        label={label}
        extra={spec.hint && translate(`verification.hints.${spec.hint}`)}
        normalize={spec.normalize}
        validateFirst={!spec.optional}
        rules={rules}
      >
        <Input {...spec.input} />
      </Form.Item>
    );
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
          return <Fragment key="documents">{DOCUMENT_FIELDS.map(documentItem)}</Fragment>;
        const [only] = line;
        if (line.length === 1 && only && only.sm === undefined) return fieldItem(only);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the table is constant; a line is its place in it.
          <Row gutter={16} key={index}>
            {line.map((spec) => (
              <Col xs={24} sm={spec.sm} key={spec.name}>
                {fieldItem(spec)}
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
