import { company } from '../company.ts';
import { useI18n } from '../i18n-context.tsx';
import { MARKETING_ROUTES } from '../paths.ts';
import { BrandMark } from './brand-mark.tsx';

/**
 * Links to the legal pages, the company details (docs/rules.md#public-pages) and the copyright line with the
 * current year.
 */
export function SiteFooter() {
  const { t, language } = useI18n();
  const details: [label: string, value: string][] = [
    [t('footer.representative'), company.representative[language]],
    [t('footer.email'), company.email],
    [t('footer.businessNumber'), company.businessRegistrationNumber],
    [t('footer.mailOrderNumber'), company.mailOrderNumber[language]],
    [t('footer.address'), company.address[language]],
    [t('footer.phone'), company.phone],
  ];
  return (
    <footer className="fd-m-footer">
      <div className="fd-m-container">
        <div className="fd-m-footer-top">
          <p className="fd-m-footer-brand">
            <BrandMark size={24} />
            <span>{company.name[language]}</span>
          </p>
          <nav aria-label={t('footer.legal')}>
            <ul className="fd-m-footer-links">
              <li>
                <a href={MARKETING_ROUTES.terms}>{t('footer.terms')}</a>
              </li>
              <li>
                <a href={MARKETING_ROUTES.privacy}>
                  <strong>{t('footer.privacy')}</strong>
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <dl className="fd-m-company" aria-label={t('footer.companyLabel')}>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value === company.email ? <a href={`mailto:${company.email}`}>{value}</a> : value}</dd>
            </div>
          ))}
        </dl>
        <p className="fd-m-copyright">
          {t('footer.copyright', { year: new Date().getFullYear(), company: company.name[language] })}
        </p>
      </div>
    </footer>
  );
}
