import { toCsv } from '#domain/rules/csv.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import type { Consult } from '#domain/schemas/consult.ts';
import type { Translate } from '#src/kit/translate.ts';

// The consultation list's CSV (docs/rules.md#consulting, #exports): pure, so that what a walk-in typed on the
// tablet is unit-tested to reach the file as text, never as a formula.

/** The columns, in order; each header is `consult.list.<column>`. */
const columns = ['date', 'name', 'phone', 'goals', 'stage', 'outcome', 'followUp', 'staff'] as const;

/** The file (`toCsv`): masked phones, labels in the current language, the staff member's name by id. */
export const consultCsv = (
  rows: readonly Consult[],
  translate: Translate,
  staffName: (id: number | null) => string,
): string =>
  toCsv(
    columns.map((k) => translate(`consult.list.${k}`)),
    rows.map((c) => [
      c.createDate.slice(0, 10),
      c.name,
      maskPhone(c.phone),
      c.goals.map((g) => translate(`consult.goal.${g}`)).join(', '),
      translate(`consult.stage.${c.stage}`),
      c.outcome ? translate(`consult.outcome.${c.outcome}`) : '',
      c.followUpDate ?? '',
      staffName(c.staffMemberId),
    ]),
  );
