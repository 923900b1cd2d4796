import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, migrationsFolder } from '../db/client.ts';
import { queryRows } from './tables.ts';

/**
 * Migration levels (docs/operations.md#migration-levels). A level is the number of migrations applied, named by the
 * tag of the last one: level 9 is `0008_checkin_lockers`. Drizzle records each applied migration in
 * `drizzle.__drizzle_migrations` with the journal entry's `when` as `created_at`.
 */
export type MigrationLevel = { level: number; tag: string | null };

type JournalEntry = { idx: number; when: number; tag: string };

export const readJournal = (folder = migrationsFolder): JournalEntry[] =>
  // Safe: drizzle-kit's own migration journal (meta/_journal.json), which it writes in this shape.
  (JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] })
    .entries;

/** The level this code expects: every migration it ships. */
export const expectedLevel = (folder = migrationsFolder): MigrationLevel => {
  const entries = readJournal(folder);
  return { level: entries.length, tag: entries.at(-1)?.tag ?? null };
};

/**
 * The level a database is at. A database that holds a migration this code does not know (a newer app wrote it)
 * reports `unknown` with the timestamp it found, so the caller can refuse it by name.
 */
export const currentLevel = async (
  db: Executor,
  folder = migrationsFolder,
): Promise<MigrationLevel & { unknown?: { count: number; lastWhen: number } }> => {
  const exists = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists[0]?.ok) return { level: 0, tag: null };
  const rows = await queryRows<{ count: string | number; last: string | number | null }>(
    db,
    sql`select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count === 0) return { level: 0, tag: null };
  const lastWhen = Number(rows[0]?.last);
  const entries = readJournal(folder);
  const index = entries.findIndex((entry) => entry.when === lastWhen);
  if (index < 0) return { level: count, tag: null, unknown: { count, lastWhen } };
  return { level: index + 1, tag: entries[index]!.tag };
};

/** "level 9 (0008_checkin_lockers)", the way every refusal names a level. */
export const describeLevel = (level: MigrationLevel): string =>
  `level ${level.level}${level.tag ? ` (${level.tag})` : ' (a migration this version does not know)'}`;
