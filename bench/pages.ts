// The desk's pages, loaded in Chromium (issue 27 item 15, "each desk page usable within 1.5 s on the desk PC"):
// `npm run bench:pages`, or `node --import tsx bench/pages.ts`. bench/README.md ("The desk's pages in the browser")
// says what "usable" is. PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
// server (a scratch database is created and dropped). For each database:
//  1. the web app is built when stale (scripts/build-web.mjs) and the real server starts on a throwaway database
//     with SEED=demo, as `npm start` makes a new one; Debian's Chromium (Playwright, 1440×900, ko-KR, Asia/Seoul)
//     signs in once as the front desk (`desk`/`desk1234`) through LOGIN;
//  2. BENCH_ROUNDS (default 10) rounds after BENCH_WARMUP (default 2) not counted; in each, every page of PAGES is
//     measured in each mode of BENCH_MODES (default `menu,cold`), and so is the bare page (bench/pages-baseline.ts):
//       menu: the start page (HOME; the customer list for HOME itself) is loaded fresh in the signed-in tab and left
//             to go quiet, then the router is sent to the page (history.pushState + popstate, what a side-menu
//             <Link> does): the app and its HTTP cache are warm, the page's chunk and data are not;
//       tab:  a new tab of the signed-in browser opens the page's URL: HTTP cache warm, no sessionStorage;
//       cold: a new browser context with the session cookie only (empty HTTP cache, no sessionStorage) opens it;
//     the time is from the navigation's start to the first animation frame at which the page is usable
//     (bench/pages-probe.ts); the Resource Timing entries give the `/web/*` requests started before that, the JS
//     loaded, and the slowest call;
//  3. after the rounds, Playwright's own `goto(url, { waitUntil: 'networkidle' })` once per page (at most 30 s);
//  4. prints a table per mode: p50/p95 per page, p50 over the bare page's p50, requests, JS, slowest call, and
//     the time until the network went quiet (no request in flight for 500 ms, Playwright's "networkidle").
// Exits 1 when a page never becomes usable (BENCH_TIMEOUT_MS, default 15 s), or when any page's p95 is over
// 1.5 s in any mode unless BENCH_NO_FAIL=1. BENCH_PAGES=desk,schedule picks pages (by key), BENCH_DETAIL=1
// prints each page's median load (its /web calls, the JS), BENCH_JSON=file writes every sample, BENCH_KEEP=1 keeps
// the PGlite folder and the PostgreSQL database, BENCH_SKIP_PGLITE=1 runs PostgreSQL alone.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from '@playwright/test';
import { type Probe, probeScript, type ResourceEntry, type UsableSpec } from './pages-probe.ts';
import { percentile, root, scratchDatabase, sleep } from './proc.ts';
import { startServer, stopServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 15_000);
/** How long the bench waits for the network to go quiet after a page is usable before calling it "not quiet". */
const QUIET_CAP_MS = Number(process.env.BENCH_QUIET_CAP_MS ?? 10_000);
/** Playwright's "networkidle": no request in flight for this long. */
const QUIET_MS = 500;
/** The issue's target: usable within 1.5 s (checked on each page's p95, in both modes). */
const TARGET_MS = 1500;
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DESK = { userId: 'desk', password: 'desk1234' };

const MODES = ['menu', 'tab', 'cold'] as const;
type Mode = (typeof MODES)[number];
const modes = MODES.filter((m) => (process.env.BENCH_MODES ?? 'menu,cold').split(',').includes(m));

const loadAverages = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** The demo facility and the customer whose page is measured, found through the API with the desk's session. */
type Demo = { gymId: number; customerId: number; customerName: string };

type PageDef = {
  key: string;
  label: string;
  /** The page's usable state (bench/README.md#pages). */
  spec: (demo: Demo) => UsableSpec;
  /** Where the menu mode starts (default HOME). */
  from?: string;
};

const tableRow = (root: string) => `${root} .ant-table-tbody tr.ant-table-row`;

/**
 * The front desk's pages, each with its "usable": a heading with text and the first data row (or the page's main
 * content) shown, and no loading indicator anywhere (pages-probe.ts BUSY_SELECTOR). Selectors are the pages' own
 * classes, so that the start page (HOME) can never satisfy another page's check.
 */
const PAGES: PageDef[] = [
  {
    key: 'home',
    label: 'HOME `/`',
    from: 'customers',
    // The greeting, today's figure cards (GET /web/home/today) and the facility's name and status.
    spec: () => ({
      path: '/',
      search: '',
      heading: 'h1.fd-home-greeting',
      content: ['.fd-today .fd-today-card', '.fd-home-detail .fd-home-detail-name'],
    }),
  },
  {
    key: 'customers',
    label: 'customer list `/memberManage/list`',
    spec: () => ({
      path: '/memberManage/list',
      search: '',
      heading: '.fd-members-page h1.fd-page-title',
      content: [tableRow('.fd-members-page')],
    }),
  },
  {
    key: 'customer',
    label: 'customer page `/memberManage/list/info?id=`',
    // The name as the heading and the first pass card; the usage table and the memos must have loaded too.
    spec: (demo) => ({
      path: '/memberManage/list/info',
      search: `?id=${demo.customerId}`,
      heading: '.fd-members-page h1.fd-page-title',
      content: ['.fd-members-page .fd-pass-card'],
    }),
  },
  {
    key: 'desk',
    label: 'desk `/pay/payment`',
    // The desk's three cards with the item picker (the catalogue) and the customer picker no longer loading.
    spec: () => ({
      path: '/pay/payment',
      search: '',
      heading: '.fd-desk-page h1.fd-page-title',
      content: ['.fd-desk .fd-desk-add', '.fd-desk .fd-desk-customer', '.fd-desk .fd-desk-pay'],
    }),
  },
  {
    key: 'history',
    label: 'payment history `/pay/history`',
    spec: () => ({
      path: '/pay/history',
      search: '',
      heading: '.fd-ledger-page h1.fd-page-title',
      content: [tableRow('.fd-ledger-page')],
    }),
  },
  {
    key: 'unpaid',
    label: 'unpaid `/sales/unpaid`',
    spec: () => ({
      path: '/sales/unpaid',
      search: '',
      heading: '.fd-ledger-page h1.fd-page-title',
      content: [tableRow('.fd-ledger-page')],
    }),
  },
  {
    key: 'consults',
    label: 'consultations `/memberManage/consult-list`',
    spec: () => ({
      path: '/memberManage/consult-list',
      search: '',
      heading: '.fd-members-page h2.fd-page-title',
      content: [tableRow('.fd-members-page')],
    }),
  },
  {
    key: 'schedule',
    label: 'schedule `/plan/schedule`',
    // The week's calendar with its first lesson block.
    spec: () => ({
      path: '/plan/schedule',
      search: '',
      heading: '.fd-schedule h2.fd-schedule-title',
      content: ['.fd-schedule-calendar .fc-event .fd-lesson-title'],
    }),
  },
  {
    key: 'entries',
    label: 'entry log `/manage/entryList`',
    // The first entry row and the visits-by-hour card's summary.
    spec: () => ({
      path: '/manage/entryList',
      search: '',
      heading: '.fd-entry-page h1.fd-page-title',
      content: [tableRow('.fd-entry-page'), '.fd-entry-page .fd-entry-chart-summary'],
    }),
  },
  {
    key: 'lockers',
    label: 'lockers `/locker`',
    // The first locker tile of the first bank.
    spec: () => ({
      path: '/locker',
      search: '',
      heading: '.fd-locker-page h1.fd-page-title',
      content: ['.fd-locker-page .fd-locker-tile'],
    }),
  },
  {
    key: 'receipts',
    label: 'receipts `/manage/receipt`',
    spec: () => ({
      path: '/manage/receipt',
      search: '',
      heading: '.fd-rx-page h1.fd-page-title',
      content: [tableRow('.fd-rx-page')],
    }),
  },
];
const pages = PAGES.filter(
  (p) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(p.key),
);
const pageByKey = (key: string) => PAGES.find((p) => p.key === key)!;

/** The bare page (bench/pages-baseline.ts): its heading and its one row, for the path it was sent to. */
const bareSpec = (path: string): UsableSpec => ({
  path,
  search: '',
  heading: 'h1.bare-title',
  content: [`tr.bare-row[data-path="${path}"]`],
});

/** One measured load. */
type Sample = {
  ms: number;
  /** `/web/*` requests started before usable */
  requests: number;
  /** JS files and bytes whose request started before usable (after the navigation's start) */
  jsFiles: number;
  jsDecoded: number;
  jsEncoded: number;
  /** the slowest `/web/*` call started before usable: its duration and path */
  slowestMs: number;
  slowest: string;
  /** from the navigation's start until the network was quiet (null: not within QUIET_CAP_MS) */
  quietMs: number | null;
  /** the `/web/*` calls and JS of this load, relative to its start (BENCH_DETAIL) */
  calls: { url: string; start: number; end: number }[];
  js: { url: string; start: number; end: number; decoded: number }[];
  /** /web answers of 400 and above, page errors */
  errors: string[];
};

/** Follows a page's requests: how many are in flight, and when the last one began or ended (this clock). */
const trackNetwork = (page: Page) => {
  const inflight = new Set<Request>();
  let lastChange = performance.now();
  const errors: string[] = [];
  page.on('request', (r) => {
    inflight.add(r);
    lastChange = performance.now();
  });
  const done = (r: Request) => {
    inflight.delete(r);
    lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/web/'))
      errors.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    errors,
    /** When the network went quiet (this clock), or null after `capMs`. */
    quiet: async (capMs: number): Promise<number | null> => {
      const until = performance.now() + capMs;
      while (performance.now() < until) {
        if (inflight.size === 0 && performance.now() - lastChange >= QUIET_MS) return lastChange;
        await sleep(25);
      }
      return null;
    },
  };
};

/** The sample's figures from the probe's entries: what started between the start and usable. */
const isApi = (url: string) => url.startsWith('/web/') || url.startsWith('/bare/row');

const sampleOf = (
  t0: number,
  t1: number,
  entries: ResourceEntry[],
  quietMs: number | null,
  errors: string[],
): Sample => {
  const during = entries.filter((e) => e.start >= t0 && e.start <= t1);
  const calls = during.filter((e) => isApi(e.url));
  const js = during.filter((e) => /\.m?js$/.test(e.url.split('?')[0]!));
  const slowest = calls.reduce<ResourceEntry | null>(
    (worst, e) => (!worst || e.end - e.start > worst.end - worst.start ? e : worst),
    null,
  );
  return {
    ms: t1 - t0,
    requests: calls.length,
    jsFiles: js.length,
    jsDecoded: js.reduce((n, e) => n + e.decoded, 0),
    jsEncoded: js.reduce((n, e) => n + e.encoded, 0),
    slowestMs: slowest ? slowest.end - slowest.start : 0,
    slowest: slowest ? slowest.url.replace(/\?.*/, '') : '–',
    quietMs,
    calls: calls.map((e) => ({ url: e.url, start: e.start - t0, end: e.end - t0 })),
    js: js.map((e) => ({
      url: e.url.replace(/^.*\//, ''),
      start: e.start - t0,
      end: e.end - t0,
      decoded: e.decoded,
    })),
    errors,
  };
};

/** Waits for the armed spec; throws naming what was missing after TIMEOUT_MS. */
const waitUsable = async (page: Page, label: string) => {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __fdBench?: Probe }).__fdBench?.usableAt() != null,
      null,
      { timeout: TIMEOUT_MS, polling: 50 },
    );
  } catch (error) {
    const url = page.url();
    throw new Error(`${label}: not usable within ${TIMEOUT_MS} ms (at ${url}): ${(error as Error).message}`);
  }
  return page.evaluate(() => {
    const probe = (window as unknown as { __fdBench: Probe }).__fdBench;
    return { t0: probe.t0(), t1: probe.usableAt()! };
  });
};

const contextOptions = (baseURL: string): BrowserContextOptions => ({
  baseURL,
  viewport: { width: 1440, height: 900 },
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
});

/** A cold load: a new context with the cookie only, the probe armed at the navigation's start. */
const coldLoad = async (
  browser: Browser,
  options: BrowserContextOptions,
  url: string,
  spec: UsableSpec,
  label: string,
): Promise<Sample> => {
  const context = await browser.newContext(options);
  try {
    await context.addInitScript({ content: probeScript({ spec, t0: 0 }) });
    const page = await context.newPage();
    const network = trackNetwork(page);
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    const { t0, t1 } = await waitUsable(page, label);
    const quiet = await network.quiet(QUIET_CAP_MS);
    // Entries of calls still in flight at usable are written when they end: read them once quiet.
    const entries = await page.evaluate(() =>
      (window as unknown as { __fdBench: Probe }).__fdBench.entries(),
    );
    return sampleOf(t0, t1, entries, quiet === null ? null : quiet - started, network.errors);
  } finally {
    await context.close();
  }
};

/** A new tab of the signed-in browser: its HTTP cache warm, no sessionStorage, the probe armed at its start. */
const tabLoad = async (
  context: BrowserContext,
  url: string,
  spec: UsableSpec,
  label: string,
): Promise<Sample> => {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probeScript({ spec, t0: 0 }) });
    const network = trackNetwork(page);
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    const { t0, t1 } = await waitUsable(page, label);
    const quiet = await network.quiet(QUIET_CAP_MS);
    const entries = await page.evaluate(() =>
      (window as unknown as { __fdBench: Probe }).__fdBench.entries(),
    );
    return sampleOf(t0, t1, entries, quiet === null ? null : quiet - started, network.errors);
  } finally {
    await page.close();
  }
};

/**
 * A client-side navigation: the start page loaded fresh in the signed-in tab and quiet, then the router sent to
 * the page.
 */
const menuLoad = async (
  page: Page,
  network: ReturnType<typeof trackNetwork>,
  from: { url: string; spec: UsableSpec },
  to: { url: string; spec: UsableSpec },
  label: string,
): Promise<Sample> => {
  await page.goto(from.url, { waitUntil: 'commit' });
  await page.evaluate(
    (spec) => (window as unknown as { __fdBench: Probe }).__fdBench.arm(spec, 0),
    from.spec,
  );
  await waitUsable(page, `${label} (its start page ${from.url})`);
  if ((await network.quiet(QUIET_CAP_MS)) === null)
    throw new Error(`${label}: the start page ${from.url} did not go quiet within ${QUIET_CAP_MS} ms`);
  network.errors.length = 0;
  const started = performance.now();
  await page.evaluate(
    ({ spec, url }) => {
      performance.clearResourceTimings();
      (window as unknown as { __fdBench: Probe }).__fdBench.arm(spec, performance.now());
      history.pushState({}, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    },
    { spec: to.spec, url: to.url },
  );
  const { t0, t1 } = await waitUsable(page, label);
  const quiet = await network.quiet(QUIET_CAP_MS);
  const entries = await page.evaluate(() => (window as unknown as { __fdBench: Probe }).__fdBench.entries());
  return sampleOf(t0, t1, entries, quiet === null ? null : quiet - started, [...network.errors]);
};

const urlOf = (spec: UsableSpec) => `${spec.path}${spec.search}`;

/** Signs the desk in through LOGIN once; the context keeps the session cookie. */
const signIn = async (context: BrowserContext) => {
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name=userId]').fill(DESK.userId);
  await page.locator('input[name=password]').fill(DESK.password);
  await page.locator('form[name=login] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  return page;
};

/** The desk's facility and an active customer with passes, through the API on the browser's session. */
const findDemo = async (page: Page): Promise<Demo> => {
  const get = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(path);
    if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  const me = await get<{ id: number }>('/web/member/validate');
  const gyms = await get<{ id: number; gymStatus: string }[]>(`/web/member/gym-list/${me.id}`);
  const gym = gyms.find((g) => g.gymStatus === 'ACTIVE');
  if (!gym) throw new Error('the desk has no ACTIVE facility: was the demo seeded?');
  const customers = await get<{ id: number; name: string }[]>(
    `/web/member/total-list?gymId=${gym.id}&segment=active&days=7&_start=0&_end=20`,
  );
  const customer = customers[0];
  if (!customer) throw new Error(`facility ${gym.id} has no active customer`);
  return { gymId: gym.id, customerId: customer.id, customerName: customer.name };
};

type Figures = {
  n: number;
  p50: number;
  p95: number;
  max: number;
  requests: number;
  jsFiles: number;
  jsDecoded: number;
  jsEncoded: number;
  slowestMs: number;
  slowest: string;
  quietP50: number | null;
  notQuiet: number;
  errors: string[];
};

const median = (values: number[]) => (values.length === 0 ? 0 : percentile(values, 50));
const mostCommon = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '–';
};

const figuresOf = (samples: Sample[]): Figures => {
  const quiet = samples.map((s) => s.quietMs).filter((q): q is number => q !== null);
  return {
    n: samples.length,
    p50: Math.round(
      percentile(
        samples.map((s) => s.ms),
        50,
      ),
    ),
    p95: Math.round(
      percentile(
        samples.map((s) => s.ms),
        95,
      ),
    ),
    max: Math.round(Math.max(...samples.map((s) => s.ms))),
    requests: median(samples.map((s) => s.requests)),
    jsFiles: median(samples.map((s) => s.jsFiles)),
    jsDecoded: median(samples.map((s) => s.jsDecoded)),
    jsEncoded: median(samples.map((s) => s.jsEncoded)),
    slowestMs: Math.round(median(samples.map((s) => s.slowestMs))),
    slowest: mostCommon(samples.map((s) => s.slowest)),
    quietP50: quiet.length === 0 ? null : Math.round(median(quiet)),
    notQuiet: samples.length - quiet.length,
    errors: [...new Set(samples.flatMap((s) => s.errors))],
  };
};

type Outcome = {
  db: 'pglite' | 'postgres';
  demo: Demo;
  seedSeconds: number;
  load: { start: string; end: string };
  started: string;
  ended: string;
  /** mode → page key (and 'bare') → samples */
  samples: Record<Mode, Record<string, Sample[]>>;
  /** Playwright's own check, once per page after the rounds: `page.goto(url, { waitUntil: 'networkidle' })`. */
  networkIdle: Record<string, number | null>;
};

/**
 * What a walk-through does: a full load with `waitUntil: 'networkidle'` (no request for 500 ms), up to 30 s. The
 * time in ms, or null when the network never went quiet.
 */
const networkIdleOf = async (page: Page, url: string): Promise<number | null> => {
  const started = performance.now();
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    return Math.round(performance.now() - started);
  } catch {
    return null;
  }
};

const benchDatabase = async (
  db: Outcome['db'],
  env: Record<string, string>,
  bareUrl: string,
): Promise<Outcome> => {
  const loadStart = loadAverages();
  const started = new Date().toISOString();
  const t = performance.now();
  const { child, baseUrl } = await startServer({ ...env, SEED: 'demo' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const samples = Object.fromEntries(
    modes.map((m) => [m, {} as Record<string, Sample[]>]),
  ) as Outcome['samples'];
  const keep = (mode: Mode, key: string, sample: Sample, counted: boolean) => {
    if (!counted) return;
    samples[mode][key] ??= [];
    samples[mode][key].push(sample);
  };
  try {
    const seedSeconds = Math.round((performance.now() - t) / 1000);
    const options = contextOptions(baseUrl);
    const tab = await browser.newContext(options);
    await tab.addInitScript({ content: probeScript(null) });
    const page = await signIn(tab);
    const demo = await findDemo(page);
    const signedIn = { ...options, storageState: await tab.storageState() };
    const bareOptions = contextOptions(bareUrl);
    const bareTab = await browser.newContext(bareOptions);
    await bareTab.addInitScript({ content: probeScript(null) });
    const barePage = await bareTab.newPage();
    const bareNetwork = trackNetwork(barePage);
    const network = trackNetwork(page);
    console.log(
      `  ${db.padEnd(8)} demo seeded and served in ${seedSeconds} s; facility ${demo.gymId}, customer ${demo.customerId} (${demo.customerName}); load ${loadAverages()}`,
    );
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const counted = round >= WARMUP;
      for (const mode of modes) {
        // The bare page first, then every page, in the same order each round.
        const bareFrom = bareSpec('/bare/start');
        const bareTo = bareSpec('/bare/list');
        keep(
          mode,
          'bare',
          mode === 'cold'
            ? await coldLoad(browser, bareOptions, urlOf(bareTo), bareTo, 'bare page')
            : mode === 'tab'
              ? await tabLoad(bareTab, urlOf(bareTo), bareTo, 'bare page')
              : await menuLoad(
                  barePage,
                  bareNetwork,
                  { url: urlOf(bareFrom), spec: bareFrom },
                  { url: urlOf(bareTo), spec: bareTo },
                  'bare page',
                ),
          counted,
        );
        for (const def of pages) {
          const spec = def.spec(demo);
          const label = `${db} ${mode} ${def.key}`;
          let sample: Sample;
          if (mode === 'cold') sample = await coldLoad(browser, signedIn, urlOf(spec), spec, label);
          else if (mode === 'tab') sample = await tabLoad(tab, urlOf(spec), spec, label);
          else {
            const fromSpec = def.from ? pageByKey(def.from).spec(demo) : pageByKey('home').spec(demo);
            sample = await menuLoad(
              page,
              network,
              { url: urlOf(fromSpec), spec: fromSpec },
              { url: urlOf(spec), spec },
              label,
            );
          }
          keep(mode, def.key, sample, counted);
        }
      }
      console.log(
        `  ${db.padEnd(8)} round ${round + 1 - WARMUP}/${ROUNDS}${counted ? '' : ' (warm-up)'} done; load ${loadAverages()}`,
      );
    }
    const networkIdle: Outcome['networkIdle'] = {};
    for (const def of pages) networkIdle[def.key] = await networkIdleOf(page, urlOf(def.spec(demo)));
    return {
      db,
      demo,
      seedSeconds,
      samples,
      networkIdle,
      load: { start: loadStart, end: loadAverages() },
      started,
      ended: new Date().toISOString(),
    };
  } finally {
    await browser.close();
    await stopServer(child);
  }
};

const MODE_TITLES: Record<Mode, string> = {
  menu: 'menu (a client-side navigation from HOME: the app and its HTTP cache warm)',
  tab: 'tab (a full load in a new tab of the signed-in browser: HTTP cache warm, no sessionStorage)',
  cold: 'cold (a full load in a new browser context: empty HTTP cache, the session cookie only)',
};

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

const report = (o: Outcome): boolean => {
  let over = false;
  console.log(
    `\n${o.db}: Playwright's networkidle after page.goto (no request for 500 ms, at most 30 s): ${pages
      .map(
        (def) =>
          `${def.key} ${o.networkIdle[def.key] === null ? '**not idle in 30 s**' : `${o.networkIdle[def.key]} ms`}`,
      )
      .join(', ')}`,
  );
  console.log(
    `\n${o.db}: ${o.started} – ${o.ended}, load average ${o.load.start} at the start, ${o.load.end} at the end; demo seeded in ${o.seedSeconds} s`,
  );
  for (const mode of modes) {
    const bare = figuresOf(o.samples[mode].bare ?? []);
    console.log(
      `\n${o.db}, ${MODE_TITLES[mode]}: ${bare.n} rounds; bare page p50 ${bare.p50} ms, p95 ${bare.p95} ms`,
    );
    console.log(
      '\n| page | p50 ms | p95 ms | max ms | p50 ÷ bare | /web requests | JS files | JS KB (raw / br) | slowest call ms (which) | quiet ms | ≤ 1.5 s |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|');
    for (const def of pages) {
      const f = figuresOf(o.samples[mode][def.key] ?? []);
      const met = f.p95 <= TARGET_MS;
      if (!met) over = true;
      console.log(
        `| ${def.label} | ${f.p50} | ${f.p95} | ${f.max} | ${(f.p50 / bare.p50).toFixed(1)}× | ${f.requests} | ${f.jsFiles} | ${kb(f.jsDecoded)} / ${kb(f.jsEncoded)} | ${f.slowestMs} (${f.slowest}) | ${f.quietP50 ?? '–'}${f.notQuiet ? ` (${f.notQuiet} not quiet in ${QUIET_CAP_MS / 1000} s)` : ''} | ${met ? 'met' : '**missed**'} |`,
      );
      if (f.errors.length > 0) console.log(`|   errors: ${f.errors.join('; ')} | | | | | | | | | | |`);
    }
    console.log(
      `| bare page (Fastify, one JSON, one row) | ${bare.p50} | ${bare.p95} | ${bare.max} | 1.0× | ${bare.requests} | ${bare.jsFiles} | ${kb(bare.jsDecoded)} / ${kb(bare.jsEncoded)} | ${bare.slowestMs} | ${bare.quietP50 ?? '–'} | |`,
    );
    if (process.env.BENCH_DETAIL)
      for (const def of pages) {
        const list = o.samples[mode][def.key] ?? [];
        const sorted = [...list].sort((a, b) => a.ms - b.ms);
        const m = sorted[Math.floor((sorted.length - 1) / 2)];
        if (!m) continue;
        console.log(`\n  ${o.db} ${mode} ${def.key}: median load ${Math.round(m.ms)} ms`);
        for (const c of m.calls)
          console.log(`    ${c.start.toFixed(0).padStart(5)} → ${c.end.toFixed(0).padStart(5)} ms  ${c.url}`);
        const first = m.js[0];
        const last = m.js.reduce((n, j) => Math.max(n, j.end), 0);
        if (first)
          console.log(
            `    JS: ${m.js.length} files, ${kb(m.js.reduce((n, j) => n + j.decoded, 0))} KB, from ${first.start.toFixed(0)} to ${last.toFixed(0)} ms; largest: ${[
              ...m.js,
            ]
              .sort((a, b) => b.decoded - a.decoded)
              .slice(0, 4)
              .map((j) => `${j.url} ${kb(j.decoded)} KB`)
              .join(', ')}`,
          );
      }
  }
  return over;
};

const build = () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
};

export const runPagesBench = async (): Promise<number> => {
  console.log(
    `FitDesk desk pages in Chromium (issue 27 item 15): ${ROUNDS} rounds after ${WARMUP} of warm-up, modes ${modes.join(', ')}, ${pages.length} pages`,
  );
  console.log(`  started ${new Date().toISOString()}, load average ${loadAverages()}`);
  build();
  // The server reads the built index.html once; a rebuild by another process during the run leaves it naming
  // chunks that are gone. Said at the end.
  const builtAt = statSync(join(root, 'dist', 'index.html')).mtimeMs;
  const bare = await startServer({}, 'bench/pages-baseline.ts');
  const outcomes: Outcome[] = [];
  let failed = false;
  let over = false;
  const run = async (bench: () => Promise<Outcome>) => {
    try {
      const outcome = await bench();
      outcomes.push(outcome);
      if (report(outcome)) over = true;
    } catch (error) {
      console.error(error);
      failed = true;
    }
  };
  try {
    if (!process.env.BENCH_SKIP_PGLITE)
      await run(async () => {
        const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-pages-'));
        try {
          return await benchDatabase('pglite', { DATA_DIR: dir }, bare.baseUrl);
        } finally {
          if (process.env.BENCH_KEEP) console.log(`  kept ${dir}`);
          else rmSync(dir, { recursive: true, force: true });
        }
      });
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (pgUrl)
      await run(async () => {
        const scratch = await scratchDatabase(pgUrl, 'fitdesk_bench_pages');
        const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-pages-files-'));
        try {
          return await benchDatabase(
            'postgres',
            { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
            bare.baseUrl,
          );
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
          if (process.env.BENCH_KEEP) console.log(`  kept database ${scratch.name}`);
          else await scratch.drop();
        }
      });
    else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  } finally {
    await stopServer(bare.child);
  }
  if (statSync(join(root, 'dist', 'index.html')).mtimeMs !== builtAt)
    console.log(
      '\n  WARNING: dist/ was rebuilt during the run (another process ran the build): re-run on one build',
    );
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(outcomes, null, 1));
  const fail = failed || (over && !process.env.BENCH_NO_FAIL);
  console.log(
    `\nended ${new Date().toISOString()}, load average ${loadAverages()}${failed ? '\nFAILED' : over ? `\nsome page's p95 is over ${TARGET_MS} ms${process.env.BENCH_NO_FAIL ? ' (BENCH_NO_FAIL: not failing)' : ''}` : ''}`,
  );
  return fail ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await runPagesBench());

// For an A/B of two builds or a one-off probe (a script that starts its own servers).
export { coldLoad, contextOptions, figuresOf, findDemo, menuLoad, PAGES, signIn, trackNetwork, urlOf };
