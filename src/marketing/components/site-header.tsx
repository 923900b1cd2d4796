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
          <nav className="fd-m-nav" aria-label={t('site.nav.label')}>
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{t(section.labelKey)}</a>
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
