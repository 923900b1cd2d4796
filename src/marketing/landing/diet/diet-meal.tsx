import type { Dispatch, SetStateAction } from 'react';
import { addServing, type MealItem, removeServing } from './diet-analysis.ts';
import { useDietText } from './diet-text.ts';
import { FOODS } from './foods.ts';

const foodById = new Map(FOODS.map((food) => [food.id, food]));

/** The meal so far: each food with a stepper for its servings, and a button that clears it. */
export function MealList({
  meal,
  setMeal,
}: {
  meal: readonly MealItem[];
  setMeal: Dispatch<SetStateAction<MealItem[]>>;
}) {
  const { t, foodName, serving } = useDietText();
  if (meal.length === 0) return <p className="fd-m-muted">{t('demo.meal.empty')}</p>;
  return (
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
  );
}
