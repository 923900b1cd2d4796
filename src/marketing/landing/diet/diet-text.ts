import { formatNumber } from '../../format.ts';
import { useI18n } from '../../i18n-context.tsx';
import type { Nutrient } from './diet-analysis.ts';
import type { Food, FoodId } from './foods.ts';

/** The diet demo's wording: food names, servings and amounts in the page's language. */
export function useDietText() {
  const { t, language } = useI18n();
  const decimal = (value: number) => formatNumber(value, language);
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
  return { t, language, decimal, foodName, serving, amount };
}
