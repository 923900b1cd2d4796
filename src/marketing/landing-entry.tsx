import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createMarketingI18n } from './i18n.ts';
import { I18nProvider } from './i18n-context.tsx';
import { LandingPage } from './landing/landing-page.tsx';
import en from './locales/en.json';
import ko from './locales/ko.json';
import './marketing.css';
import { usePageHead } from './use-page-head.ts';

function Landing() {
  usePageHead('landing');
  return <LandingPage />;
}

/** SELECT: plain React and CSS, no Refine or antd (docs/architecture.md#web-app). */
export const mountLanding = (container: HTMLElement): void => {
  const i18n = createMarketingI18n({ en, ko });
  const root = createRoot(container);
  // A transition lets React yield while it builds the long page, so the main thread is never blocked for long.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <Landing />
        </I18nProvider>
      </StrictMode>,
    );
  });
};
