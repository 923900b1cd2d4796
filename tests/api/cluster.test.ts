import { describe, expect, it } from 'vitest';
import { runCluster } from '../../bench/cluster.ts';
import { adminUrl, testDbKind } from '../fixtures/database.ts';

// Two processes, one PostgreSQL (docs/operations.md#several-processes): the short version of bench/cluster.ts. Two
// real server/main.ts processes share one scratch database, a session made on one is used on the other, 100 outbox
// messages queued through both are each delivered once, and when the dispatching process is killed with SIGKILL the
// other takes over within 30 s.

const MESSAGES = 100;
const AFTER_KILL = 10;

describe.skipIf(testDbKind() !== 'postgres')(
  'two processes on one PostgreSQL (runs with TEST_DB=postgres and TEST_DATABASE_URL: PGlite is one process by design; it makes and drops its own database)',
  () => {
    it('shares sessions, delivers each message once, and hands dispatch over when the dispatcher is killed', async () => {
      const result = await runCluster({
        serverUrl: adminUrl(),
        messages: MESSAGES,
        afterKill: AFTER_KILL,
        deliveryTimeoutMs: 45_000,
      });

      expect(result.sessionAcross).toEqual({ firstToSecond: 200, secondToFirst: 200 });
      expect(result.alternated.ok).toBe(result.alternated.sent);

      // Before the kill: one process delivered everything, each message once.
      expect(result.before.delivered).toBe(MESSAGES);
      expect(result.before.distinct).toBe(MESSAGES);
      expect(Object.keys(result.before.byPid)).toEqual([String(result.takeover.killedPid)]);

      // After it: the other process, alone, within 30 s, with nothing waking it for the first message.
      expect(result.takeover.secondsToFirstDelivery).toBeLessThanOrEqual(30);
      expect(result.after.distinct).toBe(AFTER_KILL + 1);
      expect(Object.keys(result.after.byPid)).toEqual([String(result.takeover.survivorPid)]);

      // Every row of the topic is SENT and recorded exactly once.
      expect(result.rows).toEqual({ total: MESSAGES + 1 + AFTER_KILL, sent: MESSAGES + 1 + AFTER_KILL });
      expect(result.duplicates).toEqual([]);
      expect(result.missing).toEqual([]);
    }, 90_000);
  },
);
