import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;
// The specs that move time (tests/e2e/clock/) get their own server with a movable clock (TEST_CLOCK).
export const clockURL = `http://127.0.0.1:${port + 1}`;

/** One server under test: its port, its data folder and what differs. */
function server(serverPort: number, dataDir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: 'node --import tsx server/main.ts',
    url: `${url}/web/health`,
    reuseExistingServer: false,
    timeout: 300_000, // the demo seed with six months of money takes minutes on a loaded two-core machine
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A known operator, so tests can approve facilities through the API.
      ADMIN_USER_ID: 'e2eoperator',
      ADMIN_PASSWORD: 'operator1234',
      LOG_LEVEL: 'warn',
      // Seeded accounts join from distinct X-Forwarded-For addresses (tests/e2e/helpers.ts).
      TRUST_PROXY: 'true',
      // Every answer is written by both serializers and compared (server/http/serializer.ts).
      RESPONSE_CHECK: 'true',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // A second run in the same tree (E2E_PORT, E2E_STATE_DIR) needs its own output folder too.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Generous on purpose: a two-core CI machine runs the server, two workers and Chromium at once. A page opened
  // cold there (the session, the facility, its rights, then the page's own chunk and data) was seen to take 15-17 s
  // to show its heading while the machine was loaded, so one expectation may wait 30 s.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      testIgnore: /clock\//,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
    },
    {
      name: 'clock',
      testMatch: /clock\/.*\.spec\.ts/,
      // The specs there move one clock: they take turns.
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: clockURL },
    },
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', { SEED: 'demo' }),
    server(port + 1, `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}/clock-server`, {
      SEED: 'none',
      TEST_CLOCK: 'true',
    }),
  ],
});
