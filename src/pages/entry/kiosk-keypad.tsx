import { useTranslation } from 'react-i18next';

export const PHONE_DIGITS = 4;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * The phone panel: the digits typed so far and a big keypad (0–9, delete, OK). OK needs exactly four digits. The
 * page also takes the digit keys of a keyboard while this panel is shown. The digit and delete keys stay enabled
 * (a fifth digit is ignored), so that the focus never falls off a key that was just pressed.
 */
export function KioskKeypad({
  digits,
  onDigit,
  onDelete,
  onSubmit,
}: {
  digits: string;
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const slots = Array.from({ length: PHONE_DIGITS }, (_, i) => digits[i] ?? '');
  return (
    <div className="fd-entry-phone">
      <p className="fd-entry-help">{t('kiosk.phone.help')}</p>
      <p className="fd-entry-digits">
        <span className="fd-entry-slots" aria-hidden="true">
          {slots.map((digit, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions.
            <span key={i} className={digit ? 'fd-entry-slot fd-entry-slot-on' : 'fd-entry-slot'}>
              {digit || '•'}
            </span>
          ))}
        </span>
        <span className="fd-entry-sr-only" aria-live="polite">
          {t('kiosk.phone.entered', { count: digits.length })}
        </span>
      </p>
      <fieldset className="fd-entry-keypad">
        <legend className="fd-entry-sr-only">{t('kiosk.phone.keypad')}</legend>
        {KEYS.map((key) => (
          <button key={key} type="button" className="fd-entry-key" onClick={() => onDigit(key)}>
            {key}
          </button>
        ))}
        <button type="button" className="fd-entry-key fd-entry-key-side" onClick={onDelete}>
          {t('kiosk.phone.delete')}
        </button>
        <button type="button" className="fd-entry-key" onClick={() => onDigit('0')}>
          0
        </button>
        <button
          type="button"
          className="fd-entry-key fd-entry-key-ok"
          disabled={digits.length !== PHONE_DIGITS}
          onClick={onSubmit}
        >
          {t('kiosk.phone.ok')}
        </button>
      </fieldset>
    </div>
  );
}
