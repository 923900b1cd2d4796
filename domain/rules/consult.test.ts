import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Answers,
  answerProblems,
  bmiOf,
  consultGoals,
  consultResult,
  DEFAULT_SURVEY,
  exerciseLevels,
  hasHealthQuestions,
  MAX_FITTING_PRODUCTS,
  type ProductForFit,
  periodMonths,
  SURVEY_LIMITS,
  type SurveyDefinition,
  withoutHealthAnswers,
} from './consult.ts';

const parqKeys = ['parq1', 'parq2', 'parq3', 'parq4', 'parq5', 'parq6', 'parq7'];

const noParq = (): Answers => Object.fromEntries(parqKeys.map((key) => [key, false]));

/** The smallest good answer set: the required questions only, every PAR-Q answer no. */
const answers = (extra: Answers = {}): Answers => ({
  goals: ['HEALTH'],
  level: 'INTERMEDIATE',
  ...noParq(),
  ...extra,
});

const textSurvey: SurveyDefinition = {
  title: { ko: '메모', en: 'Notes' },
  questions: [
    {
      key: 'note',
      kind: 'TEXT',
      required: false,
      health: false,
      label: { ko: '메모', en: 'Note' },
    },
  ],
};

const product = (
  id: number,
  name: string,
  salePrice: number,
  periodAmount: number | null,
  periodUnit: ProductForFit['periodUnit'],
  sessionCount: number | null = null,
): ProductForFit => ({ id, name, salePrice, periodAmount, periodUnit, sessionCount });

const month = product(1, '1 month', 99_000, 1, 'MONTH');
const threeMonths = product(2, '3 months', 240_000, 3, 'MONTH');
const year = product(3, '1 year', 720_000, 1, 'YEAR');
const day = product(4, '1 day', 15_000, 1, 'DAY');
const pt10 = product(5, 'PT 10', 700_000, null, null, 10);
const pt20 = product(6, 'PT 20', 1_200_000, null, null, 20);
const catalogue = [month, threeMonths, year, day, pt10, pt20];

describe('BMI (KSSO, Asia-Pacific cut-offs)', () => {
  it('rounds the value to one decimal', () => {
    // 65 / 1.70² = 65 / 2.89 = 22.49… → 22.5
    expect(bmiOf(170, 65)).toEqual({ value: 22.5, band: 'NORMAL' });
    // 64 / 1.60² = 64 / 2.56 = 25
    expect(bmiOf(160, 64)).toEqual({ value: 25, band: 'OBESE_1' });
    // 40 / 1.50² = 40 / 2.25 = 17.77… → 17.8
    expect(bmiOf(150, 40)).toEqual({ value: 17.8, band: 'UNDER' });
    // 90 / 1.80² = 90 / 3.24 = 27.77… → 27.8
    expect(bmiOf(180, 90)).toEqual({ value: 27.8, band: 'OBESE_1' });
  });

  it('puts each cut-off in the upper band', () => {
    // At 100 cm the BMI is the weight itself.
    expect(bmiOf(100, 18.5)).toEqual({ value: 18.5, band: 'NORMAL' });
    expect(bmiOf(100, 23)).toEqual({ value: 23, band: 'PRE_OBESE' });
    expect(bmiOf(100, 25)).toEqual({ value: 25, band: 'OBESE_1' });
    expect(bmiOf(100, 30)).toEqual({ value: 30, band: 'OBESE_2' });
    expect(bmiOf(100, 35)).toEqual({ value: 35, band: 'OBESE_3' });
  });

  it('keeps the value just under a cut-off in the lower band', () => {
    expect(bmiOf(100, 18.4)).toEqual({ value: 18.4, band: 'UNDER' });
    expect(bmiOf(100, 22.9)).toEqual({ value: 22.9, band: 'NORMAL' });
    expect(bmiOf(100, 24.9)).toEqual({ value: 24.9, band: 'PRE_OBESE' });
    expect(bmiOf(100, 29.9)).toEqual({ value: 29.9, band: 'OBESE_1' });
    expect(bmiOf(100, 34.9)).toEqual({ value: 34.9, band: 'OBESE_2' });
    expect(bmiOf(100, 50)).toEqual({ value: 50, band: 'OBESE_3' });
  });

  it('bands the rounded value', () => {
    // 22.96 rounds to 23.0, which is pre-obese.
    expect(bmiOf(100, 22.96)).toEqual({ value: 23, band: 'PRE_OBESE' });
    // 18.46 rounds to 18.5, which is normal.
    expect(bmiOf(100, 18.46)).toEqual({ value: 18.5, band: 'NORMAL' });
  });

  it('gives nothing for a zero, negative or missing measure', () => {
    expect(bmiOf(0, 65)).toBeNull();
    expect(bmiOf(170, 0)).toBeNull();
    expect(bmiOf(-170, 65)).toBeNull();
    expect(bmiOf(170, -65)).toBeNull();
    expect(bmiOf(Number.NaN, 65)).toBeNull();
    expect(bmiOf(170, Number.NaN)).toBeNull();
  });
});

describe('the checks on the answers', () => {
  it('accepts the required answers alone', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers())).toEqual([]);
  });

  it('accepts a complete answer set', () => {
    const complete = answers({
      goals: ['WEIGHT_LOSS', 'STRENGTH'],
      exerciseKinds: ['WEIGHTS', 'CARDIO'],
      level: 'BEGINNER',
      times: ['MORNING', 'WEEKEND'],
      visitsPerWeek: 3,
      source: 'REFERRAL',
      height: 170,
      weight: 65,
      parq5: true,
    });
    expect(answerProblems(DEFAULT_SURVEY, complete)).toEqual([]);
  });

  it('reports every missing required answer in the order of the survey', () => {
    expect(answerProblems(DEFAULT_SURVEY, {})).toEqual([
      { path: 'answers.goals', message: 'required' },
      { path: 'answers.level', message: 'required' },
      ...parqKeys.map((key) => ({ path: `answers.${key}`, message: 'required' })),
    ]);
  });

  it('counts an empty string, an empty list or a null as missing', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ goals: [] }))).toEqual([
      { path: 'answers.goals', message: 'required' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ level: '' }))).toEqual([
      { path: 'answers.level', message: 'required' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, { ...answers(), parq3: null })).toEqual([
      { path: 'answers.parq3', message: 'required' },
    ]);
    const { parq7: _parq7, ...withoutParq7 } = answers();
    expect(answerProblems(DEFAULT_SURVEY, withoutParq7)).toEqual([
      { path: 'answers.parq7', message: 'required' },
    ]);
  });

  it('lets optional questions be left empty', () => {
    const empty = answers({ exerciseKinds: [], times: [], source: '' });
    expect(answerProblems(DEFAULT_SURVEY, empty)).toEqual([]);
    expect(answerProblems(DEFAULT_SURVEY, { ...answers(), height: null, weight: undefined })).toEqual([]);
    expect(answerProblems(textSurvey, { note: '' })).toEqual([]);
    expect(answerProblems(textSurvey, {})).toEqual([]);
  });

  it('reports an answer to a question the survey does not ask', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ favouriteColour: 'blue' }))).toEqual([
      { path: 'answers.favouriteColour', message: 'unknownQuestion' },
    ]);
  });

  it('reports an answer of the wrong type', () => {
    // A string for a MULTI.
    expect(answerProblems(DEFAULT_SURVEY, answers({ goals: 'HEALTH' }))).toEqual([
      { path: 'answers.goals', message: 'invalidType' },
    ]);
    // A MULTI with a non-string item.
    expect(answerProblems(DEFAULT_SURVEY, { ...answers(), goals: ['HEALTH', 1] })).toEqual([
      { path: 'answers.goals', message: 'invalidType' },
    ]);
    // A number for a YESNO.
    expect(answerProblems(DEFAULT_SURVEY, answers({ parq2: 1 }))).toEqual([
      { path: 'answers.parq2', message: 'invalidType' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ parq2: 'yes' }))).toEqual([
      { path: 'answers.parq2', message: 'invalidType' },
    ]);
    // A string for a NUMBER.
    expect(answerProblems(DEFAULT_SURVEY, answers({ height: '170' }))).toEqual([
      { path: 'answers.height', message: 'invalidType' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ weight: Number.NaN }))).toEqual([
      { path: 'answers.weight', message: 'invalidType' },
    ]);
    // A list for a SINGLE.
    expect(answerProblems(DEFAULT_SURVEY, answers({ level: ['BEGINNER'] }))).toEqual([
      { path: 'answers.level', message: 'invalidType' },
    ]);
    // A number for a TEXT.
    expect(answerProblems(textSurvey, { note: 12 })).toEqual([
      { path: 'answers.note', message: 'invalidType' },
    ]);
  });

  it('reports an option the question does not offer', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ level: 'PRO' }))).toEqual([
      { path: 'answers.level', message: 'invalidValue' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ goals: ['HEALTH', 'FAME'] }))).toEqual([
      { path: 'answers.goals', message: 'invalidValue' },
    ]);
    // An option of another question.
    expect(answerProblems(DEFAULT_SURVEY, answers({ source: 'MORNING' }))).toEqual([
      { path: 'answers.source', message: 'invalidValue' },
    ]);
  });

  it('reports the same option chosen twice', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ goals: ['HEALTH', 'HEALTH'] }))).toEqual([
      { path: 'answers.goals', message: 'invalidValue' },
    ]);
  });

  it('reports a number outside the question’s range, and takes its ends', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ height: 50 }))).toEqual([
      { path: 'answers.height', message: 'answerOutOfRange' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ height: 230.5 }))).toEqual([
      { path: 'answers.height', message: 'answerOutOfRange' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ weight: 24 }))).toEqual([
      { path: 'answers.weight', message: 'answerOutOfRange' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ height: 100, weight: 250 }))).toEqual([]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ height: 230, weight: 25 }))).toEqual([]);
  });

  it('takes a scale from 1 to 5 in whole steps only', () => {
    expect(answerProblems(DEFAULT_SURVEY, answers({ visitsPerWeek: 1 }))).toEqual([]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ visitsPerWeek: 5 }))).toEqual([]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ visitsPerWeek: 6 }))).toEqual([
      { path: 'answers.visitsPerWeek', message: 'answerOutOfRange' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ visitsPerWeek: 0 }))).toEqual([
      { path: 'answers.visitsPerWeek', message: 'answerOutOfRange' },
    ]);
    expect(answerProblems(DEFAULT_SURVEY, answers({ visitsPerWeek: 2.5 }))).toEqual([
      { path: 'answers.visitsPerWeek', message: 'invalidType' },
    ]);
  });

  it('takes a text of up to 500 characters', () => {
    expect(SURVEY_LIMITS.text).toBe(500);
    expect(answerProblems(textSurvey, { note: 'a'.repeat(500) })).toEqual([]);
    expect(answerProblems(textSurvey, { note: 'a'.repeat(501) })).toEqual([
      { path: 'answers.note', message: 'answerTooLong' },
    ]);
  });

  it('reports the unknown answers first, then the others in the order of the survey', () => {
    const { goals: _goals, ...rest } = answers();
    expect(answerProblems(DEFAULT_SURVEY, { ...rest, extra: 1, level: 'PRO', height: 50 })).toEqual([
      { path: 'answers.extra', message: 'unknownQuestion' },
      { path: 'answers.goals', message: 'required' },
      { path: 'answers.level', message: 'invalidValue' },
      { path: 'answers.height', message: 'answerOutOfRange' },
    ]);
  });
});

describe('the health section', () => {
  it('is in the default survey and not in a survey without health questions', () => {
    expect(hasHealthQuestions(DEFAULT_SURVEY)).toBe(true);
    expect(hasHealthQuestions(textSurvey)).toBe(false);
    expect(hasHealthQuestions({ title: { ko: '', en: '' }, questions: [] })).toBe(false);
  });

  it('is the seven PAR-Q questions of the default survey, all required', () => {
    const health = DEFAULT_SURVEY.questions.filter((q) => q.health);
    expect(health.map((q) => q.key)).toEqual(parqKeys);
    expect(health.every((q) => q.kind === 'YESNO' && q.required && q.role === 'parq')).toBe(true);
  });

  it('drops the PAR-Q answers and keeps the others', () => {
    const full = answers({ height: 170, weight: 65, times: ['EVENING'], parq4: true });
    expect(withoutHealthAnswers(DEFAULT_SURVEY, full)).toEqual({
      goals: ['HEALTH'],
      level: 'INTERMEDIATE',
      height: 170,
      weight: 65,
      times: ['EVENING'],
    });
    // The input is left alone.
    expect(full.parq4).toBe(true);
    expect(Object.keys(full)).toHaveLength(12);
  });

  it('keeps everything when the survey has no health questions', () => {
    expect(withoutHealthAnswers(textSurvey, { note: 'hello' })).toEqual({ note: 'hello' });
  });
});

describe('the result screen', () => {
  it('asks for a doctor when any PAR-Q answer is yes', () => {
    expect(consultResult(DEFAULT_SURVEY, answers(), []).seeDoctor).toBe(false);
    for (const key of parqKeys)
      expect(consultResult(DEFAULT_SURVEY, answers({ [key]: true }), []).seeDoctor).toBe(true);
    const allYes = Object.fromEntries(parqKeys.map((key) => [key, true]));
    expect(consultResult(DEFAULT_SURVEY, answers(allYes), []).seeDoctor).toBe(true);
  });

  it('lists the goals in their canonical order', () => {
    expect(consultGoals).toEqual(['WEIGHT_LOSS', 'WEIGHT_GAIN', 'STRENGTH', 'HEALTH']);
    const result = consultResult(
      DEFAULT_SURVEY,
      answers({ goals: ['HEALTH', 'STRENGTH', 'WEIGHT_LOSS'] }),
      [],
    );
    expect(result.goals).toEqual(['WEIGHT_LOSS', 'STRENGTH', 'HEALTH']);
    expect(consultResult(DEFAULT_SURVEY, answers({ goals: [] }), []).goals).toEqual([]);
  });

  it('gives two programmes for one goal', () => {
    expect(consultResult(DEFAULT_SURVEY, answers(), []).programmes).toEqual(['MOBILITY', 'CIRCUIT']);
    expect(consultResult(DEFAULT_SURVEY, answers({ goals: ['STRENGTH'] }), []).programmes).toEqual([
      'STRENGTH_BASICS',
      'HYPERTROPHY_SPLIT',
    ]);
  });

  it('gives three programmes, without repeats, for more than one goal', () => {
    // Weight loss: cardio interval, circuit, diet coaching; strength: strength basics, hypertrophy, circuit.
    const result = consultResult(DEFAULT_SURVEY, answers({ goals: ['STRENGTH', 'WEIGHT_LOSS'] }), []);
    expect(result.programmes).toEqual(['CARDIO_INTERVAL', 'CIRCUIT', 'DIET_COACHING']);
    const gain = consultResult(DEFAULT_SURVEY, answers({ goals: ['WEIGHT_GAIN', 'STRENGTH'] }), []);
    expect(gain.programmes).toEqual(['BULK_NUTRITION', 'HYPERTROPHY_SPLIT', 'STRENGTH_BASICS']);
  });

  it('falls back on the health programmes without a goal', () => {
    expect(consultResult(DEFAULT_SURVEY, answers({ goals: [] }), []).programmes).toEqual([
      'MOBILITY',
      'CIRCUIT',
    ]);
  });

  it('onboards a beginner with a trainer', () => {
    const result = consultResult(DEFAULT_SURVEY, answers({ level: 'BEGINNER' }), []);
    expect(result.programmes).toEqual(['PT_ONBOARDING', 'MOBILITY', 'CIRCUIT']);
  });

  it('puts the medical clearance first after a yes on PAR-Q', () => {
    const result = consultResult(DEFAULT_SURVEY, answers({ parq1: true }), []);
    expect(result.programmes).toEqual(['MEDICAL_CLEARANCE', 'MOBILITY', 'CIRCUIT']);
    const beginner = consultResult(DEFAULT_SURVEY, answers({ parq6: true, level: 'BEGINNER' }), []);
    expect(beginner.programmes).toEqual(['MEDICAL_CLEARANCE', 'PT_ONBOARDING', 'MOBILITY']);
  });

  it('adds cardio intervals for an obese BMI', () => {
    // 160 cm, 64 kg: BMI 25, obese 1.
    const obese = consultResult(
      DEFAULT_SURVEY,
      answers({ goals: ['STRENGTH'], height: 160, weight: 64 }),
      [],
    );
    expect(obese.bmi).toEqual({ value: 25, band: 'OBESE_1' });
    expect(obese.programmes).toEqual(['STRENGTH_BASICS', 'CARDIO_INTERVAL']);
    // 170 cm, 70 kg: BMI 24.2, pre-obese: unchanged.
    const preObese = consultResult(
      DEFAULT_SURVEY,
      answers({ goals: ['STRENGTH'], height: 170, weight: 70 }),
      [],
    );
    expect(preObese.bmi).toEqual({ value: 24.2, band: 'PRE_OBESE' });
    expect(preObese.programmes).toEqual(['STRENGTH_BASICS', 'HYPERTROPHY_SPLIT']);
    // Already there: unchanged.
    const loss = consultResult(
      DEFAULT_SURVEY,
      answers({ goals: ['WEIGHT_LOSS'], height: 160, weight: 64 }),
      [],
    );
    expect(loss.programmes).toEqual(['CARDIO_INTERVAL', 'CIRCUIT']);
  });

  it('gives the BMI only with both height and weight', () => {
    expect(consultResult(DEFAULT_SURVEY, answers({ height: 170, weight: 65 }), []).bmi).toEqual({
      value: 22.5,
      band: 'NORMAL',
    });
    expect(consultResult(DEFAULT_SURVEY, answers({ height: 170 }), []).bmi).toBeNull();
    expect(consultResult(DEFAULT_SURVEY, answers({ weight: 65 }), []).bmi).toBeNull();
    expect(consultResult(DEFAULT_SURVEY, answers(), []).bmi).toBeNull();
  });
});

describe('the products that fit', () => {
  it('shows four products at most', () => {
    expect(MAX_FITTING_PRODUCTS).toBe(4);
  });

  it('offers an intermediate with a health goal the period passes, cheapest per month first', () => {
    const result = consultResult(DEFAULT_SURVEY, answers(), catalogue);
    expect(result.prefers).toBe('PERIOD');
    expect(result.wantsPt).toBe(false);
    // 720,000 / 12 = 60,000; 240,000 / 3 = 80,000; 99,000 / 1. No PT, no day pass.
    expect(result.products).toEqual([
      { id: 3, name: '1 year', salePrice: 720_000, kind: 'PERIOD', unitPrice: 60_000, unit: 'MONTH' },
      { id: 2, name: '3 months', salePrice: 240_000, kind: 'PERIOD', unitPrice: 80_000, unit: 'MONTH' },
      { id: 1, name: '1 month', salePrice: 99_000, kind: 'PERIOD', unitPrice: 99_000, unit: 'MONTH' },
    ]);
  });

  it('leaves out a pass shorter than a month and keeps a 30-day one', () => {
    const days30 = product(7, '30 days', 90_000, 30, 'DAY');
    const days29 = product(8, '29 days', 50_000, 29, 'DAY');
    const weeks4 = product(9, '4 weeks', 60_000, 4, 'WEEK');
    const result = consultResult(DEFAULT_SURVEY, answers(), [day, days29, weeks4, days30]);
    expect(result.products).toEqual([
      { id: 7, name: '30 days', salePrice: 90_000, kind: 'PERIOD', unitPrice: 90_000, unit: 'MONTH' },
    ]);
  });

  it('rounds a monthly price down', () => {
    // 5 weeks = 35 / 30 months; 100,000 × 30 / 35 = 85,714.28…
    const weeks5 = product(10, '5 weeks', 100_000, 5, 'WEEK');
    expect(consultResult(DEFAULT_SURVEY, answers(), [weeks5]).products[0]?.unitPrice).toBe(85_714);
  });

  it('offers a beginner the PT sessions first, cheapest per session first, then the period passes', () => {
    const result = consultResult(DEFAULT_SURVEY, answers({ level: 'BEGINNER' }), catalogue);
    expect(result.prefers).toBe('SESSIONS');
    expect(result.wantsPt).toBe(true);
    // 1,200,000 / 20 = 60,000; 700,000 / 10 = 70,000; then the year and the 3 months; the month is cut.
    expect(result.products).toEqual([
      { id: 6, name: 'PT 20', salePrice: 1_200_000, kind: 'SESSIONS', unitPrice: 60_000, unit: 'SESSION' },
      { id: 5, name: 'PT 10', salePrice: 700_000, kind: 'SESSIONS', unitPrice: 70_000, unit: 'SESSION' },
      { id: 3, name: '1 year', salePrice: 720_000, kind: 'PERIOD', unitPrice: 60_000, unit: 'MONTH' },
      { id: 2, name: '3 months', salePrice: 240_000, kind: 'PERIOD', unitPrice: 80_000, unit: 'MONTH' },
    ]);
  });

  it('offers PT sessions to anyone with a strength goal', () => {
    const result = consultResult(
      DEFAULT_SURVEY,
      answers({ level: 'ADVANCED', goals: ['STRENGTH'] }),
      catalogue,
    );
    expect(result.prefers).toBe('SESSIONS');
    expect(result.wantsPt).toBe(true);
    expect(result.products.map((p) => p.id)).toEqual([6, 5, 3, 2]);
  });

  it('does not offer PT to an experienced member losing weight', () => {
    const result = consultResult(
      DEFAULT_SURVEY,
      answers({ level: 'EXPERT', goals: ['WEIGHT_LOSS'] }),
      catalogue,
    );
    expect(result.prefers).toBe('PERIOD');
    expect(result.wantsPt).toBe(false);
    expect(result.products.map((p) => p.id)).toEqual([3, 2, 1]);
  });

  it('caps the period passes at four too', () => {
    const sixMonths = product(11, '6 months', 420_000, 6, 'MONTH');
    const weeks5 = product(10, '5 weeks', 100_000, 5, 'WEEK');
    const result = consultResult(DEFAULT_SURVEY, answers(), [month, weeks5, threeMonths, sixMonths, year]);
    // 60,000 (year), 70,000 (6 months), 80,000 (3 months), 85,714 (5 weeks); the month at 99,000 is cut.
    expect(result.products.map((p) => [p.id, p.unitPrice])).toEqual([
      [3, 60_000],
      [11, 70_000],
      [2, 80_000],
      [10, 85_714],
    ]);
  });

  it('orders equal unit prices by id', () => {
    const a = product(21, 'A', 99_000, 1, 'MONTH');
    const b = product(20, 'B', 99_000, 1, 'MONTH');
    expect(consultResult(DEFAULT_SURVEY, answers(), [a, b]).products.map((p) => p.id)).toEqual([20, 21]);
  });

  it('offers nothing without products', () => {
    expect(consultResult(DEFAULT_SURVEY, answers({ level: 'BEGINNER' }), []).products).toEqual([]);
  });
});

describe('any answers from the default survey', () => {
  const goalValues = [...consultGoals];
  const arbitraryAnswers = fc.record({
    goals: fc.subarray(goalValues),
    level: fc.constantFrom(...exerciseLevels),
    parq: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    height: fc.option(fc.integer({ min: 100, max: 230 }), { nil: undefined }),
    weight: fc.option(fc.integer({ min: 25, max: 250 }), { nil: undefined }),
  });
  const toAnswers = (a: {
    goals: string[];
    level: string;
    parq: boolean[];
    height: number | undefined;
    weight: number | undefined;
  }): Answers => ({
    goals: a.goals,
    level: a.level,
    ...Object.fromEntries(a.parq.map((yes, i) => [`parq${i + 1}`, yes])),
    ...(a.height === undefined ? {} : { height: a.height }),
    ...(a.weight === undefined ? {} : { weight: a.weight }),
  });

  it('give a sound result', () => {
    fc.assert(
      fc.property(arbitraryAnswers, (a) => {
        const result = consultResult(DEFAULT_SURVEY, toAnswers(a), catalogue);
        expect(result.programmes.length === 2 || result.programmes.length === 3).toBe(true);
        expect(new Set(result.programmes).size).toBe(result.programmes.length);
        expect(result.seeDoctor).toBe(a.parq.some((yes) => yes));
        expect(result.programmes[0] === 'MEDICAL_CLEARANCE').toBe(result.seeDoctor);
        expect(result.programmes.includes('PT_ONBOARDING')).toBe(a.level === 'BEGINNER');
        expect(result.products.length).toBeLessThanOrEqual(MAX_FITTING_PRODUCTS);
        expect(new Set(result.products.map((p) => p.id)).size).toBe(result.products.length);
        expect(result.goals).toEqual(consultGoals.filter((g) => a.goals.includes(g)));
      }),
    );
  });

  it('pass the checks exactly when a goal is chosen', () => {
    fc.assert(
      fc.property(arbitraryAnswers, (a) => {
        const problems = answerProblems(DEFAULT_SURVEY, toAnswers(a));
        expect(problems).toEqual(a.goals.length > 0 ? [] : [{ path: 'answers.goals', message: 'required' }]);
      }),
    );
  });
});

describe('a period in months', () => {
  it('counts a month as 30 days and a week as 7 days', () => {
    expect(periodMonths(30, 'DAY')).toBe(1);
    expect(periodMonths(2, 'WEEK')).toBeCloseTo(14 / 30, 12);
    expect(periodMonths(3, 'MONTH')).toBe(3);
    expect(periodMonths(1, 'YEAR')).toBe(12);
  });

  it('is nothing without an amount or a unit', () => {
    expect(periodMonths(null, 'MONTH')).toBeNull();
    expect(periodMonths(3, null)).toBeNull();
    expect(periodMonths(null, null)).toBeNull();
  });
});
