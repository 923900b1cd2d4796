import { AppError, type FieldKey } from '../../http/errors.ts';
import type { messageSendMessages } from '../../http/messages/message.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the group messages refuse (docs/rules.md#messaging): the 409s by their message keys (with their figures in
// `details`), the 400s by their fields'. A text's refusal carries where it stands (`details.positions`).

export type MessageSendReason = keyof (typeof messageSendMessages)['en'];

export const { refused, badField } = refusalsOf<
  MessageSendReason,
  MessageSendReason | 'required' | 'tooLong'
>();

/** 400 with several fields at once, and the figures the compose screen marks (positions, names). */
export const badInput = (errors: Record<string, FieldKey>, details: Record<string, string | number> = {}) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, errors, details);

/** 403 without the MESSAGE add-on in APPROVE. */
export const addOnRequired = () => new AppError('FORBIDDEN', 'messageAddOnRequired');
