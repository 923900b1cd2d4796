// `npm run backup` (docs/operations.md#backup): one backup file of the configured database and the uploads, into
// BACKUP_DIR, keeping the newest BACKUP_KEEP. An embedded database held by a running server is backed up by that
// server, asked over its control channel ($DATA_DIR/server.json); a free folder is opened, backed up and closed.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import {
  type Database,
  DatabaseLockedError,
  lockHolder,
  openPglite,
  openPostgres,
} from '#server/db/client.ts';
import { type BackupProgressEvent, type BackupStep, createBackup, redactUrl } from '#server/ops/backup.ts';
import { type ControlFile, readControlFile } from '#server/ops/control-file.ts';

const USAGE = 'usage: npm run backup   (settings: DATA_DIR, DATABASE_URL, BACKUP_DIR, BACKUP_KEEP)';

class Refusal extends Error {}

const LABELS: Record<BackupStep, string> = {
  counts: 'counting the rows',
  database: 'copying the database',
  uploads: 'packing the uploads',
  archive: 'writing the backup file',
  prune: 'removing old backups',
};

/** Progress on stderr: a line per step; on a terminal, the step's percentage updates in place. */
const createReporter = () => {
  const tty = process.stderr.isTTY === true;
  let step: BackupStep | undefined;
  let shown = -1;
  const report = (event: BackupProgressEvent) => {
    if (event.step !== step) {
      if (tty && step) process.stderr.write('\n');
      step = event.step;
      shown = -1;
      process.stderr.write(`backup: ${LABELS[step]}${tty ? '' : '\n'}`);
    }
    if (!tty || !event.total) return;
    const percent = Math.floor((100 * (event.done ?? 0)) / event.total);
    if (percent === shown) return;
    shown = percent;
    process.stderr.write(`\rbackup: ${LABELS[step]} ${percent}%`);
  };
  const end = () => {
    if (tty && step) process.stderr.write('\n');
    step = undefined;
  };
  return { report, end };
};

const formatSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

type Written = { file: string; bytes: number };

/** Asks the server that holds the folder to take the backup (POST /web/ops/backup, newline-delimited JSON back). */
const askServer = (control: ControlFile, report: (event: BackupProgressEvent) => void): Promise<Written> =>
  new Promise((resolve, reject) => {
    const who = `the running server (pid ${control.pid})`;
    // node:http rather than fetch: a large dump can run for minutes between two progress lines, past fetch's timeouts.
    const req = request(
      `${control.url}/web/ops/backup`,
      { method: 'POST', headers: { authorization: `Bearer ${control.token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            let message = body.trim().slice(0, 300);
            try {
              message = (JSON.parse(body) as { message?: string }).message ?? message;
            } catch {}
            if (res.statusCode === 409)
              reject(new Refusal(`${who} is already taking a backup; try again when it is done`));
            else if (res.statusCode === 401)
              reject(
                new Refusal(`${who} refused the token in ${join('$DATA_DIR', 'server.json')}: ${message}`),
              );
            else reject(new Refusal(`${who} answered ${res.statusCode}: ${message}`));
          });
          return;
        }
        let outcome: Written | Error | undefined;
        const lines = createInterface({ input: res, crlfDelay: Number.POSITIVE_INFINITY });
        lines.on('line', (line) => {
          if (!line.trim()) return;
          let message: {
            step?: BackupStep;
            done?: number;
            total?: number;
            result?: Written;
            error?: string;
          };
          try {
            message = JSON.parse(line);
          } catch {
            return;
          }
          if (message.step) report({ step: message.step, done: message.done, total: message.total });
          else if (message.result) outcome = message.result;
          else if (message.error) outcome = new Refusal(`${who} could not take the backup: ${message.error}`);
        });
        lines.on('close', () => {
          if (outcome instanceof Error) reject(outcome);
          else if (outcome) resolve(outcome);
          else reject(new Refusal(`${who} stopped answering before the backup was done`));
        });
      },
    );
    req.on('error', (error) =>
      reject(new Refusal(`could not reach ${who} at ${control.url}: ${(error as Error).message}`)),
    );
    req.end();
  });

const backupHere = async (
  database: Database,
  config: Config,
  report: (event: BackupProgressEvent) => void,
): Promise<Written> => {
  try {
    return await createBackup({
      db: database.db,
      dbKind: database.kind,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      backupDir: config.backup.dir,
      keep: config.backup.keep,
      onProgress: report,
    });
  } finally {
    await database.close();
  }
};

const run = async (): Promise<Written> => {
  const { values } = parseArgs({
    options: { help: { type: 'boolean' } },
    allowPositionals: false,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const config = loadConfig();
  const { report, end } = createReporter();
  try {
    if (config.databaseUrl) {
      let database: Database;
      try {
        database = await openPostgres(config.databaseUrl, { max: 2 });
      } catch (error) {
        throw new Refusal(`cannot connect to ${redactUrl(config.databaseUrl)}: ${(error as Error).message}`);
      }
      return await backupHere(database, config, report);
    }
    const holder = lockHolder(config.dataDir)?.pid;
    if (holder !== undefined) {
      const control = await readControlFile(config.dataDir);
      if (control?.pid !== holder) {
        throw new Refusal(
          `the database folder ${config.dataDir} is in use by process ${holder}, which offers no backup channel (no server.json): wait until the server has started, or stop that process`,
        );
      }
      console.error(`backup: asking the running server (pid ${holder}) to take the backup`);
      return await askServer(control, report);
    }
    if (!existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) {
      throw new Refusal(
        `there is no database in ${join(config.dataDir, 'db')}: set DATA_DIR to the data folder`,
      );
    }
    let database: Database;
    try {
      database = await openPglite({ dataDir: config.dataDir });
    } catch (error) {
      if (error instanceof DatabaseLockedError) throw new Refusal(error.message);
      throw error;
    }
    return await backupHere(database, config, report);
  } finally {
    end();
  }
};

try {
  const written = await run();
  console.log(`Backup written: ${written.file} (${formatSize(written.bytes)})`);
  process.exit(0);
} catch (error) {
  const known =
    error instanceof Refusal ||
    error instanceof ConfigError ||
    (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
  console.error(
    `fitdesk backup: ${known ? (error as Error).message : `failed: ${(error as Error).message}`}`,
  );
  if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) console.error(USAGE);
  process.exit(1);
}
