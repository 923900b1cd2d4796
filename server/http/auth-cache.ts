import { performance } from 'node:perf_hooks';

// The short in-process cache of the session and rights lookups (docs/architecture.md#request-path). Every
// successful write through this process clears it (server/app.ts), so a sign-out, a password change, a closed
// account or a permission change holds from the next request on; what it can miss is a change made by another
// process on the same PostgreSQL, for at most `ttlMs`.

export type AuthCacheOptions = {
  /** How long an entry is trusted; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many entries (the oldest go first). */
  max?: number;
  /** The app's clock: an entry also expires when it moves `ttlMs` past the entry (tests move it). */
  clock?: () => Date;
};

export type TtlCache<V> = {
  get: (key: string | number) => V | undefined;
  /**
   * Stores a value read from the database. Pass the `generation` seen before the read began: a value read across a
   * `clear()` may predate the write that cleared, and is not kept.
   */
  set: (key: string | number, value: V, generation: number) => void;
  clear: () => void;
  /** Moves on at every `clear()`. */
  readonly generation: number;
  readonly size: number;
};

/** A map whose entries expire after `ttlMs` (by the wall clock and by the app's clock), bounded to `max`. */
export const createTtlCache = <V>({ ttlMs, max = 10_000, clock }: AuthCacheOptions): TtlCache<V> => {
  const entries = new Map<string | number, { value: V; wallAt: number; clockAt: number }>();
  const clockNow = () => clock?.().getTime() ?? 0;
  let generation = 0;
  return {
    get: (key) => {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      const clockAge = clockNow() - entry.clockAt;
      if (performance.now() - entry.wallAt >= ttlMs || clockAge >= ttlMs || clockAge < 0) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set: (key, value, seen) => {
      if (ttlMs <= 0 || seen !== generation) return;
      entries.delete(key);
      entries.set(key, { value, wallAt: performance.now(), clockAt: clockNow() });
      if (entries.size > max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    clear: () => {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
};

/** The default trust of a cached session or rights entry. */
export const AUTH_CACHE_TTL_MS = 3_000;
