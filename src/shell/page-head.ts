import { useTranslate } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/options.ts';
import { applyHead } from '../marketing/head.ts';

/**
 * docs/rules.md#routes-and-layouts: every page sets the head title (the brand), the author and the
 * description, in its language.
 */
export const usePageHead = (pageTitle?: string): void => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  useEffect(() => {
    const brand = translate('app.name');
    applyHead({
      language,
      title: pageTitle ? `${pageTitle} · ${brand}` : brand,
      description: translate('shell.head.description'),
      author: translate('shell.head.author'),
    });
  }, [translate, language, pageTitle]);
};
