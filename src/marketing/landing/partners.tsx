import { Section } from '../components/section.tsx';
import { useI18n } from '../i18n-context.tsx';

const PARTNERS = ['hangang', 'ironForest', 'seongsu', 'haeundae', 'dailyPt', 'pangyo'] as const;

export function Partners() {
  const { t } = useI18n();
  return (
    <Section id="partners" title={t('partners.title')} text={t('partners.text')}>
      <ul className="fd-m-partners">
        {PARTNERS.map((id) => (
          <li key={id}>{t(`partners.names.${id}`)}</li>
        ))}
      </ul>
      <p className="fd-m-note">{t('partners.note')}</p>
    </Section>
  );
}
