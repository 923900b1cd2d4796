// `npm test`: typecheck, lint, unit, API (PGlite, then PostgreSQL when TEST_DATABASE_URL is set) and browser
// tests, in that order. Prints one closing line "N passed, N failed" over every test it ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const run = (label, command, args, env = {}) => {
  console.log(`\n== ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s`);
  if (!ok) failures.push(label);
  return ok;
};

const countVitest = (file) => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
};

const vitest = (label, project, reportName, env = {}) => {
  const file = join(reports, `${reportName}.json`);
  run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  countVitest(file);
};

run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint', bin('biome'), ['check', '.']);
vitest('unit tests', 'unit', 'unit');
vitest('API tests on PGlite', 'api', 'api-pglite', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', 'api', 'api-postgres', { TEST_DB: 'postgres' });
} else {
  console.log(
    '\n== API tests on PostgreSQL: not run (set TEST_DATABASE_URL to a PostgreSQL database; .ci/run does)',
  );
}
const e2eReport = join(reports, 'e2e.json');
run('browser tests', process.execPath, [join(root, 'scripts', 'e2e.mjs')], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
countPlaywright(e2eReport);

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
