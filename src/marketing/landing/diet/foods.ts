// Common Korean foods for the diet demo, per typical serving. The figures are rounded approximations compiled from
// the Korean Food Composition Table (National Institute of Agricultural Sciences, Rural Development Administration;
// 농촌진흥청 국립농업과학원 국가표준식품성분표) and USDA FoodData Central; recipes and portions vary.

export type Nutrients = {
  /** Energy, kcal. */
  kcal: number;
  /** Carbohydrate, g. */
  carbs: number;
  /** Protein, g. */
  protein: number;
  /** Fat, g. */
  fat: number;
};

export type FoodId =
  | 'rice'
  | 'brownRice'
  | 'kimchi'
  | 'kimchiStew'
  | 'doenjangStew'
  | 'seaweedSoup'
  | 'bulgogi'
  | 'chickenBreast'
  | 'porkBelly'
  | 'tofu'
  | 'boiledEgg'
  | 'bibimbap'
  | 'gimbap'
  | 'ramyeon'
  | 'tteokbokki'
  | 'japchae'
  | 'sweetPotato'
  | 'banana'
  | 'milk';

export type Food = {
  id: FoodId;
  /** The serving the figures are for: an amount in grams or millilitres (the kind of serving is a text). */
  amount: number;
  unit: 'g' | 'ml';
  perServing: Nutrients;
};

export const FOODS: readonly Food[] = [
  { id: 'rice', amount: 210, unit: 'g', perServing: { kcal: 300, carbs: 65.5, protein: 5.5, fat: 0.6 } },
  { id: 'brownRice', amount: 210, unit: 'g', perServing: { kcal: 310, carbs: 66, protein: 6.3, fat: 2.1 } },
  { id: 'kimchi', amount: 50, unit: 'g', perServing: { kcal: 15, carbs: 2.4, protein: 1, fat: 0.3 } },
  { id: 'kimchiStew', amount: 300, unit: 'g', perServing: { kcal: 220, carbs: 9, protein: 15, fat: 14 } },
  { id: 'doenjangStew', amount: 300, unit: 'g', perServing: { kcal: 140, carbs: 11, protein: 10, fat: 6 } },
  { id: 'seaweedSoup', amount: 300, unit: 'g', perServing: { kcal: 100, carbs: 4, protein: 8, fat: 5.5 } },
  { id: 'bulgogi', amount: 150, unit: 'g', perServing: { kcal: 290, carbs: 13, protein: 23, fat: 16 } },
  { id: 'chickenBreast', amount: 100, unit: 'g', perServing: { kcal: 165, carbs: 0, protein: 31, fat: 3.6 } },
  { id: 'porkBelly', amount: 100, unit: 'g', perServing: { kcal: 370, carbs: 0, protein: 18, fat: 33 } },
  { id: 'tofu', amount: 100, unit: 'g', perServing: { kcal: 90, carbs: 2.5, protein: 9, fat: 5 } },
  { id: 'boiledEgg', amount: 50, unit: 'g', perServing: { kcal: 75, carbs: 0.6, protein: 6.3, fat: 5 } },
  { id: 'bibimbap', amount: 450, unit: 'g', perServing: { kcal: 580, carbs: 85, protein: 20, fat: 17 } },
  { id: 'gimbap', amount: 230, unit: 'g', perServing: { kcal: 420, carbs: 66, protein: 12, fat: 12 } },
  { id: 'ramyeon', amount: 550, unit: 'g', perServing: { kcal: 500, carbs: 79, protein: 10, fat: 16 } },
  { id: 'tteokbokki', amount: 200, unit: 'g', perServing: { kcal: 300, carbs: 62, protein: 6, fat: 3 } },
  { id: 'japchae', amount: 150, unit: 'g', perServing: { kcal: 270, carbs: 40, protein: 6, fat: 10 } },
  { id: 'sweetPotato', amount: 150, unit: 'g', perServing: { kcal: 190, carbs: 45, protein: 2, fat: 0.2 } },
  { id: 'banana', amount: 120, unit: 'g', perServing: { kcal: 110, carbs: 27, protein: 1.3, fat: 0.3 } },
  { id: 'milk', amount: 200, unit: 'ml', perServing: { kcal: 130, carbs: 9.5, protein: 6.2, fat: 7.2 } },
];
