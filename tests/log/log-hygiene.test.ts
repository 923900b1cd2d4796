import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '#server/http/request-log.ts';
import { DEMO_ACCOUNTS } from '#server/seed/seed.ts';

// docs/operations.md#logs: the log of a full API run (scripts/test.mjs runs the API tests with API_LOG_DIR, then
// this) holds one line per request and no password, phone number, session token or cookie.

const dir = process.env.API_LOG_DIR ? resolve(process.env.API_LOG_DIR) : undefined;
const root = join(import.meta.dirname, '..', '..');

type Line = { file: string; number: number; text: string; json: Record<string, unknown> | undefined };

const readLog = (folder: string): Line[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((file) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .filter((text) => text.length > 0)
        .map((text, index) => {
          let json: Record<string, unknown> | undefined;
          try {
            const parsed: unknown = JSON.parse(text);
            json =
              typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
          } catch {
            json = undefined;
          }
          return { file, number: index + 1, text, json };
        }),
    );

/**
 * The passwords the tests sign in with: the demo accounts', the factories' and operator's (tests/fixtures), and
 * every password literal the API tests write (eight characters or more, letters and digits, so that a word like
 * "short" in a validation test does not count).
 */
const knownPasswords = (): string[] => {
  const found = new Set<string>(DEMO_ACCOUNTS.map((a) => a.password));
  for (const folder of ['tests/fixtures', 'tests/api']) {
    for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith('.ts'))) {
      const source = readFileSync(join(root, folder, name), 'utf8');
      for (const m of source.matchAll(/(?:password|PASSWORD)\w*['"]?\s*[:=]\s*['"]([^'"\s]{8,64})['"]/g)) {
        const value = m[1]!;
        if (/[A-Za-z]/.test(value) && /\d/.test(value)) found.add(value);
      }
    }
  }
  return [...found];
};

/** Ids that look like digits by chance: request ids (UUIDs) and hex digests are taken out before the phone scan. */
const withoutIds = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[0-9a-f]{32,}/gi, '<hex>');

/** A session token (32 random bytes) or a kiosk, booking or entry token (24), in base64url. */
const TOKEN_PATTERN = /(?<![\w-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])(?=[\w-]*\d)(?:[\w-]{43}|[\w-]{32})(?![\w-])/;

/** Keys whose value must never be logged as it is (redaction writes `[redacted]`). */
const SECRET_KEY =
  /^(password\w*|passwordHash|token|sid|cookie|set-cookie|authorization|phone\w*|body|payload)$/i;

const secretKeys = (value: unknown, path: string[] = [], out: string[] = []): string[] => {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) secretKeys(item, [...path, String(i)], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (SECRET_KEY.test(key) && child !== '[redacted]' && child !== null)
        out.push([...path, key].join('.'));
      else secretKeys(child, [...path, key], out);
    }
  }
  return out;
};

/** What is wrong with one log line: each finding names the check and the offending text. */
const findingsOf = (text: string, json: unknown, passwords: readonly string[]): string[] => {
  const out: string[] = [];
  for (const p of passwords) if (text.includes(p)) out.push(`password ${p}`);
  const plain = withoutIds(text);
  for (const m of plain.matchAll(PHONE_PATTERN)) out.push(`phone ${m[0]}`);
  for (const p of DEMO_PHONES) if (text.includes(p)) out.push(`demo phone ${p}`);
  if (/\bsid=|set-cookie|\bBearer [\w-]/i.test(text)) out.push('a cookie or bearer token');
  const token = TOKEN_PATTERN.exec(plain);
  if (token) out.push(`token-shaped ${token[0]}`);
  for (const key of secretKeys(json)) out.push(`field ${key}`);
  return out;
};

const DEMO_PHONES = DEMO_ACCOUNTS.map((a) => a.phone as string);

describe('the log checks', () => {
  const passwords = knownPasswords();
  const check = (line: unknown) => findingsOf(JSON.stringify(line), line, passwords);
  const base = { level: 30, time: 1, pid: 1, hostname: 'h', reqId: '7a98e8b2-45ca-46e9-b592-7cf1a67c2f07' };

  it('know the passwords the tests use', () => {
    expect(passwords).toEqual(expect.arrayContaining(['demo1234', 'secret1234', 'operator123']));
  });

  it('pass a request line', () => {
    const line = { ...base, method: 'GET', route: '/web/member/:id', status: 200, ms: 1.012, memberId: 3 };
    expect(check({ ...line, msg: 'request completed' })).toEqual([]);
  });

  it("catch the test-mode provider's old line, which logged a whole password-reset message", () => {
    const old = {
      ...base,
      outbox: {
        id: 3,
        topic: 'password-reset',
        payload: {
          to: '010-1234-5678',
          memberId: 4,
          code: '123456',
          text: { ko: '인증번호 123456', en: 'Code' },
        },
        attempt: 1,
      },
      msg: 'test mode: not sent',
    };
    expect(check(old)).toEqual(expect.arrayContaining(['phone 010-1234-5678', 'field outbox.payload']));
  });

  it("catch Fastify's default request lines, a failed query's parameters, a cookie and a token", () => {
    expect(check({ ...base, req: { url: '/web/member/check-phone?phone=01055554444' } })).toEqual(
      expect.arrayContaining(['phone 01055554444', 'demo phone 01055554444']),
    );
    expect(
      check({ ...base, err: { message: 'Failed query: insert\nparams: kim,demo1234,01012345678' } }),
    ).toEqual(expect.arrayContaining(['password demo1234', 'phone 01012345678']));
    expect(check({ ...base, req: { headers: { cookie: 'sid=abc' } } })).toEqual(
      expect.arrayContaining(['a cookie or bearer token', 'field req.headers.cookie']),
    );
    expect(check({ ...base, note: 'kiosk kRt3-x_9aB2cD4eF6gH8iJ0kL2mN4oPq' })).toEqual([
      'token-shaped kRt3-x_9aB2cD4eF6gH8iJ0kL2mN4oPq',
    ]);
  });
});

describe.skipIf(!dir)(
  'the log of a full API run (skipped unless API_LOG_DIR names it: scripts/test.mjs runs this after the API tests)',
  () => {
    const folder = dir!;
    const lines = existsSync(folder) ? readLog(folder) : [];
    const where = (line: Line) => `${line.file}:${line.number}: ${line.text.slice(0, 300)}`;
    const report = (findings: string[]) =>
      findings.length > 20 ? [...findings.slice(0, 20), `... and ${findings.length - 20} more`] : findings;

    it('is there, one JSON object a line, with thousands of request lines', () => {
      expect(lines.length, `no log lines under ${folder}`).toBeGreaterThan(0);
      expect(report(lines.filter((l) => !l.json).map(where))).toEqual([]);
      const requests = lines.filter((l) => l.json?.msg === 'request completed');
      expect(requests.length).toBeGreaterThan(5000);
      const malformed = requests.filter(({ json }) => {
        const j = json!;
        return !(
          typeof j.reqId === 'string' &&
          /^[0-9a-f-]{36}$/.test(j.reqId) &&
          typeof j.method === 'string' &&
          typeof j.route === 'string' &&
          (j.route.startsWith('/') || j.route === 'unmatched') &&
          Number.isInteger(j.status) &&
          typeof j.ms === 'number' &&
          j.ms >= 0 &&
          (j.memberId === null || Number.isInteger(j.memberId)) &&
          j.level === 30
        );
      });
      expect(report(malformed.map(where))).toEqual([]);
      // A real run: many routes, signed-in callers, and refusals as well as successes.
      expect(new Set(requests.map((l) => l.json!.route)).size).toBeGreaterThan(50);
      expect(requests.some((l) => typeof l.json!.memberId === 'number')).toBe(true);
      expect(requests.some((l) => (l.json!.status as number) >= 400)).toBe(true);
    });

    it('holds no password, phone number, session token, cookie or secret field', () => {
      const passwords = knownPasswords();
      const findings = lines.flatMap((line) =>
        findingsOf(line.text, line.json, passwords).map((finding) => `${finding} in ${where(line)}`),
      );
      expect(report(findings)).toEqual([]);
    });
  },
);
