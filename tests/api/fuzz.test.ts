import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn, randomIp } from '../fixtures/factories.ts';
import { jpegBytes, multipartForm, pdfBytes, pngBytes } from '../fixtures/files.ts';
import { makeActiveGym, makeGym, makeStaff, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';
import { type Injector, injectAs } from '../fixtures/inject.ts';

// A property-based walk of the whole API (docs/rules.md#input): every operation of /web/docs/json, called by an
// owner, a worker, a visitor and the operator, with inputs fast-check builds from the operation's own schemas,
// bent out of shape (wrong types, missing and unknown fields, odd and huge strings, numbers out of range, other
// facilities' ids). Whatever comes in, the API answers:
// - never with a 5xx;
// - a 4xx always in the error envelope (statusCode, code, message, requestId);
// - a refused request changes nothing: a checksum of every table's rows is the same before and after it.
// FUZZ_SEED replays a run (the seed is printed); FUZZ_RUNS sets the calls per operation and caller.

// A fixed seed, so that a run is the same on every machine; FUZZ_SEED explores others.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 9);

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};
type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operationId: string;
  secured: boolean;
  documented: string[];
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: JsonSchema };
};
type Call = {
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        security?: unknown[];
        parameters?: Parameter[];
        responses: Record<string, unknown>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
};

const operationsOf = (document: Document): Operation[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json'];
      const multipart = content['multipart/form-data'];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: op.operationId,
        secured: (op.security ?? []).length > 0,
        documented: Object.keys(op.responses),
        parameters: op.parameters ?? [],
        body: json
          ? { type: 'json' as const, schema: json.schema }
          : multipart
            ? { type: 'multipart' as const, schema: multipart.schema }
            : undefined,
      };
    }),
  );

/** The hostile values: strings no form would send, numbers no column holds, and every other JSON type. */
const hostile = (ids: readonly number[]) => {
  const oddString = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u0001\u0007\u001b[31m\u007f',
      '\r\n\t',
      '\u200b\u202e\ufeff',
      '\ud800',
      '💪🏽‍♀️👨‍👩‍👧',
      '한글 이름',
      "'; drop table member; --",
      '../../../etc/passwd',
      '%00%2e%2e',
      '<script>alert(1)</script>',
      // A template-injection probe, on purpose not a template literal.
      ['$', '{7*7}{{7*7}}'].join(''),
      'null',
      'NaN',
      '-1',
      '1e999',
      '99999999999999999999999',
      '2026-02-30',
      '0000-00-00T00:00:00Z',
    ),
    fc.constantFrom('a'.repeat(10_000), '한'.repeat(10_000), '💪'.repeat(5_000), '\u0000'.repeat(300)),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({
      unit: fc.constantFrom(
        '\u0000',
        '\u0008',
        '\u001f',
        '\u007f',
        '\u0085',
        '\u2028',
        'a',
        '가',
        '😀',
        '\\',
        '"',
      ),
      maxLength: 20,
    }),
  );
  const oddNumber = fc.oneof(
    fc.constantFrom(
      -1,
      0,
      -0,
      0.5,
      -2_147_483_649,
      2_147_483_648,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      -1e308,
      Number.MIN_VALUE,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...ids),
  );
  const wrongType = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    oddString,
    fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 3 })), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), {
      maxKeys: 3,
    }),
  );
  return { oddString, oddNumber, wrongType };
};

/** An arbitrary for a value of this schema: mostly well formed, so that requests reach past validation. */
const arbitraryFor = (
  document: Document,
  ids: readonly number[],
): ((schema: JsonSchema, depth?: number) => fc.Arbitrary<unknown>) => {
  const { oddString, oddNumber, wrongType } = hostile(ids);
  const bent = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: bad, weight: 1 });
  const arbitraryOf = (schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return arbitraryOf(document.components.schemas[name] ?? {}, depth);
    }
    if (schema.const !== undefined) return bent(fc.constant(schema.const), wrongType);
    if (schema.enum) return bent(fc.constantFrom(...schema.enum), fc.oneof(oddString, wrongType));
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map((s) => arbitraryOf(s, depth)));
    if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]!, depth);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const nonNull = types.filter((t) => t !== 'null');
    const withNull = (a: fc.Arbitrary<unknown>) =>
      types.includes('null') ? fc.oneof(a, fc.constant(null)) : a;
    switch (nonNull[0]) {
      case 'string': {
        const max = Math.min(schema.maxLength ?? 30, 30);
        const good =
          schema.format === 'date-time'
            ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
            : schema.format === 'email'
              ? fc.constantFrom('a@example.com', 'x@y.kr')
              : schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')
                ? fc.constantFrom('2026-01-31', '2025-12-01')
                : fc.oneof(
                    fc.string({ minLength: 1, maxLength: max }),
                    fc.constantFrom('헬스장', '010-1234-5678'),
                  );
        return withNull(bent(good, fc.oneof(oddString, wrongType)));
      }
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
        const max = schema.maximum ?? 2_147_483_647;
        const good = fc.oneof(
          fc.constantFrom(...ids),
          fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) }),
        );
        return withNull(bent(good, fc.oneof(oddNumber, wrongType)));
      }
      case 'boolean':
        return withNull(bent(fc.boolean(), wrongType));
      case 'array':
        if (depth > 3) return fc.constant([]);
        return withNull(
          bent(
            fc.array(arbitraryOf(schema.items ?? {}, depth + 1), { maxLength: 4 }),
            fc.oneof(wrongType, oddNumber),
          ),
        );
      case 'object':
        if (depth > 3) return fc.constant({});
        return withNull(bent(objectOf(schema, depth), wrongType));
      default:
        return wrongType;
    }
  };
  const objectOf = (schema: JsonSchema, depth: number) => {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    // Each field: present (maybe bent), or missing; a required one is usually there.
    const fields = Object.entries(properties).map(([key, s]) =>
      fc
        .tuple(fc.nat(9), arbitraryOf(s, depth + 1))
        .map(([roll, value]) => (roll < (required.has(key) ? 9 : 5) ? ([key, value] as const) : undefined)),
    );
    const unknown = fc.option(
      fc.tuple(
        fc.constantFrom(
          'isAdmin',
          'authCode',
          'gymId',
          'id',
          '__proto__',
          'constructor',
          'x'.repeat(300),
          '',
        ),
        wrongType,
      ),
      { freq: 4 },
    );
    return fc.tuple(fc.tuple(...fields), unknown).map(([entries, extra]) => {
      const out: Record<string, unknown> = {};
      for (const entry of entries) if (entry) out[entry[0]] = entry[1];
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
  };
  return arbitraryOf;
};

const RAW = 'raw:';

/** Percent-encodes the UTF-8 bytes (a lone surrogate goes as U+FFFD, as a browser would send it). */
const encodePathSegment = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

const asQueryValue = (value: unknown): string[] =>
  value === undefined
    ? []
    : Array.isArray(value)
      ? value.flatMap(asQueryValue)
      : [typeof value === 'object' ? JSON.stringify(value) : String(value)];

/** A request to the operation: path parameters, query and body from the arbitraries, sometimes a broken body. */
const callsFor = (
  op: Operation,
  arbitraryOf: (schema: JsonSchema) => fc.Arbitrary<unknown>,
  ids: readonly number[],
): fc.Arbitrary<Call> => {
  const { oddString } = hostile(ids);
  const pathParam = fc.oneof(
    { arbitrary: fc.constantFrom(...ids).map(String), weight: 6 },
    {
      arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '2147483648', '99999999999999999999', '1e3', ' 1'),
      weight: 2,
    },
    { arbitrary: oddString.filter((s) => s.length > 0 && s.length < 3000), weight: 1 },
    // Sent as is: broken percent-encoding the router itself refuses.
    {
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%FF').map((raw) => `${RAW}${raw}`),
      weight: 1,
    },
  );
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map(() => pathParam)).map((values) =>
    pathParams.reduce((url, p, i) => {
      const value = values[i]!;
      return url.replace(
        `{${p.name}}`,
        value.startsWith(RAW) ? value.slice(RAW.length) : encodePathSegment(value),
      );
    }, op.path),
  );
  const query = fc
    .tuple(
      ...queryParams.map((p) => fc.option(arbitraryOf(p.schema), { freq: 2 })),
      fc.option(fc.tuple(fc.constantFrom('unknown', '_start', 'gymId', 'a'.repeat(200)), oddString), {
        freq: 5,
      }),
    )
    .map((values) => {
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => {
        for (const v of asQueryValue(values[i] ?? undefined)) search.append(p.name, v);
      });
      const extra = values[queryParams.length] as [string, string] | null;
      if (extra) search.append(extra[0], extra[1]);
      const text = search.toString();
      return text ? `?${text}` : '';
    });
  const body: fc.Arbitrary<Pick<Call, 'payload' | 'headers'>> = !op.body
    ? fc.constant({})
    : op.body.type === 'multipart'
      ? fc
          .tuple(
            fc.constantFrom('file', 'files', 'image', 'x'),
            fc.constantFrom<() => Buffer>(
              pngBytes,
              jpegBytes,
              () => pdfBytes(),
              () => randomBytes(64),
              () => Buffer.from('MZ'),
            ),
            fc.constantFrom('a.png', 'a.pdf', '../../x.exe', '', '\u0000.png', `${'n'.repeat(300)}.png`),
          )
          .map(([field, bytes, name]) => multipartForm([{ field, name, content: bytes() }]))
      : fc.oneof(
          { arbitrary: arbitraryOf(op.body.schema).map((v) => jsonBody(v)), weight: 8 },
          {
            arbitrary: fc
              .constantFrom('{"a":', '[', '"', 'nul', '{"__proto__":{"x":1}}', '\u0000', '')
              .map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
            weight: 1,
          },
          {
            arbitrary: fc
              .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
              .map((type) => ({ payload: 'a=1', headers: { 'content-type': type } })),
            weight: 1,
          },
        );
  return fc.tuple(path, query, body).map(([p, q, b]) => ({ url: `${p}${q}`, ...b }));
};

const jsonBody = (value: unknown) => ({
  payload: JSON.stringify(value) ?? 'null',
  headers: { 'content-type': 'application/json' },
});

/** One checksum per table over every row (as JSON, less the session's touch time), in one statement. */
const checksumOf = async (t: TestApp, tables: readonly string[]) => {
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at')::text, ',' order by (to_jsonb(x) - 'last_seen_at')::text), '')) as sum from "${name}" x`,
  );
  const result = await t.db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(
    (result as unknown as { rows: { t: string; sum: string }[] }).rows.map((r) => [r.t, r.sum]),
  );
};

/**
 * The first transaction id not yet assigned. A request that wrote anything (even a write it then rolled back) was
 * given one, so an unchanged value proves that nothing changed without checksumming every table.
 */
const nextXidOf = async (t: TestApp) =>
  String(
    (
      (await t.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as {
        rows: { x: string }[];
      }
    ).rows[0]!.x,
  );

type Finding = { who: string; operation: string; status: number; call: Call; why: string; body: string };

describe('fuzz: every operation, every caller, hostile input', () => {
  const app = setupTestApp();

  it('never answers 5xx, answers every 4xx in the envelope, and a refused request changes nothing', async () => {
    const t = app();
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} calls per operation and caller`);
    const started = Date.now();

    // The world: facility A (its owner, a worker with some rights, a pending applicant), facility B of
    // another owner (its ids are "other facilities' ids" to A's people), and the operator.
    const a = await makeActiveGym(t, { name: '퍼즈 A' });
    const b = await makeActiveGym(t, { name: '퍼즈 B' });
    const draft = await makeGym(t.app, { owner: a.owner, name: '퍼즈 A 초안' });
    const worker = await makeStaff(t.app, a.owner, a.gym.id, { consultUseYn: true, memberUseYn: true });
    const workerB = await makeStaff(t.app, b.owner, b.gym.id, { consultUseYn: true });
    const stranger = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const callers: Record<string, Injector> = {
      owner: await injectAs(t.app, a.owner),
      worker: await injectAs(t.app, worker),
      visitor: await injectAs(t.app, null),
      operator: await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies: await operatorOf(t) }),
    };
    const ids = [
      ...new Set([
        a.gym.id,
        b.gym.id,
        draft.gym.id,
        a.owner.member.id,
        b.owner.member.id,
        worker.member.id,
        workerB.member.id,
        stranger.member.id,
        worker.gymAuth.id,
        workerB.gymAuth.id,
        worker.link.id,
        workerB.link.id,
        1,
      ]),
    ];

    const docs = await t.app.inject({ method: 'GET', url: '/web/docs/json' });
    expect(docs.statusCode).toBe(200);
    const document = docs.json() as Document;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(60);
    const arbitraryOf = arbitraryFor(document, ids);

    const tables = (
      (await t.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
      )) as unknown as { rows: { tablename: string }[] }
    ).rows
      .map((r) => r.tablename)
      // A failed sign-in is counted on purpose (the throttle of docs/rules.md#session): a refusal that writes.
      .filter((name) => name !== 'login_failure');

    const findings: Finding[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    let before: Record<string, string> | undefined;
    let beforeXid = '';
    let checksums = 0;
    // Reads first, then writes, then deletions: a caller's own facility survives most of the run.
    const order = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;
    const plan = operations.sort((x, y) => order[x.method] - order[y.method]);

    for (const [n, op] of plan.entries()) {
      for (const [who, inject] of Object.entries(callers)) {
        // Signing out would end the run's session; the sign-out itself is covered by tests/api/auth.test.ts.
        if (op.operationId === 'postMemberLogout' && who !== 'visitor') continue;
        const calls = fc.sample(callsFor(op, arbitraryOf, ids), {
          seed: SEED + n * 7 + who.length,
          numRuns: RUNS,
        });
        for (const call of calls) {
          const startXid = await nextXidOf(t);
          if (!before || startXid !== beforeXid) {
            before = await checksumOf(t, tables);
            beforeXid = startXid;
            checksums++;
          }
          let response: LightMyRequestResponse;
          const options: InjectOptions = {
            method: op.method,
            url: call.url,
            payload: call.payload,
            headers: call.headers,
            remoteAddress: randomIp(),
          };
          try {
            response = await inject(options);
          } catch (error) {
            findings.push({
              who,
              operation: op.operationId,
              status: 0,
              call,
              why: `threw: ${error}`,
              body: '',
            });
            continue;
          }
          requests++;
          const status = response.statusCode;
          statuses[status] = (statuses[status] ?? 0) + 1;
          const finding = (why: string) =>
            findings.push({
              who,
              operation: op.operationId,
              status,
              call,
              why,
              body: response.body.slice(0, 300),
            });
          if (status >= 500) finding('5xx');
          if (who === 'visitor' && op.secured && status < 400)
            finding('a visitor passed a secured operation');
          if (who === 'visitor' && !op.secured && status === 401 && !op.documented.includes('401'))
            finding('a public operation asked for a session');
          if (status >= 400 && status < 500) {
            let body: Record<string, unknown> = {};
            try {
              body = response.json();
            } catch {
              finding('4xx body is not JSON');
            }
            if (
              body.statusCode !== status ||
              typeof body.code !== 'string' ||
              typeof body.message !== 'string' ||
              typeof body.requestId !== 'string'
            )
              finding('4xx without the error envelope');
            const afterXid = await nextXidOf(t);
            if (afterXid !== beforeXid) {
              const after = await checksumOf(t, tables);
              checksums++;
              const changed = Object.keys(after).filter((table) => after[table] !== before?.[table]);
              if (changed.length) finding(`refused, yet changed ${changed.join(', ')}`);
              before = after;
              beforeXid = afterXid;
            }
          } else before = undefined;
          // The caller's session may end (a quit, a closed facility): sign in again and go on.
          // The new session is the harness's own write: the next refusal compares against the state after it.
          if (status === 401 && who !== 'visitor' && op.operationId !== 'postMemberLogin') {
            await inject.signIn();
            before = undefined;
          }
        }
      }
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${requests} requests over ${operations.length} operations in ${seconds.toFixed(1)}s; ` +
        `answers by status ${JSON.stringify(statuses)}; ${checksums} full checksums`,
    );
    const report = findings
      .slice(0, 60)
      .map(
        (f) =>
          `${f.who} ${f.operation} → ${f.status} (${f.why}): ${JSON.stringify(f.call.url.slice(0, 200))} ` +
          `${JSON.stringify(String(f.call.payload ?? '').slice(0, 200))} ⇒ ${JSON.stringify(f.body)}`,
      )
      .join('\n');
    expect(findings, `seed ${SEED}: ${findings.length} findings\n${report}`).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  }, 600_000); // 300 s ran out while other suites and browsers shared the two cores
});

// What the fuzz found, pinned down one by one.
describe('fuzz findings', () => {
  const app = setupTestApp();

  const expectEnvelope = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      statusCode: status,
      code: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    });
  };

  it('an unknown field named like an Object property is a field error, not a 500', async () => {
    const t = app();
    const { owner, gym } = await makeActiveGym(t);
    const as = await injectAs(t.app, owner);
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await as.put(`/web/gym/${gym.id}`, `{"name":"x","${key}":1}`, {
        headers: { 'content-type': 'application/json' },
      });
      expectEnvelope(response, 400);
      expect(Object.keys(response.json().errors)).toContain(key);
    }
    // `__proto__` is refused earlier, by the JSON parser's prototype-poisoning guard.
    const poisoned = await as.put(`/web/gym/${gym.id}`, '{"name":"x","__proto__":{"a":1}}', {
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(poisoned, 400);
  });

  it('a path parameter past the router limit, or broken percent-encoding, is a 400 in the envelope', async () => {
    const t = app();
    const visitor = await injectAs(t.app, null);
    expectEnvelope(await visitor.get(`/web/gym/${'1'.repeat(500)}`), 400);
    expectEnvelope(await visitor.get(`/web/gym/${'%00'.repeat(200)}`), 400);
    expectEnvelope(await visitor.get('/web/gym/%E0%A4%A'), 400);
  });

  it('text the database cannot store (a NUL byte) is a 400, not a 500', async () => {
    const t = app();
    const visitor = await injectAs(t.app, null);
    const response = await visitor.get('/web/member/check-userId?userId=a%00b', {
      remoteAddress: randomIp(),
    });
    expectEnvelope(response, 400);
  });

  it("the operator's record for a facility that does not exist is a 404, and nothing is written", async () => {
    const t = app();
    const operator = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies: await operatorOf(t) });
    const response = await operator.post('/web/gym-auth', { gymId: 999_990, name: '없는 시설' });
    expectEnvelope(response, 404);
    const left = await t.db.execute(sql`select count(*)::int as n from gym_auth where gym_id = 999990`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('the OpenAPI security declarations match the server', () => {
  // Every documented operation live: GET /web/metrics is a 404 unless METRICS_TOKEN is set.
  const app = setupTestApp({ config: { metricsToken: 'fuzz-metrics-token-0123456789' } });

  it('a visitor gets 401 from every secured read, and never from a public operation', async () => {
    const t = app();
    const document = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as Document;
    const operations = operationsOf(document);
    const visitor = await injectAs(t.app, null);
    const wrong: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const response = await visitor({ method: op.method, url, remoteAddress: randomIp() });
      // A read names no body, so a well-formed call reaches the session check (a write may be refused by its
      // body's validation first).
      if (op.secured && op.method === 'GET' && op.parameters.every((p) => p.in === 'path' || !p.required))
        if (response.statusCode !== 401)
          wrong.push(`${op.operationId}: ${response.statusCode}, expected 401`);
      if (op.secured && response.statusCode < 400)
        wrong.push(`${op.operationId}: ${response.statusCode} to a visitor`);
      if (!op.secured && response.statusCode === 401) wrong.push(`${op.operationId}: public, yet 401`);
    }
    expect(wrong).toEqual([]);
    expect(operations.filter((op) => !op.secured).map((op) => op.operationId)).toContain('postMemberLogin');
  });
});
