// `node --import tsx bench/web.ts`: what a visitor's phone downloads and how Lighthouse rates the light pages.
// Builds the web app when it is stale, starts the real server on a temporary data folder, then
//   1. loads each public route in Chromium and adds up the JavaScript of its first load (every script fetched until
//      the network is idle, lazy page chunks included), raw and gzipped, and counts the console errors;
//   2. runs Lighthouse (mobile, simulated throttling) on /select and /login LH_RUNS times each (default 3) and
//      reports the medians.
// Exits 1 when a route is over its JS budget, loads the back-office, logs a console error, or a Lighthouse median
// misses its target.
//   LH_RUNS=5 node --import tsx bench/web.ts
//   LH_ROUTES=/login node --import tsx bench/web.ts      # Lighthouse on some of the routes only
//   CHROME_PATH=/path/to/chromium node --import tsx bench/web.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer, stopServer } from './server.ts';

const root = join(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouseRuns = Math.max(1, Number(process.env.LH_RUNS ?? 3));

const ROUTES = ['/select', '/terms', '/privacy', '/login', '/join'] as const;
type Route = (typeof ROUTES)[number];
/** Gzipped first-load JS budgets, KB (/select: issue #4; the sign-in pages: issue #9). */
const JS_BUDGET_KB: Partial<Record<Route, number>> = { '/select': 150, '/login': 300, '/join': 300 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Lighthouse mobile targets per route (/select: issue #4; /login: issue #9). */
const LIGHTHOUSE_TARGETS: Partial<Record<Route, Partial<Record<Category, number>>>> = {
  '/select': { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 },
  '/login': { performance: 85, accessibility: 100, 'best-practices': 95 },
};
const lighthouseRoutes = (Object.keys(LIGHTHOUSE_TARGETS) as Route[]).filter(
  (route) => !process.env.LH_ROUTES || process.env.LH_ROUTES.split(',').includes(route),
);
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const build = () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
};

type FirstLoad = {
  route: string;
  files: number;
  raw: number;
  gzipped: number;
  css: number;
  scripts: string[];
  /** Console errors and uncaught exceptions of the visit (a failed request is one too). */
  errors: string[];
};

/** Every script a fresh visit fetches until the network is idle; the server sends them uncompressed. */
const measureFirstLoad = async (baseUrl: string): Promise<FirstLoad[]> => {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: FirstLoad[] = [];
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Promise<{ url: string; type: string; body: Buffer }>[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Chromium logs a failed request in the console ("Failed to load resource"), outside the console API.
      page.on('response', (response) => {
        if (response.status() >= 400)
          errors.push(`${response.status()} ${new URL(response.url()).pathname} (failed request)`);
      });
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(response.body().then((body) => ({ url: response.url(), type, body })));
      });
      await page.goto(`${baseUrl}${route}?lng=en`, { waitUntil: 'networkidle' });
      // A page may still be rendering when the network first goes quiet, and call out after that (the session
      // check did): give it a moment and wait for quiet again.
      await page.waitForTimeout(2000);
      await page.waitForLoadState('networkidle');
      const responses = await Promise.all(pending);
      const scripts = responses.filter((r) => r.type === 'script');
      results.push({
        route,
        files: scripts.length,
        raw: scripts.reduce((sum, r) => sum + r.body.length, 0),
        gzipped: scripts.reduce((sum, r) => sum + gzipSync(r.body).length, 0),
        css: responses
          .filter((r) => r.type === 'stylesheet')
          .reduce((sum, r) => sum + gzipSync(r.body).length, 0),
        scripts: scripts.map((r) => new URL(r.url).pathname.split('/').pop()!),
        errors,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
};

type LighthouseReport = {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; displayValue?: string }
  >;
};

const runLighthouse = (url: string): LighthouseReport => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-lh-'));
  const output = join(dir, 'report.json');
  try {
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--form-factor=mobile',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: chromePath }, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`lighthouse failed (${result.status}):\n${result.stderr}`);
    return JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const scoreOf = (report: LighthouseReport, category: Category): number =>
  Math.round((report.categories[category].score ?? 0) * 100);

build();
const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-web-'));
const { child, baseUrl } = await startServer({ DATA_DIR: dataDir });
const problems: string[] = [];
try {
  console.log(`FitDesk web benchmark against ${baseUrl}\n`);
  console.log('First load: JavaScript fetched by a fresh visit until the network is idle (gzip -6).\n');
  console.log('| route | JS files | JS raw KB | JS gzip KB | budget KB | CSS gzip KB | console errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const load of await measureFirstLoad(baseUrl)) {
    const budget = JS_BUDGET_KB[load.route as Route];
    const over = budget !== undefined && load.gzipped > budget * 1024;
    if (over)
      problems.push(`${load.route}: ${kb(load.gzipped)} KB of gzipped JS, over the ${budget} KB budget`);
    console.log(
      `| ${load.route} | ${load.files} | ${kb(load.raw)} | ${kb(load.gzipped)}${over ? ' **over**' : ''} | ${budget ?? '–'} | ${kb(load.css)} | ${load.errors.length} |`,
    );
    // The public pages, sign-in included, paint without Refine and antd (docs/architecture.md#web-app).
    if (load.scripts.some((name) => name.startsWith('back-office')))
      problems.push(`${load.route} loads the back-office bundle`);
    for (const error of load.errors) problems.push(`${load.route} logs a console error: ${error}`);
  }

  for (const route of lighthouseRoutes) {
    const targets = LIGHTHOUSE_TARGETS[route]!;
    console.log(
      `\nLighthouse (mobile, simulated throttling) on ${route}, ${lighthouseRuns} run(s), median:\n`,
    );
    const reports: LighthouseReport[] = [];
    for (let run = 1; run <= lighthouseRuns; run++) {
      const report = runLighthouse(`${baseUrl}${route}`);
      reports.push(report);
      const scores = CATEGORIES.map((c) => `${c} ${scoreOf(report, c)}`);
      console.log(`  run ${run}: ${scores.join(', ')}`);
    }
    console.log('\n| category | runs | median | target |');
    console.log('|---|---|---:|---:|');
    for (const category of CATEGORIES) {
      const runs = reports.map((report) => scoreOf(report, category));
      const value = median(runs);
      const target = targets[category];
      const under = target !== undefined && value < target;
      if (under) problems.push(`${route}: Lighthouse ${category} ${value}, under the target of ${target}`);
      console.log(
        `| ${category} | ${runs.join(', ')} | ${value}${under ? ' **under**' : ''} | ${target ?? '–'} |`,
      );
    }
    const metrics = METRICS.map(([id, label]) => {
      const value = median(reports.map((report) => report.audits[id]?.numericValue ?? 0));
      return id === 'cumulative-layout-shift'
        ? `${label} ${value.toFixed(3)}`
        : `${label} ${Math.round(value)} ms`;
    });
    console.log(`\nMedian metrics on ${route}: ${metrics.join(', ')}`);

    // What kept a category under 100 in the last run: the lead for a fix.
    const last = reports.at(-1)!;
    const misses = CATEGORIES.flatMap((category) =>
      last.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => last.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map(
          (audit) => `  ${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        ),
    );
    if (misses.length > 0) console.log(`\nAudits below full marks in the last run:\n${misses.join('\n')}`);
  }
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('\nWithin budget and on target.');
