import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { LanguageSwitch } from '#src/marketing/components/language-switch.tsx';
import { useI18n } from '#src/marketing/i18n-context.tsx';

// The few controls of the sign-in pages, as plain accessible HTML styled like the back-office's antd theme
// (auth.css): the pages paint without antd (docs/architecture.md#web-app).

/** The centred card of the join layout (docs/rules.md#routes-and-layouts), with the brand and the language switch. */
export function AuthCard({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="fd-centered">
      <main className="fd-card">
        <div className="fd-card-top">
          <span className="fd-brand">{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        {children}
      </main>
    </div>
  );
}

export type FieldStatus = 'validating' | 'success' | null;

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The hint under the field (antd's `extra`). */
  hint?: string;
  /** Shows the check's progress, success or error beside the value (antd's `hasFeedback`); undefined: none. */
  status?: FieldStatus;
  type?: 'text' | 'password' | 'email' | 'tel' | 'search';
  size?: 'large' | 'middle';
  autoComplete?: string;
  autoCapitalize?: string;
  spellCheck?: boolean;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and its error, both tied to it (aria-describedby, aria-invalid). */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  status,
  type = 'text',
  size = 'middle',
  inputRef,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const feedback = status === undefined ? null : error ? 'error' : status;
  return (
    <div className={`fd-a-field${error ? ' fd-a-field-error' : ''}`}>
      <label className="fd-a-label" htmlFor={id}>
        {label}
      </label>
      <span className={`fd-a-input fd-a-input-${size}${feedback ? ` fd-a-feedback-${feedback}` : ''}`}>
        <input
          {...input}
          ref={inputRef}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {feedback && <span className="fd-a-feedback" aria-hidden="true" />}
      </span>
      <div className="fd-a-explain" aria-live="polite">
        {error && (
          <p id={errorId} className="fd-a-error">
            {error}
          </p>
        )}
      </div>
      {hint && (
        <p id={hintId} className="fd-a-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type ButtonProps = {
  children?: ReactNode;
  onClick?: () => void;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'default' | 'link';
  size?: 'large' | 'middle';
  block?: boolean;
  loading?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
};

export function Button({
  children,
  type = 'button',
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  disabled = false,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      // A loading button stays in the tab order and is announced as busy.
      type={type}
      className={`fd-a-button fd-a-button-${variant} fd-a-button-${size}${block ? ' fd-a-button-block' : ''}`}
      disabled={disabled}
      aria-busy={loading || undefined}
    >
      {loading && <span className="fd-a-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

type AlertProps = {
  type: 'error' | 'success' | 'info';
  message: ReactNode;
  description?: ReactNode;
};

/** antd's Alert: an error is announced at once (role alert), anything else politely (role status). */
export function Alert({ type, message, description }: AlertProps) {
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={`fd-a-alert fd-a-alert-${type}${description ? ' fd-a-alert-with-description' : ''}`}
    >
      <span className="fd-a-alert-icon" aria-hidden="true" />
      <div>
        <div className="fd-a-alert-message">{message}</div>
        {description && <div className="fd-a-alert-description">{description}</div>}
      </div>
    </div>
  );
}

type DialogProps = {
  title: string;
  children?: ReactNode;
  /** Present for a confirmation; an alert has only OK. */
  onCancel?: () => void;
  onOk: () => void;
  okLoading?: boolean;
};

/** A modal dialog (the native <dialog>: focus stays inside, Escape cancels), as the app's modal system shows. */
export function Dialog({ title, children, onCancel, onOk, okLoading = false }: DialogProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  return (
    <dialog
      ref={ref}
      className="fd-a-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!okLoading) (onCancel ?? onOk)();
      }}
    >
      <h2 id={titleId} className="fd-a-dialog-title">
        {title}
      </h2>
      <div className="fd-a-dialog-body">{children}</div>
      <div className="fd-a-dialog-footer">
        {onCancel && (
          <Button onClick={onCancel} disabled={okLoading}>
            {t('buttons.cancel')}
          </Button>
        )}
        <Button variant="primary" onClick={onOk} loading={okLoading} disabled={okLoading}>
          {t('buttons.ok')}
        </Button>
      </div>
    </dialog>
  );
}
