import { Section } from '../components/section.tsx';
import { useI18n } from '../i18n-context.tsx';

/** The feature list, in its order (docs/rules.md#public-pages). */
const FEATURES = [
  'memberProfiles',
  'smartScheduling',
  'messaging',
  'dietTracking',
  'mealPlanning',
  'nutritionAnalysis',
  'surveyBuilder',
  'reports',
  'goals',
] as const;

export function Features() {
  const { t } = useI18n();
  return (
    <Section id="features" title={t('features.title')} text={t('features.text')} alt>
      <ul className="fd-m-grid fd-m-features">
        {FEATURES.map((id) => (
          <li key={id} className="fd-m-card">
            <h3>{t(`features.items.${id}.title`)}</h3>
            <p>{t(`features.items.${id}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="fd-m-grid fd-m-highlights">
        {(['checkIn', 'receipts'] as const).map((id) => (
          <div key={id} className="fd-m-card fd-m-highlight">
            <h3>{t(`features.${id}.title`)}</h3>
            <p>{t(`features.${id}.text`)}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
