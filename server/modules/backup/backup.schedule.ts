import { Cron } from 'croner';
import { SEOUL } from '#domain/rules/seoul-time.ts';

// BACKUP_CRON (docs/operations.md#backup, #several-processes): a croner job in every server process, in Asia/Seoul,
// whose tick takes a backup only in the process that leads the outbox dispatcher (the advisory lock on
// PostgreSQL; PGlite always leads), so several processes on one database take one backup per tick.

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
};

/** What a tick needs of the backup runner (backup.runner.ts): whether one runs, and starting one. */
type ScheduledRunner = {
  isRunning: () => boolean;
  start: (request: { trigger: 'schedule' }) => Promise<{ ended: Promise<unknown> }>;
};

/** The next time BACKUP_CRON fires after `from`, or null (no schedule, or one that never fires again). */
export const nextBackupRun = (cron: string | undefined, from: Date): Date | null => {
  if (!cron) return null;
  const job = new Cron(cron, { paused: true, timezone: SEOUL });
  try {
    return job.nextRun(from);
  } finally {
    job.stop();
  }
};

export const createBackupSchedule = (deps: {
  cron: string | undefined;
  runner: ScheduledRunner;
  /** Whether this process leads the outbox dispatcher (`app.outbox.isLeader()`). */
  isLeader: () => boolean;
  log: Log;
}) => {
  const { cron, runner, isLeader, log } = deps;
  let job: Cron | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const tick = async () => {
    if (!isLeader()) {
      log.debug({ backup: { trigger: 'schedule' } }, 'scheduled backup: another process leads; skipped');
      return;
    }
    if (runner.isRunning()) {
      log.warn({ backup: { trigger: 'schedule' } }, 'scheduled backup skipped: a backup is already running');
      return;
    }
    // The runner logs the outcome: one line with the file and its size, or the failure.
    try {
      const { ended } = await runner.start({ trigger: 'schedule' });
      await ended;
    } catch (error) {
      // Refused (a console backup began in between) or its audit row failed: this tick takes none.
      log.warn(
        { backup: { trigger: 'schedule', error: (error as Error).message } },
        'scheduled backup not started',
      );
    }
  };

  return {
    start: () => {
      if (!cron || job) return;
      job = new Cron(
        cron,
        {
          timezone: SEOUL,
          // A tick that comes while the last one still runs is skipped, not queued.
          protect: true,
          unref: true,
        },
        () => {
          inFlight = tick();
          return inFlight;
        },
      );
    },
    /** Stops the job and waits for the backup it started, if one runs. */
    stop: async () => {
      job?.stop();
      job = undefined;
      await inFlight.catch(() => {});
    },
  };
};
