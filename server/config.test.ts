import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults (README Configuration)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      cookieSecure: 'auto',
      trustProxy: false,
      logLevel: 'info',
      testClock: false,
      session: { idleMs: 2 * 3_600_000, absoluteMs: 12 * 3_600_000 },
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/fitdesk',
      DATABASE_URL: 'postgres://u@db:5432/fitdesk',
      SEED: 'none',
      ADMIN_USER_ID: 'root',
      ADMIN_PASSWORD: 'pw123456',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: 'true',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '8',
      KAKAO_JS_KEY: 'k',
      CHAT_PLUGIN_KEY: 'c',
      LOG_LEVEL: 'debug',
      TEST_CLOCK: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/fitdesk',
      databaseUrl: 'postgres://u@db:5432/fitdesk',
      seed: 'none',
      admin: { userId: 'root', password: 'pw123456' },
      cookieSecure: true,
      trustProxy: true,
      session: { idleMs: 30 * 60_000, absoluteMs: 8 * 3_600_000 },
      kakaoJsKey: 'k',
      chatPluginKey: 'c',
      logLevel: 'debug',
      testClock: true,
    });
  });

  it('reads the backup and metrics settings, with the backups beside the data by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/fd' }).backup).toEqual({
      dir: '/srv/fd/backups',
      keep: 14,
      cron: undefined,
    });
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const config = loadConfig({
      BACKUP_DIR: '/mnt/backups',
      BACKUP_KEEP: '3',
      BACKUP_CRON: '0 3 * * *',
      METRICS_TOKEN: 'a-long-enough-token-123',
    });
    expect(config.backup).toEqual({ dir: '/mnt/backups', keep: 3, cron: '0 3 * * *' });
    expect(config.metricsToken).toBe('a-long-enough-token-123');
  });

  it('refuses the movable test clock in production', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).testClock).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED', 'everything'],
    ['COOKIE_SECURE', 'yes'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_CRON', '0 3 * *  * * * nonsense'],
    ['BACKUP_CRON', '61 * * * *'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has a space in it ok?'],
  ])('stops on %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}=`));
  });

  it("reads PUBLIC_URL, defaulting to the server's own address", () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://gym.example.com' }).publicUrl).toBe('https://gym.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/fitdesk/' }).publicUrl).toBe(
      'https://example.com/fitdesk',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).publicUrl).toBe('http://10.0.0.5:3000');
  });

  it.each([
    'gym.example.com',
    '/pay',
    'ftp://gym.example.com',
    'https://',
    'https://gym.example.com/?a=1',
    'https://gym.example.com/#top',
    'https://user:pw@gym.example.com',
    'https://gym example.com',
  ])('stops on PUBLIC_URL=%s with one line naming it', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      /^Invalid environment variable PUBLIC_URL=.*absolute http/,
    );
  });

  it('reads SECRET_KEY as 32 bytes or more of hex or base64, and never repeats a bad one', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(loadConfig({}).secretKey).toBeUndefined();
    expect(loadConfig({ SECRET_KEY: bytes.toString('hex') }).secretKey).toEqual(bytes);
    expect(loadConfig({ SECRET_KEY: bytes.toString('base64') }).secretKey).toEqual(bytes);
    expect(loadConfig({ SECRET_KEY: bytes.toString('base64url') }).secretKey).toEqual(bytes);
    for (const bad of [Buffer.alloc(31, 7).toString('base64'), 'not a key!', 'ab'.repeat(20)]) {
      expect(() => loadConfig({ SECRET_KEY: bad })).toThrow(
        /^Invalid environment variable SECRET_KEY: must be/,
      );
      expect(() => loadConfig({ SECRET_KEY: bad })).not.toThrow(bad);
    }
  });

  it('wants ADMIN_USER_ID and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_USER_ID: 'root' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
