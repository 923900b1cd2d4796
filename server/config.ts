import { join, resolve } from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every setting (docs/architecture.md#configuration), parsed once. Empty strings count as unset. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  ADMIN_USER_ID: optionalText,
  ADMIN_PASSWORD: optionalText,
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: bool.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  KAKAO_JS_KEY: optionalText,
  CHAT_PLUGIN_KEY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_CLOCK: bool.default(false),
  NODE_ENV: optionalText,
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1_000).default(14),
  BACKUP_CRON: optionalText,
  OUTBOX_TEST_LOG: optionalText,
  RESPONSE_CHECK: bool.default(false),
  // The outbox's server key and the links' address (docs/operations.md#server-key).
  SECRET_KEY: z
    .string()
    .transform((v, issue) => {
      const parsed = parseSecretKey(v);
      if (typeof parsed !== 'string') return parsed;
      issue.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    })
    .optional(),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(isPublicUrl, 'must be an absolute http:// or https:// URL without a query, fragment or user')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  MESSAGE_WEBHOOK_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
});

/** An absolute http(s) URL with a host, and no user, query or fragment (`https://gym.example.com[/prefix]`). */
function isPublicUrl(value: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The variables whose value a refusal never repeats. */
const SECRET_VARIABLES = new Set(['SECRET_KEY']);

/**
 * Reads a key written as hex (64+ digits) or base64/base64url: at least 32 bytes. Returns the bytes, or why not
 * (the text is never repeated: it is a secret). `SECRET_KEY` and `$DATA_DIR/secret.key` both use it.
 */
export function parseSecretKey(text: string): Buffer | string {
  const value = text.trim();
  let bytes: Buffer;
  if (/^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 && value.length >= 64) {
    bytes = Buffer.from(value, 'hex');
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    bytes = Buffer.from(value, 'base64');
  } else {
    return 'must be hex or base64 (for example: openssl rand -base64 32)';
  }
  if (bytes.length < 32) return `must be at least 32 bytes (this is ${bytes.length})`;
  return bytes;
}

/** `http://HOST:PORT` as a browser on this machine reaches it: the default of PUBLIC_URL. */
const ownUrl = (host: string, port: number) => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seed?: 'demo' | 'none';
  admin?: { userId: string; password: string };
  cookieSecure: 'auto' | boolean;
  trustProxy: boolean;
  session: { idleMs: number; absoluteMs: number };
  kakaoJsKey?: string;
  chatPluginKey?: string;
  logLevel: string;
  /** Browser tests only: a clock that `PUT /web/test-clock` moves (server/test-clock.ts). Refused in production. */
  testClock: boolean;
  /** Tests: every answer is written by both serializers and compared (server/http/serializer.ts). */
  responseCheck: boolean;
  /** Backups (docs/operations.md#backup): where they go, how many are kept, and an optional schedule. */
  backup: { dir: string; keep: number; cron?: string };
  /** `GET /web/metrics` is served only when this is set, and then only to `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * The test-mode message provider appends one JSON line per delivery to this file (`{"id":…,"topic":…,"pid":…}`),
   * so that the several-process proofs can count deliveries across processes. Unset: nothing is written.
   */
  outboxTestLog?: string;
  /**
   * `MESSAGE_WEBHOOK_SECRET`: the key the provider's callbacks (delivery reports, the 080 opt-out) are signed with
   * (server/providers/message/webhook.ts). Unset: the callback routes answer 404.
   */
  messageWebhookSecret?: string;
  /**
   * `SECRET_KEY`'s bytes: the key the outbox seals its secrets to (server/modules/outbox/sealing.ts). Unset: the key
   * is `$DATA_DIR/secret.key`, made on first use.
   */
  secretKey?: Buffer;
  /** Where customers reach the app: every link a message carries starts with it (server/http/public-link.ts). */
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Parses the environment; the first bad variable becomes one clear line. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const shown = SECRET_VARIABLES.has(name) ? '' : `=${JSON.stringify(env[name])}`;
    throw new ConfigError(`Invalid environment variable ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USER_ID === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    const missing = e.ADMIN_USER_ID === undefined ? 'ADMIN_USER_ID' : 'ADMIN_PASSWORD';
    throw new ConfigError(
      `Invalid environment variable ${missing}: set ADMIN_USER_ID and ADMIN_PASSWORD together`,
    );
  }
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment variable TEST_CLOCK: a movable clock is for tests, never production',
    );
  }
  if (e.BACKUP_CRON !== undefined) {
    try {
      // Validated at start-up, so a typo stops the server instead of silently never backing up.
      new Cron(e.BACKUP_CRON, { paused: true, timezone: 'Asia/Seoul' }).stop();
    } catch (error) {
      throw new ConfigError(
        `Invalid environment variable BACKUP_CRON=${JSON.stringify(env.BACKUP_CRON)}: ${(error as Error).message}`,
      );
    }
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED,
    admin:
      e.ADMIN_USER_ID && e.ADMIN_PASSWORD
        ? { userId: e.ADMIN_USER_ID, password: e.ADMIN_PASSWORD }
        : undefined,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    kakaoJsKey: e.KAKAO_JS_KEY,
    chatPluginKey: e.CHAT_PLUGIN_KEY,
    logLevel: e.LOG_LEVEL,
    testClock: e.TEST_CLOCK,
    responseCheck: e.RESPONSE_CHECK,
    backup: {
      dir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
      cron: e.BACKUP_CRON,
    },
    metricsToken: e.METRICS_TOKEN,
    outboxTestLog: e.OUTBOX_TEST_LOG ? resolve(e.OUTBOX_TEST_LOG) : undefined,
    messageWebhookSecret: e.MESSAGE_WEBHOOK_SECRET,
    secretKey: e.SECRET_KEY,
    publicUrl: e.PUBLIC_URL ?? ownUrl(e.HOST, e.PORT),
  };
};
