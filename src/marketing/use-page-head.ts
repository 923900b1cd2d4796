import { useEffect } from 'react';
import { company } from './company.ts';
import { applyHead } from './head.ts';
import { useI18n } from './i18n-context.tsx';
import type { MarketingPage } from './paths.ts';
import { MARKETING_ROUTES } from './paths.ts';

/** Keeps the head (title, author, description; Open Graph on SELECT) in the current language. */
export const usePageHead = (page: MarketingPage): void => {
  const { t, language } = useI18n();
  useEffect(() => {
    applyHead({
      language,
      title: t(`head.${page}.title`),
      description: t(`head.${page}.description`),
      author: t('head.author'),
      openGraph:
        page === 'landing'
          ? {
              siteName: company.brand[language],
              url: new URL(MARKETING_ROUTES.landing, window.location.origin).href,
              image: new URL('/og-image.jpg', window.location.origin).href,
            }
          : undefined,
    });
  }, [t, language, page]);
};
