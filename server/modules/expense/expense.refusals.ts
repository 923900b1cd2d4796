import type { expenseMessages } from '../../http/messages/expense.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What expenditure refuses (docs/rules.md#expenditure): the 409s by their message keys, the 400s by their fields'.

export type ExpenseReason = keyof (typeof expenseMessages)['en'];

export const { refused, badField } = refusalsOf<ExpenseReason, 'documentNotUploaded'>();
