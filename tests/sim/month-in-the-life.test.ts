import { describe, expect, it } from 'vitest';
import { PROFILE, runMonth } from './month.ts';

// The month-in-the-life test (issue 27; docs/architecture.md#month-in-the-life). SIM_SEEDS picks how many seeds run
// (3 by default, as in CI) and SIM_SEED the first one (1): `SIM_SEED=17 SIM_SEEDS=1` replays seed 17 alone,
// `SIM_SEEDS=50` is the long run. SIM_DAYS shortens or lengthens the month (30).

const seeds = Number(process.env.SIM_SEEDS ?? 3);
const first = Number(process.env.SIM_SEED ?? 1);
const days = Number(process.env.SIM_DAYS ?? 30);

describe('a month in the life of a gym', () => {
  for (let seed = first; seed < first + seeds; seed++)
    it(`lives ${days} days with seed ${seed}, and every evening the API agrees with itself`, async () => {
      const started = Date.now();
      const figures = await runMonth(seed, days);
      console.log(
        `[sim] seed=${seed} days=${figures.days} requests=${figures.requests} invariants=${figures.invariants} ` +
          `refusals=${figures.refusals} seconds=${((Date.now() - started) / 1000).toFixed(1)} ` +
          `actions=${JSON.stringify(figures.actions)}`,
      );
      if (process.env.SIM_PROFILE)
        console.log(
          [...PROFILE.entries()]
            .sort((a, b) => b[1].ms - a[1].ms)
            .slice(0, 25)
            .map(([k, v]) => `${k} n=${v.n} ms=${v.ms.toFixed(0)}`)
            .join('\n'),
        );
      expect(figures.requests).toBeGreaterThan(0);
    }, 900_000);
});
