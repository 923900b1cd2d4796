import { useTranslate } from '@refinedev/core';
import { type FormInstance, Typography } from 'antd';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import { showFieldErrors } from '../../kit/form-errors.ts';
import { isHttpError } from '../../providers/http-error.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { useVerificationApi } from './verification-api-context.tsx';
import {
  DOCUMENT_FIELDS,
  type DocumentField,
  isVerificationField,
  toRequest,
  type VerificationValues,
} from './verification-form.ts';
import { SuccessText } from './verification-parts.tsx';

/** docs/rules.md#modals-and-errors: the success modal appears 200 ms after the confirm dialog closes. */
export const SUCCESS_DELAY_MS = 200;

/**
 * The request, after a confirmation: the picked documents uploaded (each once), the facility written in one
 * call, then the success modal, or the error modal with the refusal on its fields.
 */
export const useVerificationSubmit = ({
  gym,
  form,
  onSubmittingChange,
  onDone,
}: {
  gym: Gym | null;
  form: FormInstance<VerificationValues>;
  onSubmittingChange: (submitting: boolean) => void;
  onDone: (gym: Gym) => void;
}) => {
  const translate = useTranslate();
  const modal = useModal();
  const api = useVerificationApi();
  const { refresh, select } = useFacility();

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
    showFieldErrors(form, failure, { only: isVerificationField });
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

  return handleFinish;
};
