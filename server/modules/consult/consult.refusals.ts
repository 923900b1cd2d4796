import { isValidationKey, type ValidationKey } from '#domain/i18n/validation.ts';
import { AppError } from '../../http/errors.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What consulting refuses (docs/rules.md#consulting): the 409s by their message keys, the 400s by their fields'.

export type ConsultReason =
  | 'consultNotWaiting'
  | 'consultClosed'
  | 'consultSameStage'
  | 'kioskConsultNoCustomer';

export const { refused, badField, badFields } = refusalsOf<ConsultReason, ValidationKey>();

/** A rule's problem text as a field error: every text the survey's checks give is a validation text. */
export const validationKeyOf = (message: string): ValidationKey =>
  isValidationKey(message) ? message : 'invalidValue';

/** 403 while the facility's CONSULT add-on is not APPROVE (docs/rules.md#add-ons). */
export const addOnRequired = () => new AppError('FORBIDDEN', 'consultAddOnRequired');
