import type { Goal } from '#domain/enums.ts';
import { FOODS, type Food, type FoodId, type Nutrients } from './foods.ts';

// The diet demo's arithmetic: pure, so the browser computes it and a unit test checks it.

export type Nutrient = keyof Nutrients;
export const NUTRIENTS: readonly Nutrient[] = ['kcal', 'carbs', 'protein', 'fat'];

/** Energy per gram (Atwater factors). */
const KCAL_PER_GRAM = { carbs: 4, protein: 4, fat: 9 } as const;

/** The reference adult of the demo: about 2,000 kcal a day to keep their weight. */
export const REFERENCE_KCAL = 2000;
export const MEALS_PER_DAY = 3;

export type GoalPlan = {
  /** Daily energy target, kcal. */
  kcal: number;
  /** Share of the energy from each macronutrient, percent; sums to 100. */
  split: { carbs: number; protein: number; fat: number };
};

/**
 * Daily targets per goal (docs/rules.md#public-pages). Losing weight eats 500 kcal under the reference and
 * gaining 500 over it; strength adds 300 kcal with a high protein share. The splits sit within the Korean
 * Dietary Reference Intakes' ranges, with more protein where muscle is the goal.
 */
export const GOAL_PLANS: Record<Goal, GoalPlan> = {
  WEIGHT_LOSS: { kcal: REFERENCE_KCAL - 500, split: { carbs: 45, protein: 30, fat: 25 } },
  WEIGHT_GAIN: { kcal: REFERENCE_KCAL + 500, split: { carbs: 55, protein: 20, fat: 25 } },
  STRENGTH: { kcal: REFERENCE_KCAL + 300, split: { carbs: 50, protein: 30, fat: 20 } },
  MAINTENANCE: { kcal: REFERENCE_KCAL, split: { carbs: 55, protein: 20, fat: 25 } },
};

export type MealItem = { foodId: FoodId; servings: number };

export type Advice =
  | 'empty'
  | 'balanced'
  | 'tooMuchEnergy'
  | 'tooLittleEnergy'
  | 'moreProtein'
  | 'lessFat'
  | 'lessCarbs';

export type MealAnalysis = {
  totals: Nutrients;
  target: Nutrients;
  /** Each total as a whole percentage of the daily target. */
  share: Nutrients;
  advice: Advice[];
};

const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** The daily target in kcal and grams for a goal, grams rounded to whole numbers. */
export const dailyTarget = (goal: Goal): Nutrients => {
  const { kcal, split } = GOAL_PLANS[goal];
  const grams = (nutrient: keyof typeof KCAL_PER_GRAM): number =>
    Math.round((kcal * split[nutrient]) / 100 / KCAL_PER_GRAM[nutrient]);
  return { kcal, carbs: grams('carbs'), protein: grams('protein'), fat: grams('fat') };
};

const foodsById = new Map<FoodId, Food>(FOODS.map((food) => [food.id, food]));

/** The meal's totals: kcal to whole numbers, grams to one decimal. */
export const mealTotals = (items: readonly MealItem[]): Nutrients => {
  const sum: Nutrients = { kcal: 0, carbs: 0, protein: 0, fat: 0 };
  for (const { foodId, servings } of items) {
    const food = foodsById.get(foodId);
    if (!food) throw new Error(`Unknown food: ${foodId}`);
    for (const nutrient of NUTRIENTS) sum[nutrient] += food.perServing[nutrient] * servings;
  }
  return {
    kcal: Math.round(sum.kcal),
    carbs: oneDecimal(sum.carbs),
    protein: oneDecimal(sum.protein),
    fat: oneDecimal(sum.fat),
  };
};

/**
 * Plain advice for one meal, measured against a third of the day: too much energy, too little when building
 * up, short on protein, heavy on fat or carbohydrate; "balanced" when none applies.
 */
const adviceFor = (goal: Goal, totals: Nutrients, target: Nutrients): Advice[] => {
  const perMeal = (nutrient: Nutrient): number => target[nutrient] / MEALS_PER_DAY;
  const advice: Advice[] = [];
  const energy = totals.kcal / perMeal('kcal');
  if (energy > 1.25) advice.push('tooMuchEnergy');
  if (energy < 0.6 && (goal === 'WEIGHT_GAIN' || goal === 'STRENGTH')) advice.push('tooLittleEnergy');
  if (totals.protein < 0.75 * perMeal('protein')) advice.push('moreProtein');
  if (totals.fat > 1.35 * perMeal('fat')) advice.push('lessFat');
  if (totals.carbs > 1.35 * perMeal('carbs')) advice.push('lessCarbs');
  return advice.length > 0 ? advice : ['balanced'];
};

export const analyzeMeal = (items: readonly MealItem[], goal: Goal): MealAnalysis => {
  const totals = mealTotals(items);
  const target = dailyTarget(goal);
  const percent = (nutrient: Nutrient): number => Math.round((totals[nutrient] / target[nutrient]) * 100);
  return {
    totals,
    target,
    share: {
      kcal: percent('kcal'),
      carbs: percent('carbs'),
      protein: percent('protein'),
      fat: percent('fat'),
    },
    advice: items.length === 0 ? ['empty'] : adviceFor(goal, totals, target),
  };
};

/** Adds one serving of a food (a new line, or one more on its line). */
export const addServing = (items: readonly MealItem[], foodId: FoodId): MealItem[] =>
  items.some((item) => item.foodId === foodId)
    ? items.map((item) => (item.foodId === foodId ? { ...item, servings: item.servings + 1 } : item))
    : [...items, { foodId, servings: 1 }];

/** Takes one serving away; the line goes when none is left. */
export const removeServing = (items: readonly MealItem[], foodId: FoodId): MealItem[] =>
  items
    .map((item) => (item.foodId === foodId ? { ...item, servings: item.servings - 1 } : item))
    .filter((item) => item.servings > 0);
