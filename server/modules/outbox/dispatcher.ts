import pg from 'pg';
import type { Db, DbKind } from '../../db/client.ts';
import type { OutboxRow } from '../../db/schema/index.ts';
import { renderPayload, SEALED } from '../../kernel/message-text.ts';
import { openSeal, type ServerKey } from '../../kernel/sealing.ts';
import type { MessageProvider, OutboundMessage } from './message-provider.ts';
import { claimDue, markFailed, markFailedMany, markSent, markSentMany } from './outbox.commands.ts';

/**
 * A topic's batch delivery, in one transaction with the batch's marks: it answers the rows to try again later
 * (id → reason); the dispatcher marks every other row SENT in the same transaction. A rejection rolls the whole
 * batch back, and each of its rows is retried.
 */
export type OutboxBatchHandler = (tx: Db, messages: OutboundMessage[]) => Promise<Map<number, string>>;

/**
 * A topic delivered inside the process (e.g. `notice` → notification rows), in one transaction with its SENT mark.
 * With `batch`, the dispatcher claims up to `batchSize` rows of the topic at once and hands them over together.
 */
export type OutboxHandler = ((tx: Db, message: OutboundMessage) => Promise<void>) & {
  batch?: OutboxBatchHandler;
  batchSize?: number;
};

/**
 * - `loop`: a timer delivers due rows, and a successful write wakes it (the server process);
 * - `after-commit`: no timer; each successful write request delivers what is due before it answers, so tests see
 *   the result of a decision at once (the default of buildApp);
 * - `manual`: only `dispatchOnce()`/`drain()` deliver.
 */
export type DispatchMode = 'loop' | 'after-commit' | 'manual';

export type DispatcherOptions = {
  db: Db;
  dbKind: DbKind;
  clock: () => Date;
  provider: MessageProvider;
  handlers?: Record<string, OutboxHandler>;
  /** Opens the sealed secrets of messages at delivery (sealing.ts); without it such a message fails. */
  serverKey?: ServerKey;
  /** `PUBLIC_URL`: every link a message carries is made absolute from it (message-text.ts). */
  publicUrl?: string;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  batchSize?: number;
  /** Attempts before a message is DEAD. */
  maxAttempts?: number;
  /** The first retry waits this long; each further one twice as long, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row is left alone before it counts as abandoned (a crash mid-delivery). */
  leaseMs?: number;
  intervalMs?: number;
};

/** The key of the session-level advisory lock that elects the one dispatching process on PostgreSQL. */
export const DISPATCHER_LOCK_KEY = 7_240_001;

export type DispatchResult = { claimed: number; sent: number; failed: number; dead: number };

/** The rows a batch topic claims at once, unless its handler says otherwise. */
export const DEFAULT_TOPIC_BATCH = 250;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: base · 2^(attempts−1), capped. */
export const backoffMs = (attempts: number, baseDelayMs: number, maxDelayMs: number) =>
  Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));

const poolOf = (db: Db): pg.Pool | undefined =>
  '$client' in db && db.$client instanceof pg.Pool ? db.$client : undefined;

const quietLog = { warn: () => {}, error: () => {} };

/** The payload as it leaves: the sealed secret opened, the placeholders filled, the link absolute. */
const payloadOpener =
  (serverKey: ServerKey | undefined, publicUrl: string) =>
  (row: OutboxRow): Record<string, unknown> => {
    // Safe: enqueue writes every payload as an object (its `payload` parameter is one).
    const payload = row.payload as Record<string, unknown>;
    if (payload.secret === undefined) return renderPayload(payload, publicUrl, {});
    const sealed = payload[SEALED];
    if (typeof sealed !== 'string') throw new Error('The message has no sealed part left to deliver');
    if (!serverKey) throw new Error('This process has no server key to open the sealed part');
    return renderPayload(payload, publicUrl, openSeal(serverKey, row.topic, sealed));
  };

/** The retry (or DEAD) mark of a row whose delivery failed with `text`. */
const retryMark =
  (clock: () => Date, maxAttempts: number, baseDelayMs: number, maxDelayMs: number) =>
  (row: OutboxRow, text: string) => {
    const dead = row.attempts >= maxAttempts;
    const next = dead ? null : new Date(clock().getTime() + backoffMs(row.attempts, baseDelayMs, maxDelayMs));
    return { id: row.id, error: text, nextAttemptAt: next, dead };
  };

type BatchContext = {
  db: Db;
  clock: () => Date;
  log: NonNullable<DispatcherOptions['log']>;
  outgoing: (row: OutboxRow) => Record<string, unknown>;
  failure: ReturnType<typeof retryMark>;
};

/** A batch topic's rows, delivered together; the marks are two statements in the handler's transaction. */
const deliverBatch = async (
  { db, clock, log, outgoing, failure }: BatchContext,
  topic: string,
  batch: OutboxBatchHandler,
  rows: OutboxRow[],
  result: DispatchResult,
) => {
  const messages: OutboundMessage[] = [];
  const unreadable: ReturnType<typeof failure>[] = [];
  for (const row of rows) {
    try {
      messages.push({ id: row.id, topic: row.topic, payload: outgoing(row), attempt: row.attempts });
    } catch (error) {
      unreadable.push(failure(row, error instanceof Error ? error.message : String(error)));
    }
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  try {
    const marks = await db.transaction(async (tx) => {
      const retry = messages.length > 0 ? await batch(tx, messages) : new Map<number, string>();
      const failed = [...unreadable];
      for (const [id, text] of retry) {
        const row = byId.get(id);
        if (row) failed.push(failure(row, text));
      }
      await markSentMany(
        tx,
        messages.filter((m) => !retry.has(m.id)).map((m) => m.id),
        topic,
        clock(),
      );
      await markFailedMany(tx, failed);
      return failed;
    });
    for (const mark of marks) {
      result[mark.dead ? 'dead' : 'failed']++;
      log.warn({ outboxId: mark.id, topic, dead: mark.dead, reason: mark.error }, 'outbox delivery failed');
    }
    result.sent += rows.length - marks.length;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const marks = rows.map((row) => failure(row, text));
    await markFailedMany(db, marks);
    for (const mark of marks) result[mark.dead ? 'dead' : 'failed']++;
    log.warn({ topic, rows: rows.length, err: error }, 'outbox batch delivery failed');
  }
};

/** Delivery: claims due rows and delivers each (its handler in a transaction, or the provider), then marks it. */
const createDelivery = (options: DispatcherOptions) => {
  const {
    db,
    clock,
    provider,
    handlers = {},
    batchSize = 10,
    maxAttempts = 5,
    baseDelayMs = 30_000,
    maxDelayMs = 60 * 60_000,
    leaseMs = 5 * 60_000,
    serverKey,
    publicUrl = 'http://127.0.0.1:3000',
  } = options;
  const log = options.log ?? quietLog;

  const outgoing = payloadOpener(serverKey, publicUrl);
  const failure = retryMark(clock, maxAttempts, baseDelayMs, maxDelayMs);

  const deliver = async (row: OutboxRow): Promise<'sent' | 'failed' | 'dead'> => {
    try {
      const message: OutboundMessage = {
        id: row.id,
        topic: row.topic,
        payload: outgoing(row),
        attempt: row.attempts,
      };
      const handler = handlers[row.topic];
      if (handler) {
        await db.transaction(async (tx) => {
          await handler(tx, message);
          await markSent(tx, row.id, row.topic, clock());
        });
      } else {
        const receipt = await provider.deliver(message);
        await markSent(db, row.id, receipt.deliveredBy, clock());
      }
      return 'sent';
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const { dead, nextAttemptAt } = failure(row, text);
      await markFailed(db, row, text, nextAttemptAt);
      // The provider's text goes through the error serializer (docs/operations.md#logs), never into the message:
      // a real provider's error may quote the phone number it was sending to.
      log.warn(
        { outboxId: row.id, topic: row.topic, attempts: row.attempts, dead, err: error },
        'outbox delivery failed',
      );
      return dead ? 'dead' : 'failed';
    }
  };

  const batchTopics = Object.entries(handlers).flatMap(([topic, handler]) =>
    handler.batch ? [{ topic, batch: handler.batch, size: handler.batchSize ?? DEFAULT_TOPIC_BATCH }] : [],
  );
  const except = batchTopics.map((b) => b.topic);
  const batchContext: BatchContext = { db, clock, log, outgoing, failure };

  /**
   * Claims one batch of due rows and delivers it: each batch topic's rows (up to its size, together), then up to
   * `batchSize` rows of the other topics one by one. `full` when any claim took as many rows as it could.
   */
  const dispatchRound = async (): Promise<DispatchResult & { full: boolean }> => {
    const result: DispatchResult = { claimed: 0, sent: 0, failed: 0, dead: 0 };
    let full = false;
    for (const { topic, batch, size } of batchTopics) {
      const rows = await claimDue(db, clock(), size, leaseMs, { only: [topic] });
      result.claimed += rows.length;
      if (rows.length >= size) full = true;
      if (rows.length > 0) await deliverBatch(batchContext, topic, batch, rows, result);
    }
    const rows = await claimDue(db, clock(), batchSize, leaseMs, { except });
    result.claimed += rows.length;
    if (rows.length >= batchSize) full = true;
    for (const row of rows) result[await deliver(row)]++;
    return { ...result, full };
  };

  const dispatchOnce = async (): Promise<DispatchResult> => {
    const { full: _full, ...result } = await dispatchRound();
    return result;
  };

  /** Batches until nothing is due (at most 20 batches a round, so one round stays short); `full`: more is due. */
  const drainRound = async (): Promise<{ total: DispatchResult; full: boolean }> => {
    const total: DispatchResult = { claimed: 0, sent: 0, failed: 0, dead: 0 };
    for (let round = 0; round < 20; round++) {
      const { full, ...result } = await dispatchRound();
      // Safe: `total` is a DispatchResult; Object.keys only loses the keys' type.
      for (const key of Object.keys(total) as (keyof DispatchResult)[]) total[key] += result[key];
      if (!full) return { total, full: false };
    }
    return { total, full: true };
  };

  const drain = async (): Promise<DispatchResult> => (await drainRound()).total;

  return { dispatchOnce, drain, drainRound };
};

/** The election's lock on a connection of the pool: that connection while it holds the lock, or undefined. */
const tryLead = async (pool: pg.Pool, log: NonNullable<DispatcherOptions['log']>) => {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
      DISPATCHER_LOCK_KEY,
    ]);
    if (rows[0]?.ok) return client;
  } catch (error) {
    log.error({ error }, 'outbox dispatcher: election failed');
  }
  client.release();
  return undefined;
};

/** The outbox's one delivery loop (docs/architecture.md#outbox). */
export const createDispatcher = (options: DispatcherOptions) => {
  const { db, provider, intervalMs = 1_000 } = options;
  const log = options.log ?? quietLog;
  const { dispatchOnce, drain, drainRound } = createDelivery(options);

  // ---- the loop, and its election on PostgreSQL ----------------------------------------------------------------
  let leader: pg.PoolClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let wokenWhileRunning = false;

  /** PGlite is one process: it always leads. On PostgreSQL the process holding the advisory lock leads. */
  const lead = async (): Promise<boolean> => {
    const pool = poolOf(db);
    if (!pool || leader) return true;
    const client = await tryLead(pool, log);
    if (!client) return false;
    leader = client;
    // A dead connection has lost the lock with it: let the next round try again.
    client.on('error', () => {
      if (leader === client) leader = undefined;
    });
    return true;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  const tick = () => {
    timer = undefined;
    if (stopped || running) return;
    running = (async () => {
      let leading = false;
      let full = false;
      try {
        leading = await lead();
        if (leading) full = (await drainRound()).full;
      } catch (error) {
        log.error({ error }, 'outbox dispatcher round failed');
      }
      running = undefined;
      // Woken meanwhile, or the round stopped with rows still due: the next round starts at once.
      const again = wokenWhileRunning || full;
      wokenWhileRunning = false;
      // A process that does not lead asks again now and then, to take over when the leader stops.
      schedule(again ? 0 : leading ? intervalMs : intervalMs * 5);
    })();
  };

  return {
    provider,
    dispatchOnce,
    drain,
    /** Starts the loop (idempotent). */
    start: () => {
      if (started) return;
      started = true;
      schedule(0);
    },
    /** Wakes the loop now (after a commit that enqueued something). */
    wake: () => {
      if (!started || stopped) return;
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
    isLeader: () => leader !== undefined || (started && !poolOf(db)),
    /** Stops the loop, waits for the round in flight, and gives up the election. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      const held = leader;
      leader = undefined;
      if (held) {
        try {
          await held.query('select pg_advisory_unlock($1::bigint)', [DISPATCHER_LOCK_KEY]);
        } catch {
          // The connection is gone, and the lock with it.
        }
        held.release();
      }
    },
  };
};

export type Dispatcher = ReturnType<typeof createDispatcher>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox dispatcher: `drain()` delivers what is due now (tests, and the `manual` mode). */
    outbox: Dispatcher;
  }
}
