import { toCsv } from '#domain/rules/csv.ts';
import type { TicketIssue } from '#domain/schemas/pass.ts';
import type { Translate } from '#src/kit/translate.ts';

// The sold passes' CSV (docs/rules.md#passes, #exports): pure, so that it is unit-tested beside the other exports.

/** The columns, in order; each header is `passes.issued.csv.<column>`. */
const columns = [
  'id',
  'customer',
  'phone',
  'pass',
  'start',
  'end',
  'sessionsLeft',
  'status',
  'price',
  'paid',
  'unpaid',
] as const;

/** The file (`toCsv`): amounts as numbers, so that a spreadsheet sums them. */
export const issueCsv = (rows: readonly TicketIssue[], translate: Translate): string =>
  toCsv(
    columns.map((k) => translate(`passes.issued.csv.${k}`)),
    rows.map((p) => [
      p.id,
      p.memberName,
      p.memberPhone,
      p.ticketName,
      p.startDate,
      p.endDate ?? '',
      p.sessionsLeft ?? '',
      p.status,
      p.price,
      p.paidAmount,
      p.unpaidAmount,
    ]),
  );
