import { z } from 'zod';
import { businessForms, gymStatuses } from '../enums.ts';
import { BUSINESS_NO_PATTERN } from '../rules/business-number.ts';
import { missingForRequest } from '../rules/gym-verification.ts';
import { isoDateTime } from './common.ts';
import { text } from './text.ts';

/** The verification info (docs/rules.md#verification), as written by an owner. */
const gymInfo = {
  name: text({ min: 1, max: 100 }),
  businessNo: text({ max: 20 }).regex(BUSINESS_NO_PATTERN, 'businessNoFormat'),
  representName: text({ max: 200 }),
  businessForm: z.enum(businessForms, 'invalidValue'),
  businessType: text({ max: 200 }),
  businessField: text({ max: 200 }),
  postNo: text({ max: 5, maxMessage: 'postNoFormat' }).regex(/^\d{5}$/, 'postNoFormat'),
  address: text({ max: 300 }),
  addressDetail: text({ max: 300 }),
  businessUrlImgUrl: text({ max: 500 }).nullable(),
  representIdImgUrl: text({ max: 500 }).nullable(),
  workerIdImgUrl: text({ max: 500 }).nullable(),
  senders: text({ max: 500 }).nullable(),
};

export const gymSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    businessNo: z.string().nullable(),
    representName: z.string().nullable(),
    businessForm: z.enum(businessForms),
    businessType: z.string().nullable(),
    businessField: z.string().nullable(),
    postNo: z.string().nullable(),
    address: z.string().nullable(),
    addressDetail: z.string().nullable(),
    businessUrlImgUrl: z.string().nullable(),
    representIdImgUrl: z.string().nullable(),
    workerIdImgUrl: z.string().nullable(),
    senders: z.string().nullable(),
    gymStatus: z.enum(gymStatuses),
    inactiveReason: z.string().nullable(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Gym' });
export type Gym = z.infer<typeof gymSchema>;

const requireForRequest = (value: { gymStatus?: string } & Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (value.gymStatus !== 'REQUEST') return;
  for (const field of missingForRequest(value as never)) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'requiredForReview' });
  }
};

/** POST /web/gym: a draft (WAIT) needs a name; a submission (REQUEST) needs the whole verification info. */
export const gymCreateSchema = z
  .strictObject({
    name: gymInfo.name,
    businessNo: gymInfo.businessNo.optional(),
    representName: gymInfo.representName.optional(),
    businessForm: gymInfo.businessForm.default('INDIVIDUAL'),
    businessType: gymInfo.businessType.optional(),
    businessField: gymInfo.businessField.optional(),
    postNo: gymInfo.postNo.optional(),
    address: gymInfo.address.optional(),
    addressDetail: gymInfo.addressDetail.optional(),
    businessUrlImgUrl: gymInfo.businessUrlImgUrl.optional(),
    representIdImgUrl: gymInfo.representIdImgUrl.optional(),
    workerIdImgUrl: gymInfo.workerIdImgUrl.optional(),
    senders: gymInfo.senders.optional(),
    gymStatus: z.enum(['WAIT', 'REQUEST'], 'invalidValue').default('WAIT'),
  })
  .superRefine(requireForRequest)
  .meta({ id: 'GymCreate' });
export type GymCreate = z.infer<typeof gymCreateSchema>;

/** PUT /web/gym/{id}: info edits and status changes; the server checks who may make which change. */
export const gymUpdateSchema = z
  .strictObject({
    name: gymInfo.name.optional(),
    businessNo: gymInfo.businessNo.nullable().optional(),
    representName: gymInfo.representName.nullable().optional(),
    businessForm: gymInfo.businessForm.optional(),
    businessType: gymInfo.businessType.nullable().optional(),
    businessField: gymInfo.businessField.nullable().optional(),
    postNo: gymInfo.postNo.nullable().optional(),
    address: gymInfo.address.nullable().optional(),
    addressDetail: gymInfo.addressDetail.nullable().optional(),
    businessUrlImgUrl: gymInfo.businessUrlImgUrl.optional(),
    representIdImgUrl: gymInfo.representIdImgUrl.optional(),
    workerIdImgUrl: gymInfo.workerIdImgUrl.optional(),
    senders: gymInfo.senders.optional(),
    gymStatus: z.enum(gymStatuses, 'invalidValue').optional(),
    inactiveReason: text({ max: 500, multiline: true }).nullable().optional(),
  })
  .meta({ id: 'GymUpdate' });
export type GymUpdate = z.infer<typeof gymUpdateSchema>;

/** Public search result: never business numbers or documents. */
export const gymPublicSchema = z
  .object({ id: z.number().int(), name: z.string(), address: z.string().nullable() })
  .meta({ id: 'GymPublic' });
