import { z } from 'zod';
import { authCodes, genders, joinAuthCodes, memberStatuses } from '../enums.ts';
import { isStrongEnoughPassword, PASSWORD_MAX, USER_ID_PATTERN } from '../rules/account.ts';
import { joinConsentsSchema } from '../rules/consent.ts';
import { digitsOnly } from '../rules/text.ts';
import { birthDate, isoDateTime } from './common.ts';
import { text } from './text.ts';

export const userIdField = text({ max: 100, maxMessage: 'userIdFormat' }).regex(
  USER_ID_PATTERN,
  'userIdFormat',
);
export const passwordField = text({ max: PASSWORD_MAX, maxMessage: 'passwordWeak', trim: false }).refine(
  isStrongEnoughPassword,
  'passwordWeak',
);
/** Accepts 010-1234-5678 or 01012345678; stores digits only. */
export const phoneField = text({ max: 20, maxMessage: 'phoneFormat' })
  .transform(digitsOnly)
  .pipe(z.string().regex(/^\d{10,11}$/, 'phoneFormat'));
export const nameField = text({ min: 1, minMessage: 'nameRequired', max: 50 });
export const emailField = z.email('emailFormat').max(254);

/** A member as the API returns it: never the password hash. */
export const memberSchema = z
  .object({
    id: z.number().int(),
    userId: z.string().nullable(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    gender: z.enum(genders),
    birthDate: z.string().nullable(),
    image: z.string().nullable(),
    authCode: z.enum(authCodes),
    status: z.enum(memberStatuses),
    stopStartDate: z.string().nullable(),
    stopEndDate: z.string().nullable(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

/**
 * POST /web/member: a visitor creates an ADMIN (representative) or MEMBER (worker) account. A representative may
 * name their first facility (`gymName`): it is created with the account as a WAIT draft
 * (docs/rules.md#facilities).
 */
export const memberJoinSchema = z
  .strictObject({
    userId: userIdField,
    password: passwordField,
    name: nameField,
    phone: phoneField,
    email: emailField.optional(),
    authCode: z.enum(joinAuthCodes, 'invalidValue'),
    gymName: text({ min: 1, max: 100 }).optional(),
    /** The consents given at join (docs/rules.md#join): terms and personal data required, marketing optional. */
    consents: joinConsentsSchema,
  })
  .superRefine((value, ctx) => {
    if (value.gymName !== undefined && value.authCode === 'MEMBER')
      ctx.addIssue({ code: 'custom', path: ['gymName'], message: 'gymNameForOwnersOnly' });
  })
  .meta({ id: 'MemberJoin' });
export type MemberJoin = z.input<typeof memberJoinSchema>;

export const loginSchema = z
  .strictObject({
    userId: text({ min: 1, max: 100 }),
    password: text({ min: 1, max: PASSWORD_MAX, trim: false }),
  })
  .meta({ id: 'Login' });
export type Login = z.infer<typeof loginSchema>;

/** PUT /web/member/{id}: own profile fields only; userId, authCode and status are refused as unknown. */
export const memberProfileUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    phone: phoneField.optional(),
    email: emailField.nullable().optional(),
    gender: z.enum(genders, 'invalidValue').optional(),
    birthDate: birthDate.nullable().optional(),
  })
  .meta({ id: 'MemberProfileUpdate' });
export type MemberProfileUpdate = z.infer<typeof memberProfileUpdateSchema>;

export const passwordChangeSchema = z
  .strictObject({
    currentPassword: text({ min: 1, max: PASSWORD_MAX, trim: false }),
    newPassword: passwordField,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: 'passwordSame', path: ['newPassword'] })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Only a well-formed user id gets an answer: no oracle for ids a join could never take (docs/rules.md#join). */
export const userIdCheckQuerySchema = z.object({ userId: userIdField });
export const userIdAvailabilitySchema = z.object({ available: z.boolean() });
