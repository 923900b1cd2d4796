import { describe, expect, it } from 'vitest';
import { goals } from '#domain/enums.ts';
import {
  addServing,
  analyzeMeal,
  dailyTarget,
  GOAL_PLANS,
  type MealItem,
  mealTotals,
  removeServing,
} from './diet-analysis.ts';
import { FOODS } from './foods.ts';

describe('daily targets per goal', () => {
  it('derives kcal and grams from the goal', () => {
    expect(dailyTarget('WEIGHT_LOSS')).toEqual({ kcal: 1500, carbs: 169, protein: 113, fat: 42 });
    expect(dailyTarget('WEIGHT_GAIN')).toEqual({ kcal: 2500, carbs: 344, protein: 125, fat: 69 });
    expect(dailyTarget('STRENGTH')).toEqual({ kcal: 2300, carbs: 288, protein: 173, fat: 51 });
    expect(dailyTarget('MAINTENANCE')).toEqual({ kcal: 2000, carbs: 275, protein: 100, fat: 56 });
  });

  it('has a plan for every goal, each split adding up to 100%', () => {
    for (const goal of goals) {
      const { split } = GOAL_PLANS[goal];
      expect(split.carbs + split.protein + split.fat).toBe(100);
    }
  });
});

describe('the food table', () => {
  it('has plausible figures: energy close to what the macronutrients give (Atwater 4/4/9)', () => {
    for (const { id, perServing } of FOODS) {
      const fromMacros = perServing.carbs * 4 + perServing.protein * 4 + perServing.fat * 9;
      expect(Math.abs(fromMacros - perServing.kcal) / perServing.kcal, id).toBeLessThan(0.12);
    }
  });

  it('has unique ids', () => {
    expect(new Set(FOODS.map((f) => f.id)).size).toBe(FOODS.length);
  });
});

describe('analyzeMeal', () => {
  // The meal the browser test builds: rice, kimchi stew and two dishes of kimchi, for weight loss.
  const meal: MealItem[] = [
    { foodId: 'rice', servings: 1 },
    { foodId: 'kimchiStew', servings: 1 },
    { foodId: 'kimchi', servings: 2 },
  ];

  it('adds up a known meal', () => {
    expect(mealTotals(meal)).toEqual({ kcal: 550, carbs: 79.3, protein: 22.5, fat: 15.2 });
  });

  it('measures it against the daily target and advises', () => {
    expect(analyzeMeal(meal, 'WEIGHT_LOSS')).toEqual({
      totals: { kcal: 550, carbs: 79.3, protein: 22.5, fat: 15.2 },
      target: { kcal: 1500, carbs: 169, protein: 113, fat: 42 },
      share: { kcal: 37, carbs: 47, protein: 20, fat: 36 },
      advice: ['moreProtein', 'lessCarbs'],
    });
  });

  it('calls a meal balanced when it fits a third of the day', () => {
    const balanced: MealItem[] = [
      { foodId: 'brownRice', servings: 1 },
      { foodId: 'doenjangStew', servings: 1 },
      { foodId: 'tofu', servings: 1 },
      { foodId: 'kimchi', servings: 1 },
    ];
    expect(analyzeMeal(balanced, 'MAINTENANCE').advice).toEqual(['balanced']);
  });

  it('warns about a large meal and about a small one when building up', () => {
    const feast: MealItem[] = [
      { foodId: 'porkBelly', servings: 2 },
      { foodId: 'rice', servings: 1 },
    ];
    expect(analyzeMeal(feast, 'WEIGHT_LOSS').advice).toEqual(['tooMuchEnergy', 'lessFat']);
    const snack: MealItem[] = [{ foodId: 'chickenBreast', servings: 1 }];
    expect(analyzeMeal(snack, 'STRENGTH').advice).toContain('tooLittleEnergy');
    expect(analyzeMeal(snack, 'WEIGHT_LOSS').advice).not.toContain('tooLittleEnergy');
  });

  it('has nothing to say about an empty meal but that it is empty', () => {
    expect(analyzeMeal([], 'MAINTENANCE')).toMatchObject({
      totals: { kcal: 0, carbs: 0, protein: 0, fat: 0 },
      share: { kcal: 0, carbs: 0, protein: 0, fat: 0 },
      advice: ['empty'],
    });
  });
});

describe('building a meal', () => {
  it('adds a line, then servings on it, and removes them one by one', () => {
    let meal = addServing([], 'rice');
    meal = addServing(meal, 'kimchi');
    meal = addServing(meal, 'rice');
    expect(meal).toEqual([
      { foodId: 'rice', servings: 2 },
      { foodId: 'kimchi', servings: 1 },
    ]);
    meal = removeServing(meal, 'kimchi');
    expect(meal).toEqual([{ foodId: 'rice', servings: 2 }]);
    expect(mealTotals(meal).kcal).toBe(600);
  });
});
