import { useDietText } from './diet-text.ts';
import { FOODS, type FoodId } from './foods.ts';

/** The foods to add to the meal, each with its serving and nutrients; the one just added is confirmed (and announced). */
export function FoodList({
  added,
  servingsOf,
  onAdd,
}: {
  added: FoodId | null;
  servingsOf: (id: FoodId) => number;
  onAdd: (id: FoodId) => void;
}) {
  const { t, decimal, foodName, serving } = useDietText();
  return (
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
            onClick={() => onAdd(food.id)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
