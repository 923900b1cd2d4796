import { useTranslate } from '@refinedev/core';
import { useCallback } from 'react';
import { errorText } from '../../kit/error-text.ts';
import { useModal } from '../../shell/modal/use-modal.ts';

/**
 * Shows a failed change in an ERROR modal: the server's message (already in the user's language, e.g. the 409 that
 * protects the representative set), or the generic text. Callers mark their mutations `meta: { silent: true }`, so
 * the global alert does not repeat it.
 */
export const useReportError = () => {
  const translate = useTranslate();
  const { open } = useModal();
  return useCallback(
    (titleKey: string, error: unknown) => {
      open({
        type: 'ERROR',
        title: translate(titleKey),
        children: errorText(error, translate),
      });
    },
    [open, translate],
  );
};
