// A small seeded generator for the month-in-the-life simulation (docs/architecture.md#month-in-the-life): the same seed
// gives the same choices, so a failing seed can be run again on its own.

/** mulberry32: 32 bits of state, good enough to pick actions, never for secrets. */
export const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export type Rng = {
  /** In [0, 1). */
  next: () => number;
  /** An integer from lo to hi, both included. */
  int: (lo: number, hi: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T | undefined;
  /** One of the keys, each as likely as its weight. */
  weighted: <K extends string>(weights: Readonly<Record<K, number>>) => K;
};

export const rngOf = (seed: number): Rng => {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => (items.length === 0 ? undefined : items[int(0, items.length - 1)]),
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [key, w] of entries) {
        roll -= w;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
};
