import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * The real server (`server/main.ts`), or another script such as the bare baseline, on port 0, its port read from
 * the start-up banner.
 */
export const startServer = async (
  env: Record<string, string>,
  script = 'server/main.ts',
): Promise<{ child: ChildProcess; baseUrl: string }> => {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/running at http:\/\/[^:]+:(\d+)\//);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
};

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
