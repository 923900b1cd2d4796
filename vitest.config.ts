import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'tests/docs/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/unit.ts'],
          // Two cores run the page renders and the property tests at once: 5 s is too tight under that load.
          testTimeout: 15_000,
          // Vitest's default is one worker fewer than the cores: one on two cores, with the other idle. Two workers
          // took the unit run from 220 s to 155 s on the two-core machine (the slowest test 7 s).
          maxWorkers: 2,
          // Without this the tests get a second copy of react-router (docs/architecture.md#tests).
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        test: {
          name: 'api',
          // tests/sim: the month-in-the-life simulation, on the same databases (docs/testing.md#month-in-the-life).
          include: ['tests/api/**/*.test.ts', 'tests/sim/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One PGlite per file; two cores, so two forks keep memory and WASM start-up in check.
          pool: 'forks',
          maxWorkers: 2,
          // Every answer is written by both serializers and compared (server/http/serializer.ts).
          env: { RESPONSE_CHECK: 'true' },
        },
      },
      {
        test: {
          // Reads the log the API run wrote (scripts/test.mjs sets API_LOG_DIR for both): docs/operations.md#logs.
          name: 'log',
          include: ['tests/log/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
    ],
  },
});
