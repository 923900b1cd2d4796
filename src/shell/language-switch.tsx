import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Segmented } from 'antd';
import type { Language } from '#domain/enums.ts';

/** KO / EN switch; the choice is cached in localStorage by the language detector. */
export function LanguageSwitch() {
  const translate = useTranslate();
  const getLocale = useGetLocale();
  const changeLocale = useSetLocale();

  const handleChange = (language: Language): void => {
    void changeLocale(language);
  };

  return (
    <Segmented<Language>
      size="small"
      aria-label={translate('language.label')}
      value={getLocale() === 'ko' ? 'ko' : 'en'}
      onChange={handleChange}
      options={[
        {
          value: 'ko',
          label: <span lang="ko">{translate('language.ko')}</span>,
          title: translate('language.koName'),
        },
        {
          value: 'en',
          label: <span lang="en">{translate('language.en')}</span>,
          title: translate('language.enName'),
        },
      ]}
    />
  );
}
