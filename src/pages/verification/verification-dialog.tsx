import { useTranslate } from '@refinedev/core';
import { Alert, Button, Col, Form, type FormRule, Input, Modal, Radio, Row, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { businessForms } from '#domain/enums.ts';
import { businessNoChecksumOk, formatBusinessNo, isBusinessNoShape } from '#domain/rules/business-number.ts';
import { MAX_UPLOAD_MB, type UploadRefusal } from '#domain/rules/files.ts';
import { REQUIRED_DOCUMENTS_FOR_REQUEST } from '#domain/rules/gym-verification.ts';
import { type Gym, gymCreateSchema } from '#domain/schemas/gym.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import { zodRule } from '../../forms/zod-rule.ts';
import { fieldErrorsOf, isHttpError } from '../../providers/http-error.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { useModal } from '../../shell/modal/use-modal.ts';
import { DocumentInput } from './document-input.tsx';
import { useVerificationApi } from './verification-api-context.tsx';
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

const fields = gymCreateSchema.shape;

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
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="businessNo"
            label={translate('verification.fields.businessNo')}
            extra={translate('verification.hints.businessNo')}
            normalize={(value: string | undefined) => formatBusinessNo(value ?? '')}
            validateFirst
            rules={[required, zodRule(fields.businessNo.unwrap(), translate), checkDigit]}
          >
            <Input inputMode="numeric" autoComplete="off" placeholder="123-45-67890" maxLength={12} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={translate('verification.fields.name')}
            validateFirst
            rules={[required, zodRule(fields.name, translate)]}
          >
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="representName"
            label={translate('verification.fields.representName')}
            extra={translate('verification.hints.representName')}
            validateFirst
            rules={[required, zodRule(fields.representName.unwrap(), translate)]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="businessForm"
            label={translate('verification.fields.businessForm')}
            rules={[{ required: true, message: translate('validation.required') }]}
          >
            <ChoiceGroup
              label={translate('verification.fields.businessForm')}
              options={businessForms.map((value) => ({
                value,
                label: translate(`enums.businessForm.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="businessType"
            label={translate('verification.fields.businessType')}
            extra={translate('verification.hints.list')}
            validateFirst
            rules={[required, zodRule(fields.businessType.unwrap(), translate)]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="businessField"
            label={translate('verification.fields.businessField')}
            extra={translate('verification.hints.list')}
            validateFirst
            rules={[required, zodRule(fields.businessField.unwrap(), translate)]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="postNo"
            label={translate('verification.fields.postNo')}
            normalize={(value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 5)}
            validateFirst
            rules={[required, zodRule(fields.postNo.unwrap(), translate)]}
          >
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item
            name="address"
            label={translate('verification.fields.address')}
            validateFirst
            rules={[required, zodRule(fields.address.unwrap(), translate)]}
          >
            <Input maxLength={300} autoComplete="street-address" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="addressDetail"
        label={translate('verification.fields.addressDetail')}
        validateFirst
        rules={[required, zodRule(fields.addressDetail.unwrap(), translate)]}
      >
        <Input maxLength={300} />
      </Form.Item>
      {DOCUMENT_FIELDS.map(documentItem)}
      <Form.Item
        name="senders"
        label={translate('verification.fields.senders')}
        extra={translate('verification.hints.senders')}
        rules={[zodRule(fields.senders.unwrap().unwrap(), translate, { optional: true })]}
      >
        <Input maxLength={500} />
      </Form.Item>
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

type ChoiceGroupProps = {
  id?: string;
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  options: { value: string; label: string }[];
};

/**
 * antd's Radio.Group is a bare div: the aria-* that Form.Item adds (required, invalid, describedby) are not allowed
 * there. This wraps it in a named radiogroup that may carry them.
 */
function ChoiceGroup({ id, label, value, onChange, options, ...aria }: ChoiceGroupProps) {
  return (
    <div role="radiogroup" id={id} aria-label={label} {...aria}>
      <Radio.Group
        optionType="button"
        value={value}
        onChange={(event) => onChange?.(event.target.value as string)}
        options={options}
      />
    </div>
  );
}

function SuccessText() {
  const translate = useTranslate();
  return (
    <>
      <Typography.Paragraph strong>{translate('verification.success.body')}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {translate('verification.success.review')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {translate('verification.success.notice')}
      </Typography.Paragraph>
    </>
  );
}
