import { ROUTES } from '../../routes.ts';
import { company } from '../company.ts';
import { useI18n } from '../i18n-context.tsx';

export function CallToAction() {
  const { t } = useI18n();
  return (
    <section id="start" className="fd-m-cta" aria-labelledby="start-title">
      <div className="fd-m-container">
        <h2 id="start-title">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className="fd-m-actions">
          <a className="fd-m-button fd-m-button-light" href={ROUTES.JOIN}>
            {t('cta.primary')}
          </a>
          <a className="fd-m-button fd-m-button-outline-light" href={`mailto:${company.email}`}>
            {t('cta.secondary')}
          </a>
        </div>
      </div>
    </section>
  );
}
