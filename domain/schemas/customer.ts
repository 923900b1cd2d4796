import { z } from 'zod';
import { genders } from '../enums.ts';
import { isCardNumber, normalizeCardNumber } from '../rules/card-number.ts';
import { leadSources, normalizeMobile } from '../rules/customer.ts';
import { customerSegments } from '../rules/passes.ts';
import { birthDate, idSchema, isoDateTime } from './common.ts';
import { consentValuesSchema } from './consent.ts';
import { nameField } from './member.ts';
import { text } from './text.ts';

// A facility's customers (docs/rules.md#customers).

/** A Korean mobile number, 010-1234-5678 or 01012345678; stored as its digits (the import's dedupe key). */
export const mobileField = text({ max: 20, maxMessage: 'mobileFormat' })
  .transform((value, ctx) => {
    const mobile = normalizeMobile(value);
    if (mobile === null) {
      ctx.addIssue({ code: 'custom', message: 'mobileFormat' });
      return z.NEVER;
    }
    return mobile;
  })
  .meta({ example: '010-1234-5678' });

const gymIdQuery = z.coerce.number().int().positive().max(2_147_483_647);

/** `?gymId=`: the facility a customer route works in. */
export const gymIdQuerySchema = z.strictObject({ gymId: gymIdQuery });

/** The state of a customer's current pass today (derived, docs/rules.md#customers). */
export const customerPassStates = ['NONE', 'UPCOMING', 'ACTIVE', 'HOLD', 'EXPIRED'] as const;
export type CustomerPassState = (typeof customerPassStates)[number];

/** A customer as lists show it: the phone is masked. */
export const customerSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    name: z.string(),
    /** Masked in lists (`010-****-5678`); whole in the detail. */
    phone: z.string(),
    gender: z.enum(genders),
    birthDate: z.string().nullable(),
    image: z.string().nullable(),
    trainerMemberId: z.number().int().nullable(),
    trainerName: z.string().nullable(),
    leadSource: z.enum(leadSources).nullable(),
    cardNumber: z.string().nullable(),
    status: z.enum(['ACTIVE', 'QUIT']),
    registeredOn: z.string(),
    currentTicketIssueId: z.number().int().nullable(),
    passName: z.string().nullable(),
    passStartDate: z.string().nullable(),
    passEndDate: z.string().nullable(),
    sessionsLeft: z.number().int().nullable(),
    holdStartDate: z.string().nullable(),
    holdEndDate: z.string().nullable(),
    passState: z.enum(customerPassStates),
    unpaidAmount: z.number().int(),
    /** Set when the caller lacks payHistoryUseYn: `unpaidAmount` was removed (docs/rules.md#access-table). */
    moneyHidden: z.boolean().optional(),
    /** The last allowed check-in; null when the customer never came in. */
    lastVisitAt: isoDateTime.nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'Customer' });
export type Customer = z.output<typeof customerSchema>;

/** The detail adds the memo and the whole phone number. */
export const customerDetailSchema = customerSchema
  .extend({ memo: z.string().nullable(), erased: z.boolean() })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.output<typeof customerDetailSchema>;

/**
 * A membership card number (docs/rules.md#card-numbers): trimmed and upper-cased; blank is no card (null);
 * otherwise 4–40 letters, digits and inner hyphens.
 */
export const cardNumberField = text({ max: 200, maxMessage: 'cardNumberFormat' })
  .transform((value) => normalizeCardNumber(value))
  .refine((value) => value === null || isCardNumber(value), { message: 'cardNumberFormat' });

const customerFieldsSchema = z.strictObject({
  name: nameField,
  phone: mobileField,
  gender: z.enum(genders, 'invalidValue').default('NONE'),
  birthDate: birthDate.nullable().optional(),
  memo: text({ max: 2000, multiline: true }).nullable().optional(),
  trainerMemberId: idSchema.nullable().optional(),
  leadSource: z.enum(leadSources, 'invalidValue').nullable().optional(),
  /** Typed or scanned; blank clears it (docs/rules.md#card-numbers). */
  cardNumber: cardNumberField.nullable().optional(),
});

/**
 * Registering a customer at the desk; `consents` records the marketing consents asked there (source DESK,
 * docs/rules.md#consents), in the same transaction.
 */
export const customerCreateSchema = customerFieldsSchema
  .extend({ consents: consentValuesSchema.optional() })
  .meta({ id: 'CustomerCreate' });
export type CustomerCreate = z.input<typeof customerCreateSchema>;

/** The consents change on their own card (`/member/customer/{id}/consent`), not here. */
export const customerUpdateSchema = customerFieldsSchema.partial().strict().meta({ id: 'CustomerUpdate' });
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

export const customerSortFields = ['name', 'passEndDate', 'registeredOn', 'unpaidAmount', 'id'] as const;

/** The customer list's query: the segment tab, search, sort and page (docs/rules.md#customers). */
export const customerListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  segment: z.enum(customerSegments, 'invalidValue').default('all'),
  /** The expiring window in days (7 or 30 on the tabs; `will-inactive-list` reads it too). */
  days: z.coerce.number().int().min(1).max(365).default(7),
  q: text({ max: 50 }).optional(),
  trainerMemberId: z.coerce.number().int().positive().optional(),
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
  _sort: z.enum(customerSortFields, 'invalidValue').optional(),
  _order: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], 'invalidValue'))
    .optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** Each segment tab's count; a count stops at 10,000 (`capped`). */
export const segmentCountsSchema = z
  .object({
    counts: z.object({
      all: z.number().int(),
      active: z.number().int(),
      hold: z.number().int(),
      expiring: z.number().int(),
      expired: z.number().int(),
      unpaid: z.number().int(),
      new: z.number().int(),
      birthday: z.number().int(),
      noVisit: z.number().int(),
    } satisfies Record<(typeof customerSegments)[number], z.ZodNumber>),
    capped: z.boolean(),
    /** Set without payHistoryUseYn: the unpaid count is 0 and its tab is not offered (docs/rules.md#access-table). */
    moneyHidden: z.boolean().optional(),
  })
  .meta({ id: 'SegmentCounts' });
export type SegmentCounts = z.output<typeof segmentCountsSchema>;

/** The export: the whole segment (with its search), or the selected ids. */
export const customerExportQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  segment: z.enum(customerSegments, 'invalidValue').default('all'),
  days: z.coerce.number().int().min(1).max(365).default(7),
  q: text({ max: 50 }).optional(),
  /** Comma-separated ids of the selected rows. */
  ids: text({ max: 2000 })
    .regex(/^\d+(,\d+)*$/, 'invalidValue')
    .optional(),
});

export const IMPORT_MAX_ROWS = 5000;

/** One import row as the mapping step produced it. Values stay strings: the server validates each. */
export const importRowSchema = z.strictObject({
  name: z.string().max(200),
  phone: z.string().max(200),
  gender: z.string().max(20).optional(),
  birthDate: z.string().max(40).optional(),
  memo: z.string().max(4000).optional(),
  /** Marketing consent for SMS, KakaoTalk and e-mail: yes/no words (`consentWord`), blank when not asked. */
  marketingConsent: z.string().max(20).optional(),
  /** Night-time (21:00–08:00) advertising consent, the same words. */
  nightConsent: z.string().max(20).optional(),
});

export const batchCreateQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  dryRun: z
    .enum(['true', 'false'], 'invalidValue')
    .transform((v) => v === 'true')
    .default(false),
});

export const batchCreateBodySchema = z
  .strictObject({ rows: z.array(importRowSchema).min(1, 'required').max(IMPORT_MAX_ROWS, 'tooManyRows') })
  .meta({ id: 'CustomerImport' });
export type BatchCreateBody = z.input<typeof batchCreateBodySchema>;

export const importRowResults = ['ADD', 'DUPLICATE', 'ERROR'] as const;
export const importResultSchema = z
  .object({
    dryRun: z.boolean(),
    added: z.number().int(),
    duplicates: z.number().int(),
    errors: z.number().int(),
    rows: z.array(
      z.object({
        /** 1-based, the data row of the file (the header not counted). */
        line: z.number().int(),
        result: z.enum(importRowResults),
        /** The message key: `mobileFormat`, `nameRequired`, `duplicateInFile`, `duplicateInFacility`, ... */
        reason: z.string().nullable(),
        field: z.string().nullable(),
        existingId: z.number().int().nullable(),
        /** The id of the customer created (not on a dry run). */
        id: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomerImportResult' });
export type ImportResult = z.output<typeof importResultSchema>;

export const memoCreateSchema = z.strictObject({ content: text({ min: 1, max: 2000, multiline: true }) });
export const memoSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdByName: z.string().nullable(),
  createDate: isoDateTime,
});

/** Erasure on request: the typed confirmation is the customer's name. */
export const eraseBodySchema = z.strictObject({ confirmName: text({ min: 1, max: 50 }) });
