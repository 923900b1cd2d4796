import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, DatabaseLockedError, openPglite, openPostgres } from './db/client.ts';
import { installServerKey, loadServerKey, type ServerKey, ServerKeyError } from './kernel/sealing.ts';
import { createMemberRepository } from './modules/member/member.repository.ts';
import { seedSubServiceCatalogue } from './modules/sub-service/sub-service.ts';
import { newControlToken, removeControlFile, writeControlFile } from './ops/control-file.ts';
import { bootstrapSuperadmin, type Login, seedDemo } from './seed/seed.ts';
import { createDiskStorage } from './storage/disk-storage.ts';
import { createTestClock } from './test-clock.ts';

const fail = (message: string): never => {
  console.error(`fitdesk: ${message}`);
  process.exit(1);
};

/** The configuration, the server key and the database, or the reason the server cannot start. */
const open = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  // The outbox's key (docs/operations.md#server-key): SECRET_KEY, or $DATA_DIR/secret.key made on first use.
  let serverKey: ServerKey;
  try {
    serverKey = loadServerKey(config);
  } catch (error) {
    return fail(
      error instanceof ServerKeyError
        ? error.message
        : `cannot read the server key: ${(error as Error).message}`,
    );
  }

  let database: Database;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) return fail(error.message);
    return fail(`cannot open the database: ${(error as Error).message}`);
  }
  return { config, serverKey, database };
};

/** The schema, the add-on catalogue, the key's public half, the operator and (on a new embedded database) the demo. */
const prepare = async (config: Config, serverKey: ServerKey, database: Database) => {
  await database.migrate();
  await seedSubServiceCatalogue(database.db);
  // Before the seed, whose payment requests are sealed to it.
  if ((await installServerKey(database.db, serverKey)).replaced) {
    console.warn(
      'fitdesk: the server key changed: outbox messages sealed under the previous key cannot be delivered',
    );
  }

  const members = createMemberRepository(database.db);
  const superadmin = await bootstrapSuperadmin(members, config.admin);
  const seed = config.seed ?? (database.kind === 'pglite' && database.created ? 'demo' : 'none');
  // One storage for the demo documents and the app that serves them.
  const storage = createDiskStorage(join(config.dataDir, 'uploads'));
  const demoLogins: Login[] = seed === 'demo' ? await seedDemo(database.db, members, storage) : [];
  return { superadmin, storage, demoLogins };
};

type Started = Awaited<ReturnType<typeof buildApp>>;

/** SIGTERM and SIGINT: the control channel first, then the requests in flight, within 10 s. */
const onSignals = (
  app: Started,
  database: Database,
  config: Config,
  controlFile: () => string | undefined,
) => {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      console.error('fitdesk: shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A keep-alive connection that finishes its answer after close() began stays open until its keep-alive timeout
    // (72 s), past the 10 s above: after 5 s of grace, whatever is still open is closed.
    const drop = setTimeout(() => app.server.closeAllConnections(), 5_000);
    drop.unref();
    // The channel goes first, so that `npm run backup` stops asking a server that is leaving.
    if (controlFile()) {
      app.backups.setControlToken(undefined);
      await removeControlFile(config.dataDir).catch(() => {});
    }
    // Waits for a backup in flight (server/modules/backup/backup.runner.ts), within the 10 s above.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
};

/**
 * The control channel (docs/operations.md#backup): while this server holds the embedded database, `npm run
 * backup` asks it to take the backup, with a token that only this start knows and only the folder's owner reads.
 * Answers the control file written, if any.
 */
const openControlChannel = async (app: Started, config: Config, port: number) => {
  const token = newControlToken();
  app.backups.setControlToken(token);
  const connectHost =
    config.host === '0.0.0.0'
      ? '127.0.0.1'
      : config.host === '::'
        ? '[::1]'
        : config.host.includes(':')
          ? `[${config.host}]`
          : config.host;
  try {
    return await writeControlFile(config.dataDir, {
      pid: process.pid,
      url: `http://${connectHost}:${port}`,
      token,
    });
  } catch (error) {
    app.backups.setControlToken(undefined);
    app.log.warn(
      { error: (error as Error).message },
      'cannot write server.json: `npm run backup` cannot reach this server',
    );
    return undefined;
  }
};

const main = async () => {
  const { config, serverKey, database } = await open();
  const { superadmin, storage, demoLogins } = await prepare(config, serverKey, database);

  // Browser tests only: a clock the tests can move (server/test-clock.ts); the configuration refuses it in production.
  const testClock = config.testClock ? createTestClock() : undefined;
  if (testClock) console.warn("fitdesk: TEST_CLOCK is set: PUT /web/test-clock moves this server's clock");
  const app = await buildApp({
    serverKey,
    testClock,
    db: database.db,
    dbKind: database.kind,
    config,
    storage,
    // One dispatcher loop per process; on PostgreSQL an advisory lock lets one process deliver.
    outbox: { dispatch: 'loop' },
    webRoot: join(import.meta.dirname, '..', 'dist'),
    // JSON lines, one per request; buildApp adds the serializers and redaction (docs/operations.md#logs).
    logger: {
      level: config.logLevel,
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
  });

  let controlFile: string | undefined;
  onSignals(app, database, config, () => controlFile);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  if (database.kind === 'pglite') controlFile = await openControlChannel(app, config, port);
  const lines = [
    '',
    `  FitDesk (핏데스크) is running at http://${shownHost}:${port}/`,
    `  API docs: http://${shownHost}:${port}/web/docs    database: ${database.kind}${database.kind === 'pglite' ? ` (${join(config.dataDir, 'db')})` : ''}`,
  ];
  if (superadmin) {
    lines.push(
      superadmin.password
        ? `  SUPERADMIN created: ${superadmin.userId} / ${superadmin.password}   (shown only this once)`
        : `  SUPERADMIN created: ${superadmin.userId} (password from ADMIN_PASSWORD)`,
    );
  }
  if (demoLogins.length > 0) {
    lines.push('  Demo logins:');
    for (const login of demoLogins)
      lines.push(`    ${login.role.padEnd(30)} ${login.userId} / ${login.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
};

await main();
