// `npm run restore -- FILE [--data-dir DIR] [--to postgres://…]` (docs/operations.md#restore): checks the backup
// whole, then restores it into a new data folder (default DATA_DIR) or an empty PostgreSQL database, migrates it to
// this version's level, and prints the row counts beside the backup's.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { redactUrl } from '#server/ops/backup.ts';
import { describeLevel } from '#server/ops/levels.ts';
import { formatCounts, RestoreRefusedError, restoreBackup } from '#server/ops/restore.ts';

const USAGE = 'usage: npm run restore -- FILE [--data-dir DIR] [--to postgres://user@host/database]';

class UsageError extends Error {}

const run = async () => {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0 ? 'name the backup file to restore' : 'restore one backup file at a time',
    );
  }
  if (values.to !== undefined && !/^postgres(ql)?:\/\//.test(values.to)) {
    throw new UsageError('--to must be a postgres:// or postgresql:// URL');
  }
  const config = loadConfig();
  const dataDir = resolve(values['data-dir'] ?? config.dataDir);
  const file = resolve(positionals[0]!);
  const result = await restoreBackup({
    file,
    dataDir,
    databaseUrl: values.to,
    onProgress: (message) => console.error(`restore: ${message}`),
  });
  console.log(formatCounts(result.counts));
  const differing = result.counts.filter((row) => row.status === 'differs').length;
  if (differing > 0) {
    console.error(
      `restore: warning: ${differing} table${differing === 1 ? '' : 's'} differ from the backup's counts (a migration may have changed rows; check them)`,
    );
  }
  const levels =
    result.from.level === result.to.level
      ? `at ${describeLevel(result.to)}`
      : `migrated from ${describeLevel(result.from)} to ${describeLevel(result.to)}`;
  const uploads = `${result.uploads} upload${result.uploads === 1 ? '' : 's'}`;
  if (result.target.kind === 'postgres') {
    console.log(
      `Restored ${file} into ${result.target.url} (${levels}, ${uploads} in ${dataDir}/uploads). ` +
        `Start the server with DATABASE_URL=${redactUrl(values.to!)} DATA_DIR=${dataDir}`,
    );
  } else {
    console.log(
      `Restored ${file} into ${dataDir} (${levels}, ${uploads}). Start the server with DATA_DIR=${dataDir}`,
    );
  }
};

try {
  await run();
  process.exit(0);
} catch (error) {
  const parse = (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true;
  const known =
    parse ||
    error instanceof UsageError ||
    error instanceof RestoreRefusedError ||
    error instanceof ConfigError;
  console.error(
    `fitdesk restore: ${known ? (error as Error).message : `failed: ${(error as Error).message}`}`,
  );
  if (parse || error instanceof UsageError) console.error(USAGE);
  process.exit(1);
}
