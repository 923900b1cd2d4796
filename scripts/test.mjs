// `npm test`: typecheck, lint, unit, API (PGlite, then PostgreSQL when TEST_DATABASE_URL is set) and browser
// tests, in that order. Prints one closing line "N passed, N failed" over every test it ran.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

// Output streams live and is kept, so that a failed step's errors can be repeated at the very end, where a
// CI log that shows only its tail will still carry them.
const run = (label, command, args, env = {}) =>
  new Promise((resolve) => {
    console.log(`\n== ${label}`);
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output.push(chunk);
    });
    child.on('close', (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = status === 0;
      console.log(`== ${label}: ${ok ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${seconds}s`);
      if (!ok) failures.push({ label, output: Buffer.concat(output).toString('utf8') });
      resolve(ok);
    });
  });

// The error sections of a failed step: vitest's "Failed Tests" / "Unhandled Errors" blocks, Playwright's
// numbered failures, or else the step's last lines.
const errorExcerpt = (output) => {
  const plain = stripVTControlCharacters(output);
  const start = plain.search(/⎯+ (Failed Tests|Unhandled Errors?|Failed Suites)|^\s+1\) /m);
  const lines = (start >= 0 ? plain.slice(start) : plain).split('\n');
  return (start >= 0 ? lines.slice(0, 120) : lines.slice(-60)).join('\n');
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

const vitest = async (label, project, reportName, env = {}) => {
  const file = join(reports, `${reportName}.json`);
  await run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  countVitest(file);
};

await run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
await run('lint', bin('biome'), ['check', '.']);
// The OpenAPI document, as /web/docs/json serves it, must satisfy redocly's recommended rules (redocly.yaml).
const openapiFile = join(root, '.tmp', 'openapi.json');
if (
  await run('OpenAPI document', process.execPath, [
    '--import',
    'tsx',
    join(root, 'scripts', 'openapi.ts'),
    openapiFile,
  ])
) {
  await run('OpenAPI lint', bin('redocly'), ['lint', openapiFile, '--config', join(root, 'redocly.yaml')], {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
}
await vitest('unit tests', 'unit', 'unit');
// The API runs write the app's log (tests/fixtures/app.ts), which the `log` project then greps for passwords,
// phone numbers and tokens (docs/operations.md#logs).
const apiLog = join(root, '.tmp', 'api-log');
rmSync(apiLog, { recursive: true, force: true });
mkdirSync(apiLog, { recursive: true });
await vitest('API tests on PGlite', 'api', 'api-pglite', { TEST_DB: 'pglite', API_LOG_DIR: apiLog });
if (process.env.TEST_DATABASE_URL) {
  await vitest('API tests on PostgreSQL', 'api', 'api-postgres', {
    TEST_DB: 'postgres',
    API_LOG_DIR: apiLog,
  });
} else {
  console.log(
    '\n== API tests on PostgreSQL: not run (set TEST_DATABASE_URL to a PostgreSQL database; .ci/run does)',
  );
}
await vitest('log hygiene', 'log', 'log', { API_LOG_DIR: apiLog });
const e2eReport = join(reports, 'e2e.json');
await run('browser tests', process.execPath, [join(root, 'scripts', 'e2e.mjs')], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
countPlaywright(e2eReport);

for (const { label, output } of failures) {
  console.log(`\n== what failed in "${label}"\n${errorExcerpt(output)}`);
}
console.log(
  `\n${failures.length ? `Failed steps: ${failures.map((f) => f.label).join(', ')}` : 'All steps passed.'}`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
