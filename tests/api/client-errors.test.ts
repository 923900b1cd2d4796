import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, errorEnvelopeSchema } from '#domain/errors.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

// Every 4xx the server writes is in the error envelope (docs/architecture.md#api-contract), also the ones Node's HTTP
// parser raises before Fastify routes anything. inject() never goes through that parser: these requests are raw
// bytes on a real socket to a listening server.

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

/** Sends the bytes and reads everything until the server closes the connection. */
const raw = (bytes: string) =>
  new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server may close while bytes are still going out; what it answered is already read.
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer')));
    socket.write(bytes);
  });

const envelopeOf = (answer: Awaited<ReturnType<typeof raw>>) => {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = errorEnvelopeSchema.strict().parse(JSON.parse(answer.body));
  expect(body.statusCode).toBe(answer.status);
  expect(errorCodes[body.code]).toBe(answer.status);
  expect(body.requestId).toBe(answer.headers['x-request-id']);
  return body;
};

describe("Node's parser refusals", () => {
  it('answer headers past the limit with 431 in the envelope, in the client’s language', async () => {
    const answer = await raw(
      'GET /web/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ko\r\n' +
        `Cookie: big=${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    const body = envelopeOf(answer);
    expect(body).toMatchObject({ code: 'HEADERS_TOO_LARGE', reason: 'HEADERS_TOO_LARGE' });
    expect(body.message).toBe('요청 헤더가 너무 큽니다.');
    // Nothing of the request comes back.
    expect(answer.body).not.toContain('aaaa');
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['a header name with a space', 'GET /web/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n'],
    ['an unknown method', 'BREW /web/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    [
      'a bad chunk size',
      'POST /web/member/login HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ],
  ])('answer %s with 400 in the envelope', async (_label, bytes) => {
    const answer = await raw(bytes);
    expect(answer.status).toBe(400);
    const body = envelopeOf(answer);
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'badRequest',
      message: 'The request could not be read.',
    });
  });

  it('leave well-formed requests to the app, on the same server', async () => {
    const answer = await raw('GET /web/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});

describe('the static files’ refusals', () => {
  let web: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fitdesk-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>FitDesk shell</title>');
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
    web = await createTestApp({ webRoot: dir });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // They used to fall through to a 500 `INTERNAL`, logged as an unhandled error.
  it.each([
    ['a range past the end', { range: 'bytes=999-' }, 416, 'RANGE_NOT_SATISFIABLE'],
    ['a failed If-Match', { 'if-match': '"nope"' }, 412, 'PRECONDITION_FAILED'],
    [
      'an If-Unmodified-Since in the past',
      { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      412,
      'PRECONDITION_FAILED',
    ],
  ])('answer %s with its 4xx in the envelope, never a 500', async (_label, headers, status, code) => {
    const response = await web.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(response.statusCode).toBe(status);
    const body = errorEnvelopeSchema.strict().parse(response.json());
    expect(body).toMatchObject({ statusCode: status, code, reason: code });
    expect(errorCodes[body.code]).toBe(status);
    const ko = await web.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { ...headers, 'accept-language': 'ko' },
    });
    expect(ko.json().message).not.toBe(body.message);
  });
});
