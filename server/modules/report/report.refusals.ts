import type { reportMessages } from '../../http/messages/report.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the reports refuse (docs/rules.md#reports): a range or a day out of bounds, each on its field (400). The
// reports read only, so nothing answers 409.

export type ReportReason = keyof (typeof reportMessages)['en'];

export const { badField } = refusalsOf<ReportReason, ReportReason>();

/** The "as of" day may not be after today (400 on `date`). */
export const dateRefused = () => badField('date', 'reportDateFuture');
