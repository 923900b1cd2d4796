import { languages } from '#domain/enums.ts';
import { useI18n } from '../i18n-context.tsx';

/** KO / EN; the detector caches the choice in localStorage, so the back-office opens in it too. */
export function LanguageSwitch() {
  const { t, language, changeLanguage } = useI18n();
  return (
    <fieldset className="fd-m-lang">
      <legend className="fd-m-visually-hidden">{t('language.label')}</legend>
      {languages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          title={t(`language.${option}Name`)}
          aria-pressed={language === option}
          onClick={() => changeLanguage(option)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
