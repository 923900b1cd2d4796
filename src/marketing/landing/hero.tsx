import { ROUTES } from '../../routes.ts';
import { useI18n } from '../i18n-context.tsx';

export const MEMBER_APP_ID = 'member-app';

/**
 * The hero, and the selector (docs/rules.md#public-pages): Facility Management goes to LOGIN, Member App to
 * the diet demo.
 */
export function Hero() {
  const { t } = useI18n();
  return (
    <>
      <section className="fd-m-hero" aria-labelledby="hero-title">
        <div className="fd-m-container">
          <p className="fd-m-eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title">{t('hero.title')}</h1>
          <p className="fd-m-lead">{t('hero.lead')}</p>
          <div className="fd-m-actions">
            <a className="fd-m-button" href={ROUTES.JOIN}>
              {t('hero.primary')}
            </a>
            <a className="fd-m-button fd-m-button-ghost" href={ROUTES.LOGIN}>
              {t('hero.secondary')}
            </a>
          </div>
        </div>
      </section>
      <section className="fd-m-selector" aria-labelledby="selector-title">
        <div className="fd-m-container">
          <h2 id="selector-title">{t('selector.title')}</h2>
          <ul className="fd-m-selector-list">
            <li>
              <a className="fd-m-choice" href={ROUTES.LOGIN}>
                <span className="fd-m-choice-icon">
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path d="M3 21V8l9-5 9 5v13h-6v-7H9v7H3z" fill="currentColor" />
                  </svg>
                </span>
                <span className="fd-m-choice-title">{t('selector.facility.title')}</span>
                <span className="fd-m-choice-text">{t('selector.facility.text')}</span>
              </a>
            </li>
            <li>
              <a className="fd-m-choice" href={`#${MEMBER_APP_ID}`}>
                <span className="fd-m-choice-icon">
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path
                      d="M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 3v13h10V5H7zm4 14.5a1 1 0 1 0 2 0 1 1 0 0 0-2 0z"
                      fill="currentColor"
                    />
                  </svg>
                </span>
                <span className="fd-m-choice-title">{t('selector.member.title')}</span>
                <span className="fd-m-choice-text">{t('selector.member.text')}</span>
              </a>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
