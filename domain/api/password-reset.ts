import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import { passwordField } from '../schemas/member.ts';
import { text } from '../schemas/text.ts';
import { defineRoute } from './define.ts';

// The password reset (docs/rules.md#password-reset): a 6-digit code to the account's phone through the outbox,
// then the code with a new password. Neither answer tells whether an account exists.

export const RESET_CODE_PATTERN = /^\d{6}$/;

export const passwordResetRequestSchema = z
  .strictObject({ userId: text({ min: 1, max: 100 }) })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z
  .strictObject({
    userId: text({ min: 1, max: 100 }),
    code: text({ max: 6, maxMessage: 'resetCodeFormat' }).regex(RESET_CODE_PATTERN, 'resetCodeFormat'),
    newPassword: passwordField,
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/** `POST /web/member/password-reset`: sends a code if the account exists; the same answer either way. */
export const requestPasswordResetRoute = defineRoute({
  method: 'POST',
  path: '/member/password-reset',
  body: passwordResetRequestSchema,
  status: 200,
  response: dataOf(z.object({ expiresInMinutes: z.number().int() })),
});

/** `POST /web/member/password-reset/confirm`: the code and a new password; ends every session of the account. */
export const confirmPasswordResetRoute = defineRoute({
  method: 'POST',
  path: '/member/password-reset/confirm',
  body: passwordResetConfirmSchema,
  status: 204,
  response: z.null().describe('Password changed'),
});
