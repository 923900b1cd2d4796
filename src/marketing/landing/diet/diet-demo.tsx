import { useState } from 'react';
import { type Goal, goals } from '#domain/enums.ts';
import { Section } from '../../components/section.tsx';
import { formatNumber } from '../../format.ts';
import { MEMBER_APP_ID } from '../hero.tsx';
import { addServing, analyzeMeal, GOAL_PLANS, type MealItem, REFERENCE_KCAL } from './diet-analysis.ts';
import { FoodList } from './diet-foods.tsx';
import { MealList } from './diet-meal.tsx';
import { DietReport } from './diet-report.tsx';
import { useDietText } from './diet-text.ts';
import type { FoodId } from './foods.ts';

/**
 * The Member App demo (docs/rules.md#public-pages): diet analysis against a goal, computed in the browser.
 */
export function DietDemo() {
  const { t, language } = useDietText();
  const [goal, setGoal] = useState<Goal>('MAINTENANCE');
  const [meal, setMeal] = useState<MealItem[]>([]);
  // The food just added, confirmed beside its button (and announced).
  const [added, setAdded] = useState<FoodId | null>(null);
  const analysis = analyzeMeal(meal, goal);
  const servingsOf = (id: FoodId) => meal.find((item) => item.foodId === id)?.servings ?? 0;
  const plan = GOAL_PLANS[goal];

  return (
    <Section id={MEMBER_APP_ID} title={t('demo.title')} text={t('demo.text')} badge={t('demo.badge')}>
      <div className="fd-m-demo">
        <div className="fd-m-demo-build">
          <fieldset className="fd-m-goals">
            <legend>{t('demo.goal.legend')}</legend>
            {goals.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="diet-goal"
                  value={option}
                  checked={goal === option}
                  onChange={() => setGoal(option)}
                />
                <span>{t(`demo.goal.${option}`)}</span>
              </label>
            ))}
          </fieldset>
          <p className="fd-m-note">
            {t('demo.targetSummary', {
              kcal: formatNumber(plan.kcal, language),
              carbs: plan.split.carbs,
              protein: plan.split.protein,
              fat: plan.split.fat,
            })}
          </p>
          <h3>{t('demo.foods.title')}</h3>
          <FoodList
            added={added}
            servingsOf={servingsOf}
            onAdd={(id) => {
              setMeal((items) => addServing(items, id));
              setAdded(id);
            }}
          />
        </div>
        <div className="fd-m-demo-result">
          <h3>{t('demo.meal.title')}</h3>
          <MealList meal={meal} setMeal={setMeal} />
          <h3>{t('demo.analysis.title')}</h3>
          <DietReport analysis={analysis} />
          <p className="fd-m-note">
            {t('demo.disclaimer', { kcal: formatNumber(REFERENCE_KCAL, language) })}
          </p>
          <p className="fd-m-note">{t('demo.source')}</p>
        </div>
      </div>
    </Section>
  );
}
