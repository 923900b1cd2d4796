import { z } from 'zod';
import { dataOf, isoDateTime } from '../schemas/common.ts';
import { defineRoute } from './define.ts';

// Backups taken by the server (docs/operations.md#backup): the operator console's routes and the control channel
// that `npm run backup` uses while a server holds the embedded database.

/** The steps of a backup, in order. */
export const backupSteps = ['counts', 'database', 'uploads', 'archive', 'prune'] as const;
export type BackupStepName = (typeof backupSteps)[number];

/** Who asked for a backup: the operator console, `npm run backup` through the channel, or BACKUP_CRON. */
export const backupTriggers = ['console', 'cli', 'schedule'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/** One progress event: the step, and within it how far it has come when the step counts (files, tables). */
export const backupProgressSchema = z
  .object({
    step: z.enum(backupSteps),
    done: z.number().int().min(0).optional(),
    total: z.number().int().min(0).optional(),
  })
  .meta({ id: 'BackupProgress' });
export type BackupProgress = z.infer<typeof backupProgressSchema>;

/** A backup file in the backup folder. */
export const backupFileSchema = z
  .object({
    name: z.string().describe('The file name, inside the backup folder'),
    bytes: z.number().int().min(0),
    createdAt: isoDateTime,
  })
  .meta({ id: 'BackupFile' });
export type BackupFileInfo = z.infer<typeof backupFileSchema>;

/** The backup running in this server process now. */
export const backupRunSchema = backupProgressSchema
  .extend({
    startedAt: isoDateTime,
    trigger: z.enum(backupTriggers),
    who: z.string().nullable().describe("The operator's user ID; null for the command line and the schedule"),
  })
  .meta({ id: 'BackupRun' });
export type BackupRun = z.infer<typeof backupRunSchema>;

/** How the last backup of this process ended: its file, or the reason it failed. */
export const backupOutcomeSchema = z
  .object({
    trigger: z.enum(backupTriggers),
    who: z.string().nullable(),
    startedAt: isoDateTime,
    finishedAt: isoDateTime,
    file: backupFileSchema.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'BackupOutcome' });
export type BackupOutcome = z.infer<typeof backupOutcomeSchema>;

/** The runner's state in this process (kept in memory: a restart forgets it, the files stay). */
export const backupStateSchema = z
  .object({ running: backupRunSchema.nullable(), last: backupOutcomeSchema.nullable() })
  .meta({ id: 'BackupState' });
export type BackupState = z.infer<typeof backupStateSchema>;

export const backupOverviewSchema = z
  .object({
    folder: z.string().describe('BACKUP_DIR, as the server resolved it'),
    keep: z.number().int().min(1).describe('BACKUP_KEEP: how many files are kept, the newest'),
    files: z.array(backupFileSchema).describe('Newest first'),
    state: backupStateSchema,
    schedule: z
      .object({
        cron: z.string().nullable().describe('BACKUP_CRON; null: no scheduled backups'),
        timezone: z.literal('Asia/Seoul'),
        nextRun: isoDateTime.nullable(),
      })
      .meta({ id: 'BackupSchedule' }),
  })
  .meta({ id: 'BackupOverview' });
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

/** `GET /web/platform/backups`: the files, the running backup and the schedule (SUPERADMIN). */
export const backupOverviewRoute = defineRoute({
  method: 'GET',
  path: '/platform/backups',
  status: 200,
  response: dataOf(backupOverviewSchema),
});

/** `POST /web/platform/backups`: starts a backup and answers at once (202); the page polls the overview. */
export const backupStartRoute = defineRoute({
  method: 'POST',
  path: '/platform/backups',
  status: 202,
  response: dataOf(backupStateSchema),
});

/**
 * `POST /web/ops/backup` answers `application/x-ndjson`: one progress line per event as it happens, then one
 * line with the result or the error.
 */
export const backupStreamLineSchema = z
  .union([
    backupProgressSchema,
    z.object({
      result: z.object({
        file: z.string().describe('The absolute path'),
        name: z.string(),
        bytes: z.number(),
      }),
    }),
    z.object({ error: z.string() }),
  ])
  .meta({ id: 'BackupStreamLine' });
export type BackupStreamLine = z.infer<typeof backupStreamLineSchema>;

export const BACKUP_STREAM_TYPE = 'application/x-ndjson';

/** 1536 → "1.5 KB": how a backup's size is shown (the log line, the console). */
export const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
};

export const backupPaths = {
  overview: backupOverviewRoute.path,
  channel: '/ops/backup',
} as const;
