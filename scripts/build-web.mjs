// Builds the web app when dist/ is missing or older than its sources, so `npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'index.html');
const sources = ['src', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
};

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (builtAt >= changedAt && process.argv[2] !== '--force') process.exit(0);

console.log('Building the web app (vite build)…');
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (result.status !== 0) process.exit(result.status ?? 1);

// Brotli and gzip beside every text file over 1 KB: the server sends them as they are (preCompressed), so a phone
// downloads about a third of the bytes and no request pays for compression.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const compressAll = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) compressAll(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size > 1024) {
      const content = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
};
compressAll(join(root, 'dist'));
