import { useMemo } from 'react';
import { type ModalOptions, type ModalStore, modalStore } from './modal-store.ts';

export type ModalApi = {
  /** Opens a modal (ALERT unless `type` says otherwise); answers its id. */
  open: (options: ModalOptions) => number;
  /** Closes a modal (the top one without an id) without running its handlers. */
  close: (id?: number) => void;
  /** Opens a modal and resolves true on confirm, false on cancel or dismissal. CONFIRM unless `type` says otherwise. */
  confirm: (options: ModalOptions) => Promise<boolean>;
};

/** The app's modals (docs/rules.md#modals-and-errors) from a component; <ModalHost /> shows them. */
export const useModal = (store: ModalStore = modalStore): ModalApi =>
  useMemo(
    () => ({
      open: store.open,
      close: store.close,
      confirm: (options) => store.confirm({ type: 'CONFIRM', ...options }),
    }),
    [store],
  );
