import type { ReactNode } from 'react';

/** The modal state (docs/rules.md#modals-and-errors). */
export const modalTypes = ['ALERT', 'CONFIRM', 'ERROR', 'SUCCESS', 'SUCCESS_CONFIRM'] as const;
export type ModalType = (typeof modalTypes)[number];

/**
 * What a caller asks for. Texts left out come from i18n in the language of the moment
 * (docs/rules.md#modals-and-errors); the field names follow the product specification, so that the screens
 * ported from it read the same.
 */
export type ModalOptions = {
  /** ALERT when left out. */
  type?: ModalType;
  title?: ReactNode;
  /** Replaces the icon chosen by type; `null` shows none. */
  icon?: ReactNode;
  children?: ReactNode;
  /** The dialog's width (px or CSS length); 400 px when left out. */
  contentWidth?: number | string;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** Runs on confirm, before the modal closes; a promise keeps it open (the button spins) until it settles. */
  handleConfirm?: () => unknown;
  /** Runs on cancel or dismissal (Escape), before the modal closes. */
  handleClose?: () => void;
  /** While a modal with this key is open, another open() with the same key is ignored (one alert, not five). */
  key?: string;
};

export type ModalEntry = {
  id: number;
  options: ModalOptions;
  /** False while it plays its closing animation; the host then removes it. */
  open: boolean;
};

export type ModalStore = {
  /** Shows a modal on top of any already open; answers its id. */
  open: (options: ModalOptions) => number;
  /** Resolves true on confirm and false on cancel or dismissal; the options' own handlers still run. */
  confirm: (options: ModalOptions) => Promise<boolean>;
  /** Closes a modal (the top one without an id) without running its handlers: for code, not for the user. */
  close: (id?: number) => void;
  /** Forgets a closed modal once its animation is over. */
  remove: (id: number) => void;
  getEntries: () => readonly ModalEntry[];
  subscribe: (listener: () => void) => () => void;
};

/** Kept outside React so that code without hooks (the query error handler, a provider) can open a modal too. */
export const createModalStore = (): ModalStore => {
  let entries: readonly ModalEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly ModalEntry[]): void => {
    entries = next;
    for (const listener of listeners) listener();
  };

  const open = (options: ModalOptions): number => {
    const same =
      options.key === undefined
        ? undefined
        : entries.find((entry) => entry.open && entry.options.key === options.key);
    if (same) return same.id;
    const id = nextId++;
    set([...entries, { id, options, open: true }]);
    return id;
  };

  const close = (id?: number): void => {
    const target = id ?? entries.findLast((entry) => entry.open)?.id;
    if (!entries.some((entry) => entry.id === target && entry.open)) return;
    set(entries.map((entry) => (entry.id === target ? { ...entry, open: false } : entry)));
  };

  return {
    open,
    close,
    confirm: (options) =>
      new Promise<boolean>((resolve) => {
        open({
          ...options,
          handleConfirm: async () => {
            try {
              return await options.handleConfirm?.();
            } finally {
              resolve(true);
            }
          },
          handleClose: () => {
            try {
              options.handleClose?.();
            } finally {
              resolve(false);
            }
          },
        });
      }),
    remove: (id) => {
      if (entries.some((entry) => entry.id === id)) set(entries.filter((entry) => entry.id !== id));
    },
    getEntries: () => entries,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** The app's one modal stack, shown by <ModalHost />. */
export const modalStore: ModalStore = createModalStore();

/** For code outside React: `openModal({ type: 'ALERT', children: text })`. */
export const openModal = (options: ModalOptions): number => modalStore.open(options);
export const closeModal = (id?: number): void => modalStore.close(id);
