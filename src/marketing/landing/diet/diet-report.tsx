import { type MealAnalysis, NUTRIENTS } from './diet-analysis.ts';
import { useDietText } from './diet-text.ts';

/** The meal against the goal's targets, nutrient by nutrient, and the advice (announced as it changes). */
export function DietReport({ analysis }: { analysis: MealAnalysis }) {
  const { t, amount } = useDietText();
  return (
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
  );
}
