import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema/index.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRequestLog, safeError, withLogHygiene } from './request-log.ts';

/** A Fastify app with the app's log settings, writing its lines into an array. */
const logged = async (
  handler: (request: {
    member: MemberRow | null;
    log: { error: (object: object, message: string) => void };
  }) => unknown,
  run: (app: ReturnType<typeof Fastify>) => Promise<unknown>,
) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: withLogHygiene({ level: 'info', stream }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerErrorHandling(app);
  app.decorateRequest('member', null);
  registerRequestLog(app);
  app.get('/web/thing/:id', async (request) => handler(request as unknown as Parameters<typeof handler>[0]));
  await run(app);
  await app.close();
  return lines;
};

/** What node-postgres throws for a unique violation, wrapped as Drizzle wraps it. */
const uniqueViolation = () => {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "member_phone_key"'),
    {
      code: '23505',
      severity: 'ERROR',
      constraint: 'member_phone_key',
      table: 'member',
      detail: 'Key (phone)=(01012345678) already exists.',
      where: 'SQL statement "insert ..." with 010-9876-5432',
    },
  );
  return new DrizzleQueryError(
    'insert into "member" ("user_id", "password_hash", "phone") values ($1, $2, $3)',
    ['kim', 'hash-of-demo1234', '01012345678'],
    cause,
  );
};

describe('the request log', () => {
  it('writes one line per request: reqId, method, route pattern, status, ms and memberId', async () => {
    const lines = await logged(
      (request) => {
        request.member = { id: 42 } as MemberRow;
        return { ok: true };
      },
      (app) =>
        app.inject({
          method: 'GET',
          url: '/web/thing/7?phone=01012345678&token=abc',
          headers: { cookie: 'sid=secret-session', authorization: 'Bearer t0ken' },
        }),
    );
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      route: '/web/thing/:id',
      status: 200,
      memberId: 42,
    });
    expect(line!.reqId).toEqual(expect.any(String));
    expect(line!.ms).toEqual(expect.any(Number));
    expect(String(line!.ms)).toMatch(/^\d+(\.\d{1,3})?$/);
    const text = JSON.stringify(line);
    for (const leak of ['01012345678', 'thing/7', 'phone', 'token', 'secret-session', 't0ken', 'url'])
      expect(text).not.toContain(leak);
  });

  it('says null for a request without a session, and "unmatched" for an unknown path', async () => {
    const lines = await logged(
      () => ({}),
      async (app) => {
        await app.inject({ method: 'GET', url: '/web/thing/1' });
        await app.inject({ method: 'GET', url: '/web/other/01012345678' });
      },
    );
    expect(lines.map((l) => [l.route, l.status, l.memberId])).toEqual([
      ['/web/thing/:id', 200, null],
      ['unmatched', 404, null],
    ]);
    expect(JSON.stringify(lines)).not.toContain('01012345678');
  });

  it("logs a failed query without PostgreSQL's detail, Drizzle's parameters or any phone number", async () => {
    const lines = await logged(
      () => {
        throw uniqueViolation();
      },
      (app) => app.inject({ method: 'GET', url: '/web/thing/1' }),
    );
    // The app's error handler (server/http/errors.ts) logs the 500 with `err`.
    const error = lines.find((l) => l.level === 50)!;
    expect(error).toMatchObject({ msg: 'unhandled error' });
    const text = JSON.stringify(error);
    for (const leak of ['01012345678', '010-9876-5432', 'already exists', 'hash-of-demo1234', 'kim'])
      expect(text).not.toContain(leak);
    expect(error.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23505', constraint: 'member_phone_key', table: 'member' },
    });
    expect((error.err as { message: string }).message).toContain('insert into "member"');
  });

  it('serializes an error logged under `error` (as the outbox dispatcher does) the same way', async () => {
    const lines = await logged(
      (request) => {
        request.log.error({ error: uniqueViolation() }, 'outbox delivery failed');
        return {};
      },
      (app) => app.inject({ method: 'GET', url: '/web/thing/1' }),
    );
    const error = lines.find((l) => l.msg === 'outbox delivery failed')!;
    expect(error.error).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
    expect(JSON.stringify(error)).not.toMatch(/01012345678|already exists|hash-of-demo1234/);
  });
});

describe('safeError', () => {
  it('keeps names, codes and the stack, and drops values', () => {
    const out = safeError(uniqueViolation()) as Record<string, unknown>;
    expect(out.stack).toEqual(expect.stringContaining('at '));
    expect(out.stack).toContain('params: [redacted]');
    expect(out).not.toHaveProperty('params');
    expect(out).not.toHaveProperty('query');
    expect(out.cause).not.toHaveProperty('detail');
    expect(out.cause).not.toHaveProperty('where');
  });

  it('masks a refused input value and any phone number in a message', () => {
    const refused = Object.assign(new Error('invalid input syntax for type integer: "kim-01012345678"'), {
      code: '22P02',
    });
    expect((safeError(refused) as { message: string }).message).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(safeError('call 010-1234-5678 now')).toBe('call [phone] now');
    expect(safeError({ body: { password: 'x' } })).toEqual({ type: 'Object' });
  });
});
