import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // A second run in the same tree (E2E_PORT, E2E_STATE_DIR) needs its own output folder too.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Generous on purpose: a two-core CI machine runs the server, two workers and Chromium at once.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/web/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      SEED: 'demo',
      // A known operator, so tests can approve facilities through the API.
      ADMIN_USER_ID: 'e2eoperator',
      ADMIN_PASSWORD: 'operator1234',
      LOG_LEVEL: 'warn',
      // Seeded accounts join from distinct X-Forwarded-For addresses (tests/e2e/helpers.ts).
      TRUST_PROXY: 'true',
    },
  },
});
