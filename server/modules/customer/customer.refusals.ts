import type { ValidationKey } from '#domain/i18n/validation.ts';
import { AppError } from '../../http/errors.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the customer module refuses (docs/rules.md#customers): the 409s by their message keys, the 400s by their
// fields'.

export type CustomerReason = 'customerErased' | 'customerRemoved' | 'noCurrentPass';

export type CustomerField = ValidationKey | 'duplicatePhone' | 'cardNumberInUse';

export const { refused, badField, badFields } = refusalsOf<CustomerReason, CustomerField>();

/** 409 `duplicatePhone`: the details name the customer already on the books (0 when a racing write took it). */
export const duplicatePhone = (existingId: number) =>
  new AppError('CONFLICT', 'duplicatePhone', {}, { phone: 'duplicatePhone' }, { existingId });

/** A card another customer holds: 409 naming them, so the desk knows whose card to clear first. */
export const cardTaken = (card: string, holder: { id: number; name: string }) =>
  new AppError(
    'CONFLICT',
    'cardNumberTaken',
    { card, name: holder.name },
    { cardNumber: 'cardNumberInUse' },
    { holderId: holder.id },
  );
