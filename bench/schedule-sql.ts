// The week view's statements exactly as the app builds them, for the bare baseline (bench/schedule-baseline.ts).
// `listLessons` (server/modules/schedule/schedule.queries.ts) sends two: the page (the lessons of the range with
// the trainer's name and colour joined) and the live counts of those lessons (`lesson_id in (…)`, one parameter per
// lesson). Both are recorded from one run of `listLessons` on a client that answers the page with placeholder rows
// (negative ids) and nothing else, so the counts statement can be filled with the real ids later.

import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { listLessons } from '#server/modules/schedule/schedule.queries.ts';

export type Statement = { text: string; params: unknown[] };

let recorded: Statement[] = [];
let placeholderIds: number[] = [];
/** A Drizzle database with the app's options that records each statement; the first is answered with `placeholderIds`. */
const capture = drizzle({
  client: {
    query: async (config: string | { text: string }, params: unknown[]) => {
      recorded.push({ text: typeof config === 'string' ? config : config.text, params });
      const rows = recorded.length === 1 ? placeholderIds.map((id) => [id, ...Array(63).fill(null)]) : [];
      return { rows, fields: [] };
    },
  } as unknown as pg.Pool,
  schema,
  casing: 'snake_case',
}) as unknown as Db;

/**
 * The week view's two statements for `n` lessons: the page as sent, and the counts with a function that puts the
 * page's lesson ids where the placeholders were.
 */
export const lessonListStatements = async (
  gymId: number,
  range: { from: string; to: string },
  n: number,
): Promise<{ page: Statement; counts: Statement & { withIds: (ids: readonly number[]) => unknown[] } }> => {
  recorded = [];
  placeholderIds = Array.from({ length: n }, (_, i) => -(i + 1));
  // The placeholder rows have no times, so the mapping after the counts throws; both statements are sent by then.
  await listLessons(capture, gymId, range).catch(() => undefined);
  const [page, counts] = recorded;
  if (!page) throw new Error('listLessons sent no statement');
  if (n === 0) return { page, counts: { text: '', params: [], withIds: () => [] } };
  if (!counts) throw new Error('listLessons sent no counts statement');
  const slot = new Map(placeholderIds.map((id, i) => [id, i]));
  if (counts.params.filter((p) => typeof p === 'number' && slot.has(p)).length !== n)
    throw new Error('the lesson ids are not parameters of the counts statement');
  return {
    page,
    counts: {
      ...counts,
      withIds: (ids) =>
        counts.params.map((p) => (typeof p === 'number' && slot.has(p) ? ids[slot.get(p)!] : p)),
    },
  };
};
