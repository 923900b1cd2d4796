import type { ComponentType } from 'react';
import { Section } from '../../components/section.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { useI18n } from '../../i18n-context.tsx';
import { CustomerShot, DashboardShot, NutritionShot, SurveyShot } from './illustrations.tsx';

/** The product tabs (docs/rules.md#public-pages). */
const SCREENS: readonly { id: 'dashboard' | 'customer' | 'nutrition' | 'survey'; Shot: ComponentType }[] = [
  { id: 'dashboard', Shot: DashboardShot },
  { id: 'customer', Shot: CustomerShot },
  { id: 'nutrition', Shot: NutritionShot },
  { id: 'survey', Shot: SurveyShot },
];

export function ProductTabs() {
  const { t } = useI18n();
  return (
    <Section id="product" title={t('product.title')} text={t('product.text')}>
      <Tabs
        label={t('product.tabsLabel')}
        items={SCREENS.map(({ id, Shot }) => ({
          id,
          label: t(`product.${id}.tab`),
          panel: (
            <div className="fd-m-screen">
              <div className="fd-m-screen-text">
                <h3>{t(`product.${id}.title`)}</h3>
                <p>{t(`product.${id}.text`)}</p>
              </div>
              <Shot />
            </div>
          ),
        }))}
      />
    </Section>
  );
}
