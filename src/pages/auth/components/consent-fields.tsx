import { useId } from 'react';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { MARKETING_ROUTES } from '#src/marketing/paths.ts';

export type ConsentValues = { terms: boolean; privacy: boolean; marketing: boolean };
export type ConsentKey = keyof ConsentValues;
export type ConsentErrors = Partial<Record<ConsentKey, string>>;

export const NO_CONSENTS: ConsentValues = { terms: false, privacy: false, marketing: false };
export const REQUIRED_KEYS: readonly ConsentKey[] = ['terms', 'privacy'];

type ConsentFieldsProps = {
  values: ConsentValues;
  errors: ConsentErrors;
  onChange: (values: ConsentValues) => void;
  /** Takes the first box, for focus after a refused submit. */
  firstRef?: (element: HTMLInputElement | null) => void;
};

/** One checkbox with its label, its link to the full text and its error, tied together (aria-describedby). */
function ConsentBox({
  name,
  checked,
  label,
  link,
  error,
  details,
  onChange,
  inputRef,
}: {
  name: ConsentKey;
  checked: boolean;
  label: string;
  link?: { href: string; text: string };
  error?: string;
  details?: string[];
  onChange: (checked: boolean) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, details ? `${id}-details` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`fd-a-consent${error ? ' fd-a-field-error' : ''}`}>
      <div className="fd-a-consent-row">
        <input
          id={id}
          ref={inputRef}
          type="checkbox"
          name={`consents.${name}`}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <label htmlFor={id}>{label}</label>
        {link && (
          <a href={link.href} target="_blank" rel="noopener" className="fd-a-consent-link">
            {link.text}
          </a>
        )}
      </div>
      {details && (
        <ul id={`${id}-details`} className="fd-a-consent-details">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="fd-a-error" aria-live="polite">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The join's agreements (docs/rules.md#join): required terms, required collection and use of personal data (with
 * the items, the purpose and the retention), optional marketing; each links to its full text.
 */
export function ConsentFields({ values, errors, onChange, firstRef }: ConsentFieldsProps) {
  const { t } = useI18n();
  const all = values.terms && values.privacy && values.marketing;
  const set = (key: ConsentKey, checked: boolean) => onChange({ ...values, [key]: checked });
  return (
    <fieldset className="fd-a-consents">
      <legend className="fd-a-label">{t('join.consent.legend')}</legend>
      <div className="fd-a-consent fd-a-consent-all">
        <div className="fd-a-consent-row">
          <input
            id="consent-all"
            type="checkbox"
            checked={all}
            onChange={(event) =>
              onChange({
                terms: event.target.checked,
                privacy: event.target.checked,
                marketing: event.target.checked,
              })
            }
          />
          <label htmlFor="consent-all">{t('join.consent.all')}</label>
        </div>
      </div>
      <ConsentBox
        name="terms"
        checked={values.terms}
        label={t('join.consent.terms')}
        link={{ href: MARKETING_ROUTES.terms, text: t('join.consent.viewTerms') }}
        error={errors.terms}
        onChange={(checked) => set('terms', checked)}
        inputRef={firstRef}
      />
      <ConsentBox
        name="privacy"
        checked={values.privacy}
        label={t('join.consent.privacy')}
        link={{ href: MARKETING_ROUTES.privacy, text: t('join.consent.viewPrivacy') }}
        error={errors.privacy}
        details={[
          t('join.consent.privacyItems'),
          t('join.consent.privacyPurpose'),
          t('join.consent.privacyRetention'),
        ]}
        onChange={(checked) => set('privacy', checked)}
      />
      <ConsentBox
        name="marketing"
        checked={values.marketing}
        label={t('join.consent.marketing')}
        onChange={(checked) => set('marketing', checked)}
      />
    </fieldset>
  );
}
