import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  type BackupOutcome,
  type BackupProgress,
  type BackupRun,
  type BackupState,
  type BackupTrigger,
  formatBytes,
} from '#domain/api/backup.ts';
import type { Config } from '../../config.ts';
import type { Db, DbKind, Executor } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { audited } from '../../kernel/audit.ts';
import { type BackupResult, createBackup } from '../../ops/backup.ts';
import type { Dispatcher } from '../outbox/dispatcher.ts';
import { createBackupSchedule } from './backup.schedule.ts';

// One backup at a time per server process (docs/operations.md#backup), whoever asks: the operator console, the
// command line through the control channel, or BACKUP_CRON. The run's progress and the last outcome live in
// memory; the files are the record that lasts.

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type BackupRequest = {
  trigger: BackupTrigger;
  /** The operator who asked (the console), for the state and the audit row. */
  actor?: { memberId: number; userId: string };
  requestId?: string;
  /** Called for each progress event as it happens (the channel streams them). */
  onProgress?: (event: BackupProgress) => void;
};

/** The key of the session-level advisory lock that one backup at a time holds on PostgreSQL, across processes. */
export const BACKUP_LOCK_KEY = 7_240_002;

/**
 * On PostgreSQL, the lock that makes "one backup at a time" hold across every process on the database: a pool
 * connection that took it, released when the backup ends. PGlite is one process: the runner's own flag suffices.
 * Undefined when another process holds it.
 */
const takeClusterLock = async (db: Db): Promise<{ release: () => Promise<void> } | undefined> => {
  const pool = '$client' in db && db.$client instanceof pg.Pool ? db.$client : undefined;
  if (!pool) return { release: async () => {} };
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
      BACKUP_LOCK_KEY,
    ]);
    if (!rows[0]?.ok) {
      client.release();
      return undefined;
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return {
    release: async () => {
      try {
        await client.query('select pg_advisory_unlock($1::bigint)', [BACKUP_LOCK_KEY]);
        client.release();
      } catch {
        // The connection is gone, and the lock with it.
        client.release(true);
      }
    },
  };
};

/** How a run ended: its file, or the error's message (without secrets). */
export type BackupEnd = { result: BackupResult; error?: undefined } | { result?: undefined; error: string };

/** A database URL's password never reaches a log line, the console or the channel. */
export const withoutSecrets = (text: string, databaseUrl?: string) => {
  let clean = text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/gi, '$1:***@');
  if (databaseUrl) clean = clean.split(databaseUrl).join('<DATABASE_URL>');
  return clean;
};

/** The audit row of a backup that starts, in the operator's name when the console asked. */
const auditStart = (tx: Executor, request: BackupRequest, folder: string, now: Date) =>
  audited(
    tx,
    { memberId: request.actor?.memberId ?? null, requestId: request.requestId ?? null, now },
    {
      gymId: null,
      action: 'backup.create',
      entity: 'backup',
      entityId: null,
      after: { trigger: request.trigger, folder },
    },
  );

/** How a run ended, as the state shows it: its file, or its error. */
const outcomeOf = (run: BackupRun, end: BackupEnd, finishedAt: Date): BackupOutcome => ({
  trigger: run.trigger,
  who: run.who,
  startedAt: run.startedAt,
  finishedAt: finishedAt.toISOString(),
  file: end.result
    ? { name: end.result.name, bytes: end.result.bytes, createdAt: end.result.createdAt }
    : null,
  error: end.error ?? null,
});

/** One line for the run's end: the file and its size, or the failure. */
const logEnd = (log: Log, run: BackupRun, end: BackupEnd) => {
  if (end.result)
    log.info(
      { backup: { trigger: run.trigger, file: end.result.file, bytes: end.result.bytes } },
      `backup written (${run.trigger}): ${end.result.file} (${formatBytes(end.result.bytes)})`,
    );
  else
    log.error(
      { backup: { trigger: run.trigger, error: end.error } },
      `backup failed (${run.trigger}): ${end.error}`,
    );
};

export const createBackupRunner = (deps: {
  db: Db;
  dbKind: DbKind;
  config: Config;
  clock: () => Date;
  log: Log;
}) => {
  const { db, dbKind, config, clock, log } = deps;
  let running: BackupRun | undefined;
  let last: BackupOutcome | undefined;
  let settled: Promise<unknown> = Promise.resolve();
  let controlToken: string | undefined;

  const state = (): BackupState => ({ running: running ? { ...running } : null, last: last ?? null });

  /** Claims the run (before the first await, so that two calls in this process cannot both pass) and the lock. */
  const claim = async (request: BackupRequest) => {
    if (running) throw conflict('backupRunning');
    const run: BackupRun = {
      step: 'counts',
      startedAt: clock().toISOString(),
      trigger: request.trigger,
      who: request.actor?.userId ?? null,
    };
    running = run;
    try {
      const lock = await takeClusterLock(db);
      if (!lock) throw conflict('backupRunning');
      return { run, lock };
    } catch (error) {
      running = undefined;
      throw error;
    }
  };

  /** The run's progress: the state's step and the caller's listener. */
  const progressOf = (run: BackupRun, request: BackupRequest) => (event: BackupProgress) => {
    if (running === run) {
      // A step without counts clears the previous step's.
      running = { ...run, step: event.step, done: event.done, total: event.total };
    }
    try {
      request.onProgress?.({ step: event.step, done: event.done, total: event.total });
    } catch {
      // A listener that fails (a closed stream) never stops the backup.
    }
  };

  /** The run is over: the last outcome, the state cleared, one log line. */
  const finish = (run: BackupRun, end: BackupEnd): BackupEnd => {
    last = outcomeOf(run, end, clock());
    running = undefined;
    logEnd(log, run, end);
    return end;
  };

  /**
   * Starts a backup, or refuses with 409 `backupRunning` when one runs. The audit row is written before the work
   * begins, so a backup that starts is always recorded (and one whose record fails does not start). Answers once
   * the backup has begun; `ended` resolves when it is over, after the state says so.
   */
  const start = async (
    request: BackupRequest,
  ): Promise<{ state: BackupState; ended: Promise<BackupEnd> }> => {
    const { run, lock } = await claim(request);
    try {
      await db.transaction((tx) => auditStart(tx, request, config.backup.dir, new Date(run.startedAt)));
    } catch (error) {
      running = undefined;
      await lock.release();
      throw error;
    }
    const ended = createBackup({
      db,
      dbKind,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      backupDir: config.backup.dir,
      keep: config.backup.keep,
      clock,
      onProgress: progressOf(run, request),
    })
      .finally(() => lock.release())
      .then(
        (result) => finish(run, { result }),
        (error: unknown) =>
          finish(run, {
            error: withoutSecrets(error instanceof Error ? error.message : String(error), config.databaseUrl),
          }),
      );
    settled = ended;
    return { state: state(), ended };
  };

  return {
    state,
    start,
    isRunning: () => running !== undefined,
    /** Waits for the backup in flight, if any (the app's close). */
    settle: async () => {
      await settled;
    },
    /**
     * The control channel's token (server/main.ts sets it when it writes `server.json`); without one the channel
     * refuses every call.
     */
    setControlToken: (token: string | undefined) => {
      controlToken = token;
    },
    controlToken: () => controlToken,
  };
};

export type BackupRunner = ReturnType<typeof createBackupRunner>;

/**
 * The app's backups: one runner, `app.backups`, and with `scheduled` (the server's `loop` dispatch mode) the
 * BACKUP_CRON job, started when the app is ready and stopped on close. Closing waits for a backup in flight.
 */
export const registerBackups = (
  app: FastifyInstance,
  deps: { db: Db; dbKind: DbKind; config: Config; clock: () => Date; outbox: Dispatcher; scheduled: boolean },
) => {
  const runner = createBackupRunner({ ...deps, log: app.log });
  app.decorate('backups', runner);
  if (deps.scheduled && deps.config.backup.cron) {
    const schedule = createBackupSchedule({
      cron: deps.config.backup.cron,
      runner,
      isLeader: () => deps.outbox.isLeader(),
      log: app.log,
    });
    app.addHook('onReady', async () => schedule.start());
    app.addHook('onClose', async () => schedule.stop());
  }
  app.addHook('onClose', async () => runner.settle());
  return runner;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's backup runner (docs/operations.md#backup). */
    backups: BackupRunner;
  }
}
