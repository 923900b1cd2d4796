import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A movable clock for browser tests (docs/architecture.md#configuration, `TEST_CLOCK`): the server's injected
 * clock reads the real time plus an offset, and `PUT /web/test-clock` sets that offset. It exists only in a process
 * started with the flag, which the configuration refuses in production; product code never asks whether time is
 * real, it only reads the clock it was given.
 */
export type TestClock = { now: () => Date; offsetMs: () => number; set: (offsetMs: number) => void };

export const createTestClock = (): TestClock => {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    set: (offsetMs) => {
      offset = offsetMs;
    },
  };
};

const bodySchema = z.union([
  z.strictObject({ offsetDays: z.number().int().min(0).max(3_650) }),
  // An instant to run from (e.g. 21:30 Seoul for the night-time rules), in the future of the real time.
  z.strictObject({ at: z.iso.datetime({ offset: true }) }),
]);

/** The route that moves the clock: forward only, by whole days from the real time or to a future instant. */
export const registerTestClockRoute = (app: FastifyInstance, clock: TestClock) => {
  app.put('/web/test-clock', { schema: { hide: true } }, async (request) => {
    const body = bodySchema.parse(request.body);
    const offset =
      'at' in body ? Math.max(0, Date.parse(body.at) - Date.now()) : body.offsetDays * 86_400_000;
    clock.set(offset);
    return { data: { now: clock.now().toISOString(), offsetDays: Math.floor(offset / 86_400_000) } };
  });
};
