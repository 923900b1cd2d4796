import { useState } from 'react';
import { ROUTES } from '#src/routes.ts';
import { company } from '../../company.ts';
import { Section } from '../../components/section.tsx';
import { formatPercentValue } from '../../format.ts';
import { useI18n } from '../../i18n-context.tsx';
import {
  BILLING_CYCLES,
  type BillingCycle,
  formatPrice,
  PLANS,
  type Plan,
  priceOf,
  YEARLY_SAVING_PERCENT,
} from './plans.ts';

function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const { t, language } = useI18n();
  const nameId = `plan-${plan.id}-name`;
  const lines = [
    plan.trialDays !== null ? t('pricing.trial', { days: plan.trialDays }) : null,
    plan.trainerLimit === null
      ? t('pricing.trainersUnlimited')
      : t('pricing.trainers', { limit: plan.trainerLimit }),
    plan.slaPercent !== null
      ? t('pricing.sla', { sla: formatPercentValue(plan.slaPercent, language) })
      : null,
    ...plan.features.map((feature) => t(`pricing.features.${feature}`)),
  ].filter((line): line is string => line !== null);
  const href =
    plan.action === 'join'
      ? ROUTES.JOIN
      : `mailto:${company.email}?subject=${encodeURIComponent(t('pricing.contactSubject'))}`;

  return (
    <article
      className={plan.highlighted ? 'fd-m-plan fd-m-plan-highlighted' : 'fd-m-plan'}
      aria-labelledby={nameId}
    >
      <h3 id={nameId}>{t(`pricing.plans.${plan.id}.name`)}</h3>
      {plan.highlighted && <p className="fd-m-badge">{t('pricing.popular')}</p>}
      <p className="fd-m-plan-text">{t(`pricing.plans.${plan.id}.text`)}</p>
      <p className="fd-m-price">
        <span className="fd-m-price-amount">{formatPrice(priceOf(plan, cycle, language), language)}</span>{' '}
        <span className="fd-m-price-per">{t(`pricing.per.${cycle}`)}</span>
      </p>
      <ul className="fd-m-checklist">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <a className={plan.highlighted ? 'fd-m-button' : 'fd-m-button fd-m-button-ghost'} href={href}>
        {t(`pricing.actions.${plan.action}`)}
      </a>
    </article>
  );
}

export function Pricing() {
  const { t } = useI18n();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <Section id="pricing" title={t('pricing.title')} text={t('pricing.text')} alt>
      <fieldset className="fd-m-cycle">
        <legend className="fd-m-visually-hidden">{t('pricing.cycle.label')}</legend>
        {BILLING_CYCLES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="billing-cycle"
              value={option}
              checked={cycle === option}
              onChange={() => setCycle(option)}
            />
            <span>
              {t(`pricing.cycle.${option}`)}
              {option === 'yearly' && (
                <span className="fd-m-save">
                  {t('pricing.cycle.save', { percent: YEARLY_SAVING_PERCENT })}
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="fd-m-plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} cycle={cycle} />
        ))}
      </div>
      <p className="fd-m-note">{t('pricing.vat')}</p>
    </Section>
  );
}
