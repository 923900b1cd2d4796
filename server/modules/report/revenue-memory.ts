import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../ops/tables.ts';

// Remembered answers of the revenue reports (docs/rules.md#revenue-recognition, "Remembered answers").
//
// Earned against deferred and "as of" recognize every pass still running, one by one: for a large facility that
// is seconds of work, and the answer changes only when a pass, hold, usage, sale or payment line of the facility
// is written. So an answer is remembered with the snapshot it was read in, and reused by a later read whose
// snapshot sees no new write of the facility. The statement triggers of migration 0011 record each writing
// transaction in `revenue_change`; a later read asks whether any row there was written by a transaction the
// remembered snapshot does not see. Both reads are one repeatable-read transaction each, so an answer is always
// that of one snapshot: a write committed while an answer is computed is not in it, and the next read sees the
// write's row and computes again.

/** How long an answer is reused at most, whatever happens. */
export const REMEMBER_MS = 60 * 60 * 1000;
/** How long a change is kept: far beyond REMEMBER_MS, so no change an answer could miss is swept first. */
export const CHANGES_KEPT_HOURS = 24;
/** The answers one process remembers; the least recently read goes first. */
const MAX_ANSWERS = 64;

type Answer = { snapshot: string; at: number; value: unknown };

export type RevenueMemory = ReturnType<typeof createRevenueMemory>;

export const createRevenueMemory = (options: { now?: () => number; max?: number } = {}) => {
  const now = options.now ?? Date.now;
  const max = options.max ?? MAX_ANSWERS;
  const answers = new Map<string, Answer>();
  let computed = 0;

  return {
    /**
     * `compute(tx)` for the facility's `key`, or the answer remembered for it when nothing it reads was written
     * since; then `use(tx, answer)`, in the same read-only repeatable-read transaction (one snapshot), which
     * gives the result. `compute` must read the facility's data alone.
     */
    async read<T, R>(
      db: Db,
      gymId: number,
      key: string,
      compute: (tx: Tx) => Promise<T>,
      use: (tx: Tx, answer: T) => R | Promise<R>,
    ): Promise<R> {
      const name = `${gymId}|${key}`;
      const known = answers.get(name);
      const fresh = known !== undefined && now() - known.at < REMEMBER_MS ? known : undefined;
      return db.transaction(async (tx) => {
        // The first statement takes the transaction's snapshot.
        const [row] = await queryRows<{ snapshot: string; changed: boolean | null }>(
          tx,
          fresh
            ? sql`
              select pg_current_snapshot()::text as snapshot, exists (
                select 1 from revenue_change c
                where c.gym_id = ${gymId}
                  and c.xid >= pg_snapshot_xmin(${fresh.snapshot}::pg_snapshot)
                  and not pg_visible_in_snapshot(c.xid, ${fresh.snapshot}::pg_snapshot)
              ) as changed`
            : sql`select pg_current_snapshot()::text as snapshot, null as changed`,
        );
        if (fresh && row!.changed === false) {
          answers.delete(name);
          answers.set(name, fresh);
          // Safe: the value was stored under this facility and key by the same caller's `compute`, which returns a T.
          return use(tx, fresh.value as T);
        }
        const value = await compute(tx);
        computed += 1;
        answers.delete(name);
        answers.set(name, { snapshot: row!.snapshot, at: now(), value });
        while (answers.size > max) answers.delete(answers.keys().next().value!);
        return use(tx, value);
      }, readOnlySnapshot);
    },
    /** How many answers were computed rather than reused (for tests and the benchmark). */
    computed: () => computed,
    forget: () => answers.clear(),
  };
};

const readOnlySnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Deletes the changes older than CHANGES_KEPT_HOURS; answers only compare with changes of the last hour. */
export const sweepRevenueChanges = async (db: Db) => {
  await db.execute(
    sql`delete from revenue_change where at < now() - make_interval(hours => ${CHANGES_KEPT_HOURS})`,
  );
};
