import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { messageSenderCreateRoute, messageSenderResubmitRoute } from '#domain/api/message-settings.ts';
import { DOCUMENT_KINDS, kindLabels, MAX_UPLOAD_MB, type UploadRefusal } from '#domain/rules/files.ts';
import { type MessageSender, type SenderOwner, senderOwners } from '#domain/schemas/message-settings.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { DocumentInput } from '../verification/document-input.tsx';
import type { DocumentValue } from '../verification/verification-form.ts';
import { uploadDocument } from './message-settings-api.ts';
import { extraDocumentOf, formatSenderNumber, senderNumberProblem } from './message-settings-rules.ts';

type Values = {
  phone: string;
  label?: string;
  owner: SenderOwner;
  proofFile: DocumentValue;
  extraFile: DocumentValue;
};

const FORM_FIELDS = ['phone', 'label', 'owner', 'proofFile', 'extraFile'];

/** A stored document stays as it is; a picked one is uploaded now. */
const documentRef = async (value: DocumentValue): Promise<string | undefined> => {
  if (!value) return undefined;
  return value.kind === 'stored' ? value.url : uploadDocument(value.file);
};

const storedOf = (url: string | null | undefined): DocumentValue => (url ? { kind: 'stored', url } : null);

/** The number, its label and whose it is (fixed once registered). */
function SenderNumberFields({ resubmitting }: { resubmitting: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Form.Item
        name="phone"
        label={translate('messageSettings.senders.form.phone')}
        extra={translate('messageSettings.senders.form.phoneHint')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = resubmitting ? undefined : senderNumberProblem(value);
              return problem
                ? Promise.reject(new Error(translate(`messageSettings.senders.form.${problem}`)))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="tel" autoComplete="off" maxLength={20} disabled={resubmitting} />
      </Form.Item>
      <Form.Item name="label" label={translate('messageSettings.senders.form.label')}>
        <Input maxLength={50} placeholder={translate('messageSettings.senders.form.labelHint')} />
      </Form.Item>
      <Form.Item name="owner" label={translate('messageSettings.senders.form.owner')} required>
        <Radio.Group disabled={resubmitting}>
          {senderOwners.map((value) => (
            <Radio key={value} value={value}>
              {translate(`messageSettings.senders.owner.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}

/** The 통신서비스 이용증명원 always; the employment certificate or power of attorney when the number is not the facility's. */
function SenderDocumentFields({
  owner,
  onRefused,
}: {
  owner: SenderOwner;
  onRefused: (why: UploadRefusal) => void;
}) {
  const translate = useTranslate();
  const extra = extraDocumentOf(owner);
  const documentRule = { required: true, message: translate('verification.files.required') };
  const proofLabel = translate('messageSettings.senders.form.proofFile');
  const extraLabel = extra ? translate(`messageSettings.senders.form.${extra}`) : '';
  return (
    <>
      <Form.Item
        name="proofFile"
        label={proofLabel}
        extra={translate('messageSettings.senders.form.proofHint')}
        required
        rules={[documentRule]}
      >
        <DocumentInput label={proofLabel} onRefused={onRefused} />
      </Form.Item>
      {extra && (
        <Form.Item
          name="extraFile"
          label={extraLabel}
          extra={translate(`messageSettings.senders.form.${extra}Hint`)}
          required
          rules={[documentRule]}
        >
          <DocumentInput label={extraLabel} onRefused={onRefused} />
        </Form.Item>
      )}
    </>
  );
}

/**
 * Registering a sender number (DOMAIN "Sender numbers"): 8 to 11 digits, a label, whose number it is, and the
 * documents: the 통신서비스 이용증명원 always, and the employment certificate or the power of attorney when the
 * number is an employee's or someone else's. With `sender` it resubmits that number after DENY or NEED.
 */
export function SenderForm({
  gymId,
  sender,
  onClose,
  onSaved,
}: {
  gymId: number;
  sender?: MessageSender;
  onClose: () => void;
  onSaved: (sender: MessageSender) => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<Values>();
  const owner = Form.useWatch('owner', form) ?? sender?.owner ?? 'GYM';
  const extra = extraDocumentOf(owner);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (values: Values) => {
      const proofFile = (await documentRef(values.proofFile)) ?? '';
      const extraFile = extra ? await documentRef(values.extraFile) : undefined;
      const label = values.label?.trim() || undefined;
      if (sender)
        return api.call(messageSenderResubmitRoute, {
          params: { id: sender.id },
          body: { gymId, proofFile, ...(label ? { label } : {}), ...(extraFile ? { extraFile } : {}) },
        });
      return api.call(messageSenderCreateRoute, {
        body: {
          gymId,
          phone: values.phone.trim(),
          owner: values.owner,
          proofFile,
          ...(label ? { label } : {}),
          ...(extraFile ? { extraFile } : {}),
        },
      });
    },
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error, { only: FORM_FIELDS }),
  });

  const handleRefused = (why: UploadRefusal) =>
    setRefusal(
      translate(`verification.files.${why}`, { limit: MAX_UPLOAD_MB, types: kindLabels(DOCUMENT_KINDS) }),
    );

  return (
    <Modal
      open
      title={
        sender
          ? translate('messageSettings.senders.form.resubmitTitle', {
              phone: formatSenderNumber(sender.phone),
            })
          : translate('messageSettings.senders.form.title')
      }
      okText={translate(
        sender ? 'messageSettings.senders.form.resubmit' : 'messageSettings.senders.form.submit',
      )}
      cancelText={translate('buttons.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {save.isError && !fieldErrorsAllShown(save.error, FORM_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      {refusal && (
        <Alert type="warning" showIcon closable onClose={() => setRefusal(null)} message={refusal} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{
          phone: sender ? formatSenderNumber(sender.phone) : '',
          label: sender?.label ?? '',
          owner: sender?.owner ?? 'GYM',
          proofFile: storedOf(sender?.proofFileUrl),
          extraFile: storedOf(sender?.extraFileUrl),
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <SenderNumberFields resubmitting={Boolean(sender)} />
        <SenderDocumentFields owner={owner} onRefused={handleRefused} />
      </Form>
    </Modal>
  );
}
