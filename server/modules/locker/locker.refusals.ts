import type { DepositEndRefusal } from '#domain/rules/locker.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// The lockers' refusals (docs/rules.md#lockers): the 409s the layout and the rentals answer and the keys their 400s
// put on a field, named once, so a misspelt key fails the type check instead of reaching a user untranslated.

/** The 409s (their texts: server/http/messages.ts). */
export type LockerReason =
  | 'roomInUse'
  | 'bankInUse'
  | 'lockerLabelTaken'
  | 'lockerBroken'
  | 'lockerTaken'
  | 'lockerPerCustomerLimit'
  | 'rentalNotActive';

/** The keys a locker 400 puts on a field (their texts: domain/i18n/validation.ts). */
export type LockerField =
  | DepositEndRefusal
  | 'bankTooLarge'
  | 'endBeforeStart'
  | 'paymentsAbovePrice'
  | 'sameLocker';

export const { refused, badField } = refusalsOf<LockerReason, LockerField>();
