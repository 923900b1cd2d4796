import { Section } from '../components/section.tsx';
import { Tabs } from '../components/tabs.tsx';
import { useI18n } from '../i18n-context.tsx';

/** The FAQ topics (docs/rules.md#public-pages) and the questions under each (texts under faq.items). */
export const FAQ_TOPICS = {
  general: ['what', 'who', 'verify', 'devices'],
  privacy: ['stored', 'access', 'pipa', 'delete'],
  membership: ['trial', 'workers', 'multiple', 'change'],
  payment: ['methods', 'invoices', 'yearly', 'refund'],
} as const;

type Topic = keyof typeof FAQ_TOPICS;

export function Faq() {
  const { t } = useI18n();
  const topics = Object.keys(FAQ_TOPICS) as Topic[];
  return (
    <Section id="faq" title={t('faq.title')}>
      <Tabs
        label={t('faq.tabsLabel')}
        items={topics.map((topic) => ({
          id: topic,
          label: t(`faq.topics.${topic}`),
          panel: (
            <div className="fd-m-faq-list">
              {FAQ_TOPICS[topic].map((item) => (
                <details key={item}>
                  <summary>{t(`faq.items.${item}.q`)}</summary>
                  <p>{t(`faq.items.${item}.a`)}</p>
                </details>
              ))}
            </div>
          ),
        }))}
      />
    </Section>
  );
}
