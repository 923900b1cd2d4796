import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMarketingI18n } from './i18n.ts';
import { I18nProvider } from './i18n-context.tsx';
import { LegalPage, type LegalPageId } from './legal/legal-page.tsx';
import legalEn from './legal/locales/en.json';
import legalKo from './legal/locales/ko.json';
import en from './locales/en.json';
import ko from './locales/ko.json';
import './marketing.css';

/** `/terms` and `/privacy`: plain React and CSS, like the landing. */
export const mountLegal = (container: HTMLElement, page: LegalPageId): void => {
  const i18n = createMarketingI18n({ en: { ...en, ...legalEn }, ko: { ...ko, ...legalKo } });
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LegalPage page={page} />
      </I18nProvider>
    </StrictMode>,
  );
};
