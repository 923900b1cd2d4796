import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Modal, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type ModalEntry, type ModalStore, type ModalType, modalStore } from './modal-store.ts';

/** docs/rules.md#modals-and-errors: a modal is 400 px wide unless it asks for more. */
export const DEFAULT_MODAL_WIDTH = 400;

/**
 * ALERT and SUCCESS only inform; the other types ask, so they can be declined
 * (docs/rules.md#modals-and-errors).
 */
export const hasCancel = (type: ModalType): boolean => type !== 'ALERT' && type !== 'SUCCESS';

/** Longer than antd's closing animation: a closed modal that never hears the animation end is removed anyway. */
const REMOVE_AFTER_CLOSE_MS = 600;

export type ModalIconKind = 'error' | 'retry' | 'success';

/**
 * docs/rules.md#modals-and-errors: ERROR gets an error icon, ALERT and CONFIRM the "retry" one, the SUCCESS
 * types a success icon.
 */
export const iconKindOf = (type: ModalType): ModalIconKind =>
  type === 'ERROR' ? 'error' : type === 'SUCCESS' || type === 'SUCCESS_CONFIRM' ? 'success' : 'retry';

function DefaultIcon({ kind }: { kind: ModalIconKind }) {
  const { token } = theme.useToken();
  if (kind === 'error') return <CloseCircleFilled style={{ color: token.colorError }} />;
  if (kind === 'success') return <CheckCircleFilled style={{ color: token.colorSuccess }} />;
  return <InfoCircleFilled style={{ color: token.colorPrimary }} />;
}

function ModalDialog({ entry, store }: { entry: ModalEntry; store: ModalStore }) {
  const translate = useTranslate();
  const { id, options } = entry;
  const type = options.type ?? 'ALERT';
  const danger = type === 'ERROR';
  const [pending, setPending] = useState(false);
  // A double click, or Escape during the closing animation, must not run a handler twice.
  const settled = useRef(false);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // Focus starts on the confirm button, so Enter confirms and Escape (handled on the dialog) dismisses. antd would
  // focus the dialog itself, and `autoFocus` fires before the portal is in the document.
  useEffect(() => {
    if (entry.open) confirmButton.current?.focus();
  }, [entry.open]);

  // The closing animation's end (afterClose) removes the modal; a hidden tab or a test DOM may never report it.
  useEffect(() => {
    if (entry.open) return;
    const timer = window.setTimeout(() => store.remove(id), REMOVE_AFTER_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [entry.open, store, id]);

  const handleConfirm = async (): Promise<void> => {
    if (settled.current) return;
    settled.current = true;
    setPending(true);
    try {
      await options.handleConfirm?.();
    } catch (error) {
      // The caller reports its own failures; the modal still closes (docs/rules.md#modals-and-errors).
      console.error('Modal confirm handler failed', error);
    } finally {
      setPending(false);
      store.close(id);
    }
  };

  const handleDismiss = (): void => {
    if (settled.current) return;
    settled.current = true;
    try {
      options.handleClose?.();
    } finally {
      store.close(id);
    }
  };

  const icon: ReactNode = options.icon === undefined ? <DefaultIcon kind={iconKindOf(type)} /> : options.icon;

  return (
    <Modal
      open={entry.open}
      title={options.title ?? translate('modal.notice')}
      width={options.contentWidth ?? DEFAULT_MODAL_WIDTH}
      centered
      closable={false}
      // Only the buttons and Escape close it: a stray click beside an error must not lose it.
      maskClosable={false}
      keyboard={!pending}
      onCancel={handleDismiss}
      afterClose={() => store.remove(id)}
      footer={[
        hasCancel(type) && (
          <Button key="cancel" danger={danger} disabled={pending} onClick={handleDismiss}>
            {options.cancelText ?? translate('buttons.cancel')}
          </Button>
        ),
        <Button
          key="confirm"
          ref={confirmButton}
          type="primary"
          danger={danger}
          loading={pending}
          onClick={handleConfirm}
        >
          {options.confirmText ?? translate('buttons.ok')}
        </Button>,
      ]}
    >
      <div
        className="fd-modal-body"
        style={{ display: 'grid', justifyItems: 'center', gap: 12, textAlign: 'center' }}
      >
        {icon !== null && (
          <span
            aria-hidden="true"
            data-modal-icon={options.icon === undefined ? iconKindOf(type) : 'custom'}
            style={{ fontSize: 40, lineHeight: 1 }}
          >
            {icon}
          </span>
        )}
        {options.children !== undefined && options.children !== null && <div>{options.children}</div>}
      </div>
    </Modal>
  );
}

/**
 * Shows the modals of the store, newest on top. Render it once, inside <Refine> (for the texts) and antd's
 * ConfigProvider/App (for theme and locale).
 */
export function ModalHost({ store = modalStore }: { store?: ModalStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.getEntries, store.getEntries);
  return entries.map((entry) => <ModalDialog key={entry.id} entry={entry} store={store} />);
}
