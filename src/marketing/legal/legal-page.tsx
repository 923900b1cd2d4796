import { company } from '../company.ts';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { useI18n } from '../i18n-context.tsx';
import { MARKETING_ROUTES } from '../paths.ts';
import { usePageHead } from '../use-page-head.ts';

export type LegalPageId = 'terms' | 'privacy';

/** The date from which the current terms and privacy policy apply. */
export const LEGAL_EFFECTIVE_DATE = '2026-11-22';

export type LegalSection = { heading: string; paragraphs?: string[]; items?: string[] };
export type LegalDocument = { title: string; intro: string[]; sections: LegalSection[] };

const formatDate = (isoDate: string, language: 'en' | 'ko'): string =>
  new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

/**
 * `/terms` and `/privacy` (the footer links, docs/rules.md#public-pages), with the company details of the one
 * configuration module.
 */
export function LegalPage({ page }: { page: LegalPageId }) {
  const { t, tObject, language } = useI18n();
  usePageHead(page);
  const document = tObject<LegalDocument>(`${page}Page`, {
    company: company.name[language],
    brand: company.brand[language],
    representative: company.representative[language],
    address: company.address[language],
    businessNumber: company.businessRegistrationNumber,
    email: company.email,
    phone: company.phone,
    officer: company.privacyOfficer.name[language],
    officerEmail: company.privacyOfficer.email,
  });

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="fd-m-legal">
        <article className="fd-m-container fd-m-narrow" aria-labelledby="legal-title">
          <p>
            <a href={MARKETING_ROUTES.landing}>{t('legal.backToLanding')}</a>
          </p>
          <h1 id="legal-title">{document.title}</h1>
          <p className="fd-m-muted">
            {t('legal.effective', { date: formatDate(LEGAL_EFFECTIVE_DATE, language) })}
          </p>
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <nav className="fd-m-toc" aria-labelledby="legal-contents">
            <h2 id="legal-contents">{t('legal.contents')}</h2>
            <ol>
              {document.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#section-${index + 1}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {document.sections.map((section, index) => (
            <section
              key={section.heading}
              id={`section-${index + 1}`}
              aria-labelledby={`section-${index + 1}-title`}
            >
              <h2 id={`section-${index + 1}-title`}>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
