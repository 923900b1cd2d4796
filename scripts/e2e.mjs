// Browser tests: Debian's Chromium driven by Playwright against the real server on a throwaway data folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get install chromium)…");
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
      console.error(
        'Installing chromium failed. Run: sudo apt-get update && sudo apt-get install -y chromium',
      );
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${chromium}.\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point CHROMIUM_PATH at a Chromium binary). Playwright cannot download its own browser here.',
    );
    process.exit(1);
  }
}

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-web.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-e2e-'));
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium } },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
