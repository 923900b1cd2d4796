import { useState } from 'react';
import { type Goal, goals } from '#domain/enums.ts';
import { Section } from '../../components/section.tsx';
import { formatNumber } from '../../format.ts';
import { useI18n } from '../../i18n-context.tsx';
import { MEMBER_APP_ID } from '../hero.tsx';
import {
  addServing,
  analyzeMeal,
  GOAL_PLANS,
  type MealItem,
  NUTRIENTS,
  type Nutrient,
  REFERENCE_KCAL,
  removeServing,
} from './diet-analysis.ts';
import { FOODS, type Food, type FoodId } from './foods.ts';

const foodById = new Map(FOODS.map((food) => [food.id, food]));

/**
 * The Member App demo (docs/rules.md#public-pages): diet analysis against a goal, computed in the browser.
 */
export function DietDemo() {
  const { t, language } = useI18n();
  const [goal, setGoal] = useState<Goal>('MAINTENANCE');
  const [meal, setMeal] = useState<MealItem[]>([]);
  // The food just added, confirmed beside its button (and announced).
  const [added, setAdded] = useState<FoodId | null>(null);
  const analysis = analyzeMeal(meal, goal);
  const decimal = (value: number) => formatNumber(value, language);

  const servingsOf = (id: FoodId) => meal.find((item) => item.foodId === id)?.servings ?? 0;
  const foodName = (id: FoodId) => t(`demo.foods.items.${id}.name`);
  const serving = (food: Food) =>
    t('demo.foods.serving', {
      serving: t(`demo.foods.items.${food.id}.serving`),
      amount: food.amount,
      unit: t(`demo.foods.units.${food.unit}`),
    });
  const amount = (nutrient: Nutrient, value: number) =>
    nutrient === 'kcal'
      ? t('demo.analysis.kcalValue', { value: formatNumber(Math.round(value), language) })
      : t('demo.analysis.gramValue', { value: decimal(value) });
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
          <ul className="fd-m-foods">
            {FOODS.map((food) => (
              <li key={food.id}>
                <div>
                  <strong>{foodName(food.id)}</strong> <span className="fd-m-muted">{serving(food)}</span>
                  <small>
                    {t('demo.foods.summary', {
                      kcal: food.perServing.kcal,
                      carbs: decimal(food.perServing.carbs),
                      protein: decimal(food.perServing.protein),
                      fat: decimal(food.perServing.fat),
                    })}
                  </small>
                  <span className="fd-m-added" role="status">
                    {added === food.id && servingsOf(food.id) > 0
                      ? `${t('demo.foods.added', { food: foodName(food.id) })} · ${t('demo.meal.servings', {
                          count: servingsOf(food.id),
                        })}`
                      : null}
                  </span>
                </div>
                <button
                  type="button"
                  className="fd-m-icon-button"
                  aria-label={t('demo.foods.add', { food: foodName(food.id) })}
                  onClick={() => {
                    setMeal((items) => addServing(items, food.id));
                    setAdded(food.id);
                  }}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="fd-m-demo-result">
          <h3>{t('demo.meal.title')}</h3>
          {meal.length === 0 ? (
            <p className="fd-m-muted">{t('demo.meal.empty')}</p>
          ) : (
            <>
              <ul className="fd-m-meal" aria-label={t('demo.meal.title')}>
                {meal.map((item) => {
                  const food = foodById.get(item.foodId);
                  if (!food) return null;
                  return (
                    <li key={item.foodId}>
                      <span>
                        {foodName(item.foodId)} <span className="fd-m-muted">{serving(food)}</span>
                      </span>
                      <span className="fd-m-stepper">
                        <button
                          type="button"
                          className="fd-m-icon-button"
                          aria-label={t('demo.meal.less', { food: foodName(item.foodId) })}
                          onClick={() => setMeal((items) => removeServing(items, item.foodId))}
                        >
                          <span aria-hidden="true">−</span>
                        </button>
                        <span>{t('demo.meal.servings', { count: item.servings })}</span>
                        <button
                          type="button"
                          className="fd-m-icon-button"
                          aria-label={t('demo.meal.more', { food: foodName(item.foodId) })}
                          onClick={() => setMeal((items) => addServing(items, item.foodId))}
                        >
                          <span aria-hidden="true">+</span>
                        </button>
                      </span>
                    </li>
                  );
                })}
              </ul>
              <button type="button" className="fd-m-link-button" onClick={() => setMeal([])}>
                {t('demo.meal.clear')}
              </button>
            </>
          )}
          <h3>{t('demo.analysis.title')}</h3>
          <div aria-live="polite">
            <table className="fd-m-analysis">
              <caption>{t('demo.analysis.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('demo.analysis.nutrient')}</th>
                  <th scope="col">{t('demo.analysis.meal')}</th>
                  <th scope="col">{t('demo.analysis.target')}</th>
                  <th scope="col">{t('demo.analysis.share')}</th>
                </tr>
              </thead>
              <tbody>
                {NUTRIENTS.map((nutrient) => (
                  <tr key={nutrient}>
                    <th scope="row">{t(`demo.analysis.${nutrient}`)}</th>
                    <td>{amount(nutrient, analysis.totals[nutrient])}</td>
                    <td>{amount(nutrient, analysis.target[nutrient])}</td>
                    <td>
                      <span className="fd-m-meter" aria-hidden="true">
                        <span style={{ width: `${Math.min(analysis.share[nutrient], 100)}%` }} />
                      </span>
                      {t('demo.analysis.percentValue', { value: analysis.share[nutrient] })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h4>{t('demo.advice.title')}</h4>
            <ul className="fd-m-advice">
              {analysis.advice.map((advice) => (
                <li key={advice}>{t(`demo.advice.${advice}`)}</li>
              ))}
            </ul>
          </div>
          <p className="fd-m-note">
            {t('demo.disclaimer', { kcal: formatNumber(REFERENCE_KCAL, language) })}
          </p>
          <p className="fd-m-note">{t('demo.source')}</p>
        </div>
      </div>
    </Section>
  );
}
