import { refusalsOf } from '../../kernel/refusal.ts';

// What check-in refuses (docs/rules.md#check-in): the 409s by their message keys, the 400s by their fields'. The
// 403s (the add-on, a kiosk staff member without the right) stay `AppError('FORBIDDEN', …)`.

export type EntryReason = 'facilityClosed' | 'customerRemoved' | 'entryNotOverridable';

export type EntryField = 'entryRangeTooLong';

export const { refused, badField } = refusalsOf<EntryReason, EntryField>();
