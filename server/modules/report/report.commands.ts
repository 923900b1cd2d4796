import { sql } from 'drizzle-orm';
import type { Language } from '#domain/enums.ts';
import { dayNumber } from '#domain/rules/revenue-fast.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { RevenueAsOfExportQuery } from '#domain/schemas/report.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { asOfCsv, rowOf } from './report.mappers.ts';
import { dateRefused } from './report.refusals.ts';
import { dayEnd, ranItsCourse } from './report.sql.ts';
import { loadPasses, passOn } from './revenue.queries.ts';

// The reports' one write (docs/rules.md#revenue-recognition): the "as of" CSV names customers, so it leaves its
// audit row in the caller's transaction. The summed days are summed-days.commands.ts.

/** The most passes one CSV of the "as of" list holds. */
export const AS_OF_EXPORT_MAX = 50_000;

/**
 * `GET /web/report/revenue/as-of/export.csv` (docs/rules.md#revenue-recognition): every pass of the view as of
 * the day (at most 50,000, newest first), then the totals of those rows, as a CSV with a BOM. It names customers,
 * so it is written to the audit log (`sales.export`) in the caller's transaction.
 */
export const exportRevenueAsOf = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  query: RevenueAsOfExportQuery,
  language: Language,
): Promise<string> => {
  const day = query.date;
  if (day > seoulToday(actor.now)) throw dateRefused();
  const n = dayNumber(day);
  const where = query.view === 'deferred' ? sql`not ${ranItsCourse(day)}` : sql`true`;
  const rows = (await loadPasses(tx, gymId, dayEnd(day), where, { upTo: day, names: true }))
    .map((p) => rowOf(p, passOn(p, n)))
    .filter((r) => query.view === 'all' || r.deferred > 0)
    .slice(0, AS_OF_EXPORT_MAX);
  const csv = asOfCsv(rows, language);
  await audited(tx, actor, {
    gymId,
    action: 'sales.export',
    entity: 'ticket-issue',
    entityId: null,
    after: { list: 'revenue-as-of', date: day, view: query.view, rows: rows.length },
  });
  return csv;
};
