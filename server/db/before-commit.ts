import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// Work a transaction does once, just before it commits (docs/architecture.md#kernel): the kernel's customer summary
// is rebuilt here, once per customer a write touched, whichever module wrote. `withBeforeCommit` wraps the
// database's `transaction` so that every transaction the app opens runs its hooks after its callback, inside it; a
// hook that throws rolls the transaction back like any statement would.

type Hook = () => Promise<void>;
const hooksOf = new WeakMap<object, Hook[]>();

/**
 * Runs `hook` before `executor`'s transaction commits, once; false when `executor` is not a transaction opened by
 * `db.transaction` (the database itself, or a nested savepoint), where the caller does the work at once.
 */
export const beforeCommit = (executor: object, hook: Hook): boolean => {
  const hooks = hooksOf.get(executor);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
};

/** The database with its `transaction` running the before-commit hooks; the one place that opens the door. */
export const withBeforeCommit = <
  S extends Record<string, unknown>,
  D extends PgDatabase<PgQueryResultHKT, S>,
>(
  db: D,
): D => {
  const open = db.transaction.bind(db);
  const transaction: D['transaction'] = (work, config) =>
    open(async (tx) => {
      const hooks: Hook[] = [];
      hooksOf.set(tx, hooks);
      try {
        const result = await work(tx);
        // A hook may add another (a summary rebuilt after a later write): run until none are left.
        for (let i = 0; i < hooks.length; i++) await hooks[i]!();
        return result;
      } finally {
        hooksOf.delete(tx);
      }
    }, config);
  return Object.assign(db, { transaction });
};
