import { z } from 'zod';
import {
  consultChannels,
  consultOutcomes,
  consultStatuses,
  leadStages,
  lostReasons,
  personKinds,
} from '../enums.ts';
import {
  bmiBands,
  consultGoals,
  programmes,
  questionKinds,
  questionRoles,
  SURVEY_LIMITS,
} from '../rules/consult.ts';
import { leadSources, normalizeMobile } from '../rules/customer.ts';
import { calendarDate, idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Consulting (docs/rules.md#consulting): surveys and their versions, the kiosk's calls, the staff's records.

const labelSchema = z.strictObject({
  ko: text({ min: 1, max: SURVEY_LIMITS.label }),
  en: text({ min: 1, max: SURVEY_LIMITS.label }),
});
const questionKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'questionKeyFormat');

export const questionSchema = z.strictObject({
  key: questionKey,
  kind: z.enum(questionKinds, 'invalidValue'),
  label: labelSchema,
  required: z.boolean(),
  health: z.boolean(),
  role: z.enum(questionRoles, 'invalidValue').optional(),
  options: z
    .array(z.strictObject({ value: questionKey, label: labelSchema }))
    .max(SURVEY_LIMITS.options)
    .optional(),
  unit: text({ max: 10 }).optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
});

/** A survey as a facility writes it: checked for duplicate keys and for choices without options. */
export const surveyDefinitionSchema = z
  .strictObject({
    title: labelSchema,
    questions: z.array(questionSchema).min(1, 'surveyEmpty').max(SURVEY_LIMITS.questions),
  })
  .superRefine((survey, ctx) => {
    const seen = new Set<string>();
    survey.questions.forEach((q, i) => {
      if (seen.has(q.key))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'key'], message: 'duplicateKey' });
      seen.add(q.key);
      const choice = q.kind === 'SINGLE' || q.kind === 'MULTI';
      if (choice && (q.options?.length ?? 0) < 2)
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: 'optionsRequired' });
      if (choice && new Set(q.options?.map((o) => o.value)).size !== (q.options?.length ?? 0))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: 'duplicateKey' });
      if (q.min !== undefined && q.max !== undefined && q.min > q.max)
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'max'], message: 'answerOutOfRange' });
    });
  })
  .meta({ id: 'SurveyDefinition' });

export const surveySchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    version: z.number().int(),
    definition: surveyDefinitionSchema,
    createDate: isoDateTime,
  })
  .meta({ id: 'Survey' });
export type Survey = z.output<typeof surveySchema>;

const answerValue = z.union([
  text({ max: SURVEY_LIMITS.text, maxMessage: 'answerTooLong', multiline: true }),
  z.array(z.string().max(SURVEY_LIMITS.key)).max(SURVEY_LIMITS.options),
  z.number().finite(),
  z.boolean(),
]);

export const consentsInputSchema = z.strictObject({
  personal: z.literal(true, 'consentRequired'),
  health: z.boolean(),
  marketing: z.boolean(),
  night: z.boolean(),
});

export const kioskPhone = text({ max: 20, maxMessage: 'mobileFormat' })
  .transform((value) => normalizeMobile(value) ?? '')
  .pipe(z.string().min(1, 'mobileFormat'));

/** What the tablet sends: the answers are checked against their survey version by the server (answerProblems). */
export const kioskConsultCreateSchema = z
  .strictObject({
    surveyId: idSchema,
    name: text({ min: 1, minMessage: 'nameRequired', max: 50 }),
    phone: kioskPhone,
    answers: z
      .record(questionKey, answerValue)
      .refine((a) => Object.keys(a).length <= SURVEY_LIMITS.questions),
    consents: consentsInputSchema,
  })
  .meta({ id: 'KioskConsultCreate' });
export type KioskConsultCreate = z.output<typeof kioskConsultCreateSchema>;

export const consultResultSchema = z
  .object({
    bmi: z.object({ value: z.number(), band: z.enum(bmiBands) }).nullable(),
    seeDoctor: z.boolean(),
    goals: z.array(z.enum(consultGoals)),
    programmes: z.array(z.enum(programmes)),
    prefers: z.enum(['PERIOD', 'SESSIONS']),
    wantsPt: z.boolean(),
    products: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        salePrice: z.number().int(),
        kind: z.enum(['PERIOD', 'SESSIONS']),
        unitPrice: z.number().int(),
        unit: z.enum(['MONTH', 'SESSION']),
      }),
    ),
  })
  .meta({ id: 'ConsultResult' });

/** The kiosk's view of its own consult: no phone, no staff data. */
export const kioskConsultSchema = z
  .object({
    /** For the staff steps on the same tablet, in a staff window (docs/rules.md#consulting). */
    id: z.number().int(),
    token: z.string(),
    status: z.enum(consultStatuses),
    queueNumber: z.number().int(),
    name: z.string(),
    result: consultResultSchema,
  })
  .meta({ id: 'KioskConsult' });

export const kioskProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  salePrice: z.number().int(),
  periodAmount: z.number().int().nullable(),
  periodUnit: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']).nullable(),
  sessionCount: z.number().int().nullable(),
});

export const kioskInfoSchema = z
  .object({
    gymId: z.number().int(),
    gymName: z.string(),
    survey: surveySchema,
    products: z.array(kioskProductSchema),
  })
  .meta({ id: 'KioskInfo' });

export const consentsSchema = z.object({
  personal: isoDateTime,
  health: isoDateTime.nullable(),
  marketing: isoDateTime.nullable(),
  night: isoDateTime.nullable(),
});

/** A consultation in the staff list. */
export const consultSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    personKind: z.enum(personKinds),
    channel: z.enum(consultChannels),
    name: z.string(),
    phone: z.string(),
    content: z.string().nullable(),
    status: z.enum(consultStatuses),
    stage: z.enum(leadStages),
    outcome: z.enum(consultOutcomes).nullable(),
    lostReason: z.enum(lostReasons).nullable(),
    lostNote: z.string().nullable(),
    followUpDate: z.string().nullable(),
    goals: z.array(z.string()),
    source: z.enum(leadSources).nullable(),
    staffMemberId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    queueNumber: z.number().int().nullable(),
    seeDoctor: z.boolean(),
    consultDate: z.string().nullable(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Consult' });
export type Consult = z.output<typeof consultSchema>;

export const consultEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['CREATED', 'STAGE', 'FOLLOW_UP', 'OUTCOME', 'NOTE']),
  stage: z.enum(leadStages).nullable(),
  dueDate: z.string().nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createDate: isoDateTime,
});

/** One consultation with its answers, the result the prospect saw and its timeline. */
export const consultDetailSchema = z
  .object({
    consult: consultSchema,
    survey: surveySchema.nullable(),
    answers: z.record(z.string(), z.unknown()),
    /** The health answers were left out: the reader lacks the member flags, or no health consent was given. */
    healthHidden: z.boolean(),
    consents: consentsSchema.nullable(),
    result: consultResultSchema.nullable(),
    staffName: z.string().nullable(),
    events: z.array(consultEventSchema),
  })
  .meta({ id: 'ConsultDetail' });
export type ConsultDetail = z.output<typeof consultDetailSchema>;

/** The staff wrap-up (`/consulting/finishGym` and the list's detail). */
export const consultFinishSchema = z
  .strictObject({
    outcome: z.enum(consultOutcomes, 'invalidValue'),
    followUpDate: calendarDate.nullable().optional(),
    lostReason: z.enum(lostReasons, 'invalidValue').nullable().optional(),
    lostNote: text({ max: 500, multiline: true }).nullable().optional(),
    content: text({ max: 2000, multiline: true }).nullable().optional(),
    staffMemberId: idSchema.nullable().optional(),
    /** REGISTERED: the customer the prospect became (the sale drawer's customer). */
    customerId: idSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'FOLLOW_UP' && !value.followUpDate)
      ctx.addIssue({ code: 'custom', path: ['followUpDate'], message: 'required' });
    if (value.outcome === 'LOST' && !value.lostReason)
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'required' });
    if (value.outcome === 'REGISTERED' && !value.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'required' });
  })
  .meta({ id: 'ConsultFinish' });
export type ConsultFinish = z.output<typeof consultFinishSchema>;

export const consultStageSchema = z
  .strictObject({ stage: z.enum(leadStages, 'invalidValue') })
  .meta({ id: 'ConsultStage' });

export const consultFollowUpSchema = z
  .strictObject({ dueDate: calendarDate, note: text({ max: 500, multiline: true }).nullable().optional() })
  .meta({ id: 'ConsultFollowUp' });

export const pipelineSchema = z
  .object({
    month: z.string(),
    cards: z.array(consultSchema),
    dueToday: z.array(z.number().int()),
    figures: z.object({
      consults: z.number().int(),
      registrations: z.number().int(),
      conversionRate: z.number(),
      bySource: z.array(
        z.object({ source: z.string(), consults: z.number().int(), registrations: z.number().int() }),
      ),
      byStaff: z.array(
        z.object({
          staffMemberId: z.number().int().nullable(),
          staffName: z.string().nullable(),
          consults: z.number().int(),
          registrations: z.number().int(),
        }),
      ),
      lostReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
      byDay: z.array(
        z.object({ date: z.string(), consults: z.number().int(), registrations: z.number().int() }),
      ),
    }),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.output<typeof pipelineSchema>;

/** Staff log a consult by hand (a phone call, a revisit): the generic POST /consult. */
export const consultCreateSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    personKind: z.enum(personKinds, 'invalidValue').default('NONMEMBER'),
    channel: z.enum(consultChannels, 'invalidValue').default('PHONE'),
    name: text({ min: 1, minMessage: 'nameRequired', max: 50 }),
    phone: kioskPhone,
    content: text({ max: 2000, multiline: true }).nullable().optional(),
    status: z.enum(consultStatuses, 'invalidValue').default('WAIT'),
    source: z.enum(leadSources, 'invalidValue').nullable().optional(),
    consultDate: calendarDate.nullable().optional(),
  })
  .meta({ id: 'ConsultCreate' });

export const consultUpdateSchema = z
  .strictObject({
    personKind: z.enum(personKinds, 'invalidValue').optional(),
    channel: z.enum(consultChannels, 'invalidValue').optional(),
    name: text({ min: 1, minMessage: 'nameRequired', max: 50 }).optional(),
    phone: kioskPhone.optional(),
    content: text({ max: 2000, multiline: true }).nullable().optional(),
    status: z.enum(consultStatuses, 'invalidValue').optional(),
    source: z.enum(leadSources, 'invalidValue').nullable().optional(),
    consultDate: calendarDate.nullable().optional(),
  })
  .meta({ id: 'ConsultUpdate' });
