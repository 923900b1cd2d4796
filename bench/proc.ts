import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

// What the proofs share (docs/operations.md#proofs): the real server in a child process that can be stopped or
// killed, a signed-in HTTP client, a scratch PostgreSQL database, and small figures helpers.

export const root = join(import.meta.dirname, '..');

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<number | null>;
};

// Servers started here do not outlive the script, whichever way it ends.
const running = new Set<ChildProcess>();
let cleanupInstalled = false;
const installCleanup = () => {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  // A script stopped with Ctrl-C still runs the exit handler; under vitest the runner owns the signals.
  if (!process.env.VITEST)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
};

/**
 * Starts `node --import tsx server/main.ts` (no wrapper, so the pid is the server's own and `kill -9` reaches it) on
 * port 0, and resolves once it prints the address it listens on.
 */
export const startServer = async (
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  installCleanup();
  running.add(child);
  child.on('exit', () => running.delete(child));
  // The banner in full, then a bounded tail: a soak runs for half an hour.
  let output = '';
  let listening = false;
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (listening && output.length > 256 * 1024) output = output.slice(-64 * 1024);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    const match = output.match(/running at http:\/\/[^:]+:(\d+)\//);
    if (match) {
      listening = true;
      return {
        child,
        pid: child.pid!,
        baseUrl: `http://127.0.0.1:${match[1]}`,
        output: () => output,
        exited,
      };
    }
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`,
      );
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not listen within ${options.timeoutMs ?? 180_000} ms:\n${output}`);
    }
    await sleep(50);
  }
};

/** `kill -9`: no handler runs, nothing is flushed by the process. */
export const killServer = async (server: ServerProcess) => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
};

/** SIGTERM: the graceful shutdown of server/main.ts (requests in flight finish, the database closes). */
export const stopServer = async (server: ServerProcess) => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident set size of a process, in MiB (Linux `/proc`). */
export const rssMiB = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN);
  return kb / 1024;
};

export type Answer = { status: number; body: unknown; ms: number };

/**
 * A signed-in member over fetch: the session cookie, and the same-origin `Origin` a browser sends on a write
 * (server/http/csrf.ts). Network failures reject (a killed server); HTTP statuses never do.
 */
export class Client {
  sid: string | undefined;
  constructor(
    readonly baseUrl: string,
    sid?: string,
  ) {
    this.sid = sid;
  }

  /** The same session against another process (a session lives in the database, not in the process). */
  on(baseUrl: string) {
    return new Client(baseUrl, this.sid);
  }

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = {};
    if (this.sid) headers.cookie = `sid=${this.sid}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers.origin = this.baseUrl;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (cookie) this.sid = cookie.slice(4, cookie.indexOf(';') < 0 ? undefined : cookie.indexOf(';'));
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON (a CSV export): the text.
    }
    return { status: response.status, body: parsed, ms };
  }

  /** The request, or an error naming the call and its answer when it is not 2xx. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request(method, path, body);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    return (answer.body as { data: T } | null)?.data as T;
  }

  static async signIn(baseUrl: string, userId: string, password: string): Promise<Client> {
    const client = new Client(baseUrl);
    await client.ok('POST', '/web/member/login', { userId, password });
    if (!client.sid) throw new Error(`no session cookie after signing in as ${userId}`);
    return client;
  }
}

/** The demo facility the proofs write to: the demo owner's ACTIVE one, and a pass product on sale there. */
export const demoFacility = async (owner: Client) => {
  const me = await owner.ok<{ id: number }>('GET', '/web/member/validate');
  const gyms = await owner.ok<{ id: number; gymStatus: string }[]>('GET', `/web/member/gym-list/${me.id}`);
  const gym = gyms.find((g) => g.gymStatus === 'ACTIVE');
  if (!gym) throw new Error('the demo owner has no ACTIVE facility: was the demo seeded?');
  const products = await owner.ok<
    { id: number; salePrice: number; saleLabel: string; sessionCount: number | null }[]
  >('GET', `/web/ticket?gymId=${gym.id}&_start=0&_end=50`);
  const onSale = products.filter((p) => p.saleLabel === 'ON_SALE');
  if (onSale.length === 0) throw new Error(`facility ${gym.id} has no pass product on sale`);
  return { ownerId: me.id, gymId: gym.id, products: onSale };
};

/** A phone number no other run uses: `010` and 8 digits. */
export const uniquePhone = (() => {
  let counter = 0;
  const prefix = randomBytes(2).readUInt16BE() % 100;
  return () => `010${String(prefix).padStart(2, '0')}${String(++counter % 1_000_000).padStart(6, '0')}`;
})();

/** A scratch database on a PostgreSQL server, dropped by `drop()`. */
export const scratchDatabase = async (serverUrl: string, prefix: string) => {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
