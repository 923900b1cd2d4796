import { useEffect, useId, useState } from 'react';
import { ROUTES } from '../../routes.ts';
import { useI18n } from '../i18n-context.tsx';
import { MARKETING_ROUTES } from '../paths.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitch } from './language-switch.tsx';

export type SectionLink = { id: string; labelKey: string };

/**
 * The public pages' header. Links into the back-office are plain page loads: it is another entry
 * (docs/architecture.md#web-app).
 */
export function SiteHeader({ sections = [] }: { sections?: readonly SectionLink[] }) {
  const { t } = useI18n();
  const navId = useId();
  // Below the desktop breakpoint the section links fold behind a menu button.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open]);
  return (
    <header className="fd-m-header">
      <a className="fd-m-skip" href="#main">
        {t('site.skipToContent')}
      </a>
      <div className="fd-m-container fd-m-header-row">
        <a className="fd-m-brand" href={MARKETING_ROUTES.landing} aria-label={t('site.home')}>
          <BrandMark />
          <span>{t('site.brand')}</span>
        </a>
        {sections.length > 0 && (
          <button
            type="button"
            className="fd-m-menu-button"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true" className="fd-m-menu-icon" />
            <span className="fd-m-visually-hidden">{t('site.nav.menu')}</span>
          </button>
        )}
        {sections.length > 0 && (
          <nav id={navId} className={open ? 'fd-m-nav is-open' : 'fd-m-nav'} aria-label={t('site.nav.label')}>
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} onClick={() => setOpen(false)}>
                    {t(section.labelKey)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="fd-m-header-actions">
          <LanguageSwitch />
          <a className="fd-m-button fd-m-button-small" href={ROUTES.LOGIN}>
            {t('site.login')}
          </a>
        </div>
      </div>
    </header>
  );
}
