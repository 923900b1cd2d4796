// Consulting (docs/rules.md#consulting): the survey a prospect answers on the tablet, the checks on the answers,
// and the analysis shown on the result screen. Pure: the kiosk preview and the server's write use the same code.

export const questionKinds = ['SINGLE', 'MULTI', 'TEXT', 'NUMBER', 'SCALE', 'YESNO'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** What a question means to the analysis. A facility may reword a question; its role keeps the result right. */
export const questionRoles = [
  'goals',
  'exerciseKinds',
  'level',
  'times',
  'source',
  'height',
  'weight',
  'parq',
] as const;
export type QuestionRole = (typeof questionRoles)[number];

export const consultGoals = ['WEIGHT_LOSS', 'WEIGHT_GAIN', 'STRENGTH', 'HEALTH'] as const;
export type ConsultGoal = (typeof consultGoals)[number];
export const exerciseKinds = ['WEIGHTS', 'CARDIO', 'BODYWEIGHT'] as const;
export const exerciseLevels = ['BEGINNER', 'NOVICE', 'INTERMEDIATE', 'ADVANCED', 'EXPERT'] as const;
export type ExerciseLevel = (typeof exerciseLevels)[number];
export const preferredTimes = ['MORNING', 'LUNCH', 'AFTERNOON', 'EVENING', 'NIGHT', 'WEEKEND'] as const;

export type Label = { ko: string; en: string };
export type QuestionOption = { value: string; label: Label };
export type Question = {
  /** Stable within a survey version: the answers are keyed by it. */
  key: string;
  kind: QuestionKind;
  label: Label;
  required: boolean;
  /** Health questions need their own consent and show only to staff with the member flags. */
  health: boolean;
  role?: QuestionRole | undefined;
  options?: QuestionOption[] | undefined;
  unit?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
};
export type SurveyDefinition = { title: Label; questions: Question[] };
export type AnswerValue = string | string[] | number | boolean;
export type Answers = Record<string, AnswerValue>;

/** Limits of a survey and of its answers. */
export const SURVEY_LIMITS = { questions: 60, options: 20, text: 500, key: 40, label: 200 } as const;

const option = (value: string, ko: string, en: string): QuestionOption => ({ value, label: { ko, en } });

const PARQ: [string, string][] = [
  [
    '의사에게 심장 질환이 있어 의사가 권한 운동만 해야 한다는 말을 들은 적이 있습니까?',
    'Has a doctor ever said you have a heart condition and should only do activity a doctor recommends?',
  ],
  [
    '운동할 때 가슴 통증을 느낀 적이 있습니까?',
    'Do you feel pain in your chest when you do physical activity?',
  ],
  [
    '지난 한 달 동안 운동하지 않을 때도 가슴 통증이 있었습니까?',
    'In the past month, have you had chest pain when you were not doing physical activity?',
  ],
  [
    '어지러워 균형을 잃거나 의식을 잃은 적이 있습니까?',
    'Do you lose your balance because of dizziness, or do you ever lose consciousness?',
  ],
  [
    '운동으로 악화될 수 있는 뼈나 관절 문제가 있습니까?',
    'Do you have a bone or joint problem that could be made worse by a change in your physical activity?',
  ],
  [
    '혈압이나 심장 질환으로 약을 처방받고 있습니까?',
    'Is a doctor currently prescribing drugs for your blood pressure or heart condition?',
  ],
  [
    '그 밖에 운동을 하면 안 되는 이유가 있습니까?',
    'Do you know of any other reason why you should not do physical activity?',
  ],
];

/** The survey every facility starts with (docs/rules.md#consulting), in both languages. */
export const DEFAULT_SURVEY: SurveyDefinition = {
  title: { ko: '운동 상담 설문', en: 'Fitness consultation survey' },
  questions: [
    {
      key: 'goals',
      kind: 'MULTI',
      role: 'goals',
      required: true,
      health: false,
      label: { ko: '운동 목표는 무엇인가요?', en: 'What are your goals?' },
      options: [
        option('WEIGHT_LOSS', '체중 감량', 'Weight loss'),
        option('WEIGHT_GAIN', '체중 증가', 'Weight gain'),
        option('STRENGTH', '근력·근육 증가', 'Strength and muscle gain'),
        option('HEALTH', '건강 유지', 'Health maintenance'),
      ],
    },
    {
      key: 'exerciseKinds',
      kind: 'MULTI',
      role: 'exerciseKinds',
      required: false,
      health: false,
      label: { ko: '해 본 운동을 골라 주세요.', en: 'Which kinds of exercise have you done?' },
      options: [
        option('WEIGHTS', '웨이트', 'Weights'),
        option('CARDIO', '유산소', 'Cardio'),
        option('BODYWEIGHT', '맨몸 운동', 'Bodyweight'),
      ],
    },
    {
      key: 'level',
      kind: 'SINGLE',
      role: 'level',
      required: true,
      health: false,
      label: { ko: '운동 경험은 어느 정도인가요?', en: 'How experienced are you?' },
      options: [
        option('BEGINNER', '처음', 'Beginner'),
        option('NOVICE', '초급', 'Novice'),
        option('INTERMEDIATE', '중급', 'Intermediate'),
        option('ADVANCED', '상급', 'Advanced'),
        option('EXPERT', '전문가', 'Expert'),
      ],
    },
    {
      key: 'times',
      kind: 'MULTI',
      role: 'times',
      required: false,
      health: false,
      label: { ko: '주로 언제 운동하실 건가요?', en: 'When would you like to train?' },
      options: [
        option('MORNING', '오전(6–10시)', 'Morning (6–10)'),
        option('LUNCH', '점심(11–14시)', 'Lunchtime (11–14)'),
        option('AFTERNOON', '오후(14–18시)', 'Afternoon (14–18)'),
        option('EVENING', '저녁(18–21시)', 'Evening (18–21)'),
        option('NIGHT', '밤(21시 이후)', 'Night (after 21)'),
        option('WEEKEND', '주말', 'Weekends'),
      ],
    },
    {
      key: 'visitsPerWeek',
      kind: 'SCALE',
      required: false,
      health: false,
      label: { ko: '일주일에 몇 번 오실 수 있나요? (1–5)', en: 'How many times a week can you come? (1–5)' },
    },
    {
      key: 'source',
      kind: 'SINGLE',
      role: 'source',
      required: false,
      health: false,
      label: { ko: '저희 센터를 어떻게 알게 되셨나요?', en: 'How did you hear about us?' },
      options: [
        option('WALK_IN', '지나가다가', 'Walking by'),
        option('REFERRAL', '지인 추천', 'A friend'),
        option('ONLINE', '검색·지도', 'Search or maps'),
        option('SNS', 'SNS', 'Social media'),
        option('FLYER', '전단지', 'A flyer'),
        option('OTHER', '기타', 'Other'),
      ],
    },
    {
      key: 'height',
      kind: 'NUMBER',
      role: 'height',
      required: false,
      health: false,
      unit: 'cm',
      min: 100,
      max: 230,
      label: { ko: '키', en: 'Height' },
    },
    {
      key: 'weight',
      kind: 'NUMBER',
      role: 'weight',
      required: false,
      health: false,
      unit: 'kg',
      min: 25,
      max: 250,
      label: { ko: '몸무게', en: 'Weight' },
    },
    ...PARQ.map(
      ([ko, en], i): Question => ({
        key: `parq${i + 1}`,
        kind: 'YESNO',
        role: 'parq',
        required: true,
        health: true,
        label: { ko, en },
      }),
    ),
  ],
};

/** A field error: the question's key (or `consents.health`) and a validation message key. */
export type AnswerProblem = { path: string; message: string };

/**
 * The checks on a prospect's answers against the survey version they were given (docs/rules.md#consulting):
 * unknown questions, missing required answers, wrong types, options not offered, numbers out of range, texts too
 * long. Empty means the answers are good.
 */
export const answerProblems = (
  survey: SurveyDefinition,
  answers: Record<string, unknown>,
): AnswerProblem[] => {
  const problems: AnswerProblem[] = [];
  const byKey = new Map(survey.questions.map((q) => [q.key, q]));
  for (const key of Object.keys(answers))
    if (!byKey.has(key)) problems.push({ path: `answers.${key}`, message: 'unknownQuestion' });
  for (const question of survey.questions) {
    const path = `answers.${question.key}`;
    const value = answers[question.key];
    if (
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
    ) {
      if (question.required) problems.push({ path, message: 'required' });
      continue;
    }
    const problem = valueProblem(question, value);
    if (problem) problems.push({ path, message: problem });
  }
  return problems;
};

const valueProblem = (question: Question, value: unknown): string | null => {
  const offered = new Set((question.options ?? []).map((o) => o.value));
  switch (question.kind) {
    case 'SINGLE':
      if (typeof value !== 'string') return 'invalidType';
      return offered.has(value) ? null : 'invalidValue';
    case 'MULTI':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'invalidType';
      if (new Set(value).size !== value.length) return 'invalidValue';
      return value.every((v) => offered.has(v)) ? null : 'invalidValue';
    case 'TEXT':
      if (typeof value !== 'string') return 'invalidType';
      return value.length > SURVEY_LIMITS.text ? 'answerTooLong' : null;
    case 'NUMBER':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'invalidType';
      if (question.min !== undefined && value < question.min) return 'answerOutOfRange';
      if (question.max !== undefined && value > question.max) return 'answerOutOfRange';
      return null;
    case 'SCALE':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'invalidType';
      return value >= 1 && value <= 5 ? null : 'answerOutOfRange';
    case 'YESNO':
      return typeof value === 'boolean' ? null : 'invalidType';
  }
};

/** True when the survey asks anything in its health section: then the health consent is required. */
export const hasHealthQuestions = (survey: SurveyDefinition) => survey.questions.some((q) => q.health);

/** The answers without the health section, for a reader without the member flags or without the consent. */
export const withoutHealthAnswers = (survey: SurveyDefinition, answers: Answers): Answers => {
  const health = new Set(survey.questions.filter((q) => q.health).map((q) => q.key));
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !health.has(key)));
};

// ---- The analysis on the result screen ----

/** BMI bands of the Korean Society for the Study of Obesity (Asia-Pacific cut-offs). */
export const bmiBands = ['UNDER', 'NORMAL', 'PRE_OBESE', 'OBESE_1', 'OBESE_2', 'OBESE_3'] as const;
export type BmiBand = (typeof bmiBands)[number];

/** BMI to one decimal and its band: under 18.5, 18.5–22.9 normal, 23–24.9 pre-obese, 25, 30 and 35 obese 1–3. */
export const bmiOf = (heightCm: number, weightKg: number): { value: number; band: BmiBand } | null => {
  if (!(heightCm > 0) || !(weightKg > 0)) return null;
  const meters = heightCm / 100;
  const value = Math.round((weightKg / (meters * meters)) * 10) / 10;
  const band: BmiBand =
    value < 18.5
      ? 'UNDER'
      : value < 23
        ? 'NORMAL'
        : value < 25
          ? 'PRE_OBESE'
          : value < 30
            ? 'OBESE_1'
            : value < 35
              ? 'OBESE_2'
              : 'OBESE_3';
  return { value, band };
};

export const programmes = [
  'CARDIO_INTERVAL',
  'DIET_COACHING',
  'STRENGTH_BASICS',
  'HYPERTROPHY_SPLIT',
  'BULK_NUTRITION',
  'MOBILITY',
  'CIRCUIT',
  'PT_ONBOARDING',
  'MEDICAL_CLEARANCE',
] as const;
export type Programme = (typeof programmes)[number];

const programmesByGoal: Record<ConsultGoal, Programme[]> = {
  WEIGHT_LOSS: ['CARDIO_INTERVAL', 'CIRCUIT', 'DIET_COACHING'],
  WEIGHT_GAIN: ['BULK_NUTRITION', 'HYPERTROPHY_SPLIT', 'STRENGTH_BASICS'],
  STRENGTH: ['STRENGTH_BASICS', 'HYPERTROPHY_SPLIT', 'CIRCUIT'],
  HEALTH: ['MOBILITY', 'CIRCUIT', 'CARDIO_INTERVAL'],
};

/** A pass product as the analysis needs it: on sale, with its period or its sessions. */
export type ProductForFit = {
  id: number;
  name: string;
  salePrice: number;
  periodAmount: number | null;
  periodUnit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' | null;
  sessionCount: number | null;
};

export type ProductFit = {
  id: number;
  name: string;
  salePrice: number;
  kind: 'PERIOD' | 'SESSIONS';
  /** Won per month for a period pass, per session for a session pass (rounded down). */
  unitPrice: number;
  unit: 'MONTH' | 'SESSION';
};

export type ConsultResult = {
  bmi: { value: number; band: BmiBand } | null;
  /** Any PAR-Q answer was yes: see a doctor before training. */
  seeDoctor: boolean;
  goals: ConsultGoal[];
  programmes: Programme[];
  /** Sessions (PT) when the level is beginner or a goal is strength, else a period pass. */
  prefers: 'PERIOD' | 'SESSIONS';
  wantsPt: boolean;
  products: ProductFit[];
};

const roleValue = (survey: SurveyDefinition, answers: Answers, role: QuestionRole) =>
  survey.questions.filter((q) => q.role === role).map((q) => answers[q.key]);

const firstNumber = (values: (AnswerValue | undefined)[]) =>
  values.find((v): v is number => typeof v === 'number');

/** How many products the result shows at most. */
export const MAX_FITTING_PRODUCTS = 4;

/**
 * The result screen (docs/rules.md#consulting), computed from the answers and the facility's products on sale:
 * BMI and band when height and weight were given, the doctor flag when any PAR-Q answer is yes, the goals with 2–3
 * programmes, and the products that fit, priced per month or per session.
 */
export const consultResult = (
  survey: SurveyDefinition,
  answers: Answers,
  products: readonly ProductForFit[],
): ConsultResult => {
  const height = firstNumber(roleValue(survey, answers, 'height'));
  const weight = firstNumber(roleValue(survey, answers, 'weight'));
  const bmi = height !== undefined && weight !== undefined ? bmiOf(height, weight) : null;
  const seeDoctor = roleValue(survey, answers, 'parq').some((v) => v === true);
  const goals = consultGoals.filter((goal) =>
    roleValue(survey, answers, 'goals').some((v) => v === goal || (Array.isArray(v) && v.includes(goal))),
  );
  const level = roleValue(survey, answers, 'level').find((v): v is string => typeof v === 'string');
  const beginner = level === 'BEGINNER';
  const wantsPt = beginner || goals.includes('STRENGTH');

  const picked: Programme[] = [];
  if (seeDoctor) picked.push('MEDICAL_CLEARANCE');
  if (beginner) picked.push('PT_ONBOARDING');
  const pool = goals.length > 0 ? goals.flatMap((goal) => programmesByGoal[goal]) : programmesByGoal.HEALTH;
  for (const programme of pool) if (!picked.includes(programme)) picked.push(programme);
  const chosen = picked.slice(0, goals.length > 1 || beginner || seeDoctor ? 3 : 2);
  // A BMI in the obese bands always brings interval cardio in, in place of the last pick.
  if (bmi?.band.startsWith('OBESE') && !chosen.includes('CARDIO_INTERVAL'))
    chosen[chosen.length - 1] = 'CARDIO_INTERVAL';

  const prefers = wantsPt ? 'SESSIONS' : 'PERIOD';
  const fits = products.flatMap((p): (ProductFit & { rank: number })[] => {
    const months = periodMonths(p.periodAmount, p.periodUnit);
    if (p.sessionCount !== null && p.sessionCount > 0) {
      if (!wantsPt) return [];
      const unitPrice = Math.floor(p.salePrice / p.sessionCount);
      return [{ ...base(p), kind: 'SESSIONS', unitPrice, unit: 'SESSION', rank: 0 }];
    }
    if (months === null || months < 1) return [];
    const unitPrice = Math.floor(p.salePrice / months);
    return [{ ...base(p), kind: 'PERIOD', unitPrice, unit: 'MONTH', rank: wantsPt ? 1 : 0 }];
  });
  fits.sort((a, b) => a.rank - b.rank || a.unitPrice - b.unitPrice || a.id - b.id);
  return {
    bmi,
    seeDoctor,
    goals,
    programmes: chosen,
    prefers,
    wantsPt,
    products: fits.slice(0, MAX_FITTING_PRODUCTS).map(({ rank: _rank, ...fit }) => fit),
  };
};

const base = (p: ProductForFit) => ({ id: p.id, name: p.name, salePrice: p.salePrice });

/** A period in months for "per month" prices: a month counts 30 days, a week 7. */
export const periodMonths = (amount: number | null, unit: ProductForFit['periodUnit']): number | null => {
  if (amount === null || unit === null) return null;
  switch (unit) {
    case 'DAY':
      return amount / 30;
    case 'WEEK':
      return (amount * 7) / 30;
    case 'MONTH':
      return amount;
    case 'YEAR':
      return amount * 12;
  }
};
