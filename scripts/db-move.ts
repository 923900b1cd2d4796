import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { LogicalRefusal } from '../server/ops/logical.ts';
import { MoveRefusal, moveToPostgres } from '../server/ops/move.ts';

// `npm run db:move -- --to postgres://… [--dry-run]` (docs/operations.md#move): progress on stderr, the
// outcome on stdout, exit 1 with one line on every refusal.

const usage = 'usage: npm run db:move -- --to postgres://user:password@host:5432/database [--dry-run]';

const fail = (message: string): never => {
  console.error(`fitdesk db:move: ${message}`);
  process.exit(1);
};

const parse = () => {
  try {
    return parseArgs({
      options: { to: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    // node:util's messages add advice about positionals after the first sentence.
    return fail(`${(error as Error).message.split('. ')[0]!.replace(/\.$/, '')}; ${usage}`);
  }
};

const main = async () => {
  const args = parse();
  if (!args.to) return fail(`--to is required; ${usage}`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (config.databaseUrl)
    console.error(
      'fitdesk db:move: note: DATABASE_URL is already set; the move reads the embedded database of DATA_DIR all the same',
    );
  try {
    const report = await moveToPostgres({
      to: args.to,
      dryRun: args['dry-run'],
      dataDir: config.dataDir,
      progress: (line) => console.error(`fitdesk db:move: ${line}`),
      print: (line) => console.log(line),
    });
    if (!report.ok) fail('the copy does not match the embedded database (see the table above)');
  } catch (error) {
    if (error instanceof MoveRefusal || error instanceof LogicalRefusal) return fail(error.message);
    return fail(`the move failed: ${(error as Error).message}`);
  }
};

await main();
