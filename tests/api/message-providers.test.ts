import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailProvider, messageIdFor } from '#server/providers/message/email.ts';
import { createTestGroupProvider, type GroupMessage } from '#server/providers/message/group-message.ts';
import { groupMessageProviderFromEnv } from '#server/providers/message/select.ts';
import { createSolapiProvider, normalizeBaseUrl } from '#server/providers/message/solapi.ts';
import {
  parseDeliveryReports,
  parseOptOut,
  signWebhook,
  verifyWebhookSignature,
} from '#server/providers/message/webhook.ts';
import { type SmtpFake, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { type SolapiFake, startSolapiFake } from '#tests/fakes/solapi-fake.ts';

// The message providers behind the group-message port (docs/operations.md#messaging-providers): the test mode, the
// SOLAPI adapter against a local fake of its HTTP API, email against a local SMTP sink, the webhook helpers and the
// choice from the environment. Nothing leaves 127.0.0.1.

const API_KEY = 'NCSFAKEKEY0000001';
const API_SECRET = 'FAKESECRETFAKESECRETFAKESECRET12';
/** The smallest thing that starts like a JPG (FF D8) and ends like one (FF D9). */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

let keySeq = 0;
const key = () => `outbox-${++keySeq}`;

const sms = (over: Partial<GroupMessage> = {}): GroupMessage => ({
  idempotencyKey: key(),
  kind: 'SMS',
  to: '010-2000-0001',
  from: '02-555-0100',
  text: '[핏데스크] 이용권이 3일 남았습니다.',
  ...over,
});

const alimtalk = (templateCode: string, fallback = true): GroupMessage => ({
  idempotencyKey: key(),
  kind: 'ALIMTALK',
  to: '010-2000-0002',
  from: '02-555-0100',
  text: '회원님의 이용권이 2026-03-01에 만료됩니다.',
  kakao: {
    profileKey: 'KA01PF0000FAKE',
    templateCode,
    ...(fallback ? { fallback: { kind: 'LMS', text: '[핏데스크] 이용권이 2026-03-01에 만료됩니다.' } } : {}),
  },
});

describe('the test-mode provider', () => {
  it('records, delivers nothing, and answers SENT with a deterministic id', async () => {
    const provider = createTestGroupProvider();
    expect(provider).toMatchObject({ name: 'test-mode', testMode: true });
    const message = sms({ idempotencyKey: '41' });
    expect(await provider.send(message)).toEqual({ status: 'SENT', providerMessageId: 'test-41' });
    expect(provider.delivered.map((d) => d.message)).toEqual([message]);
  });

  it('sends a key once: the same key again (or at the same time) gets the first outcome', async () => {
    const provider = createTestGroupProvider();
    const message = sms();
    const [a, b] = await Promise.all([provider.send(message), provider.send(message)]);
    const c = await provider.send({ ...message, text: 'changed' });
    expect(a).toEqual(b);
    expect(c).toBe(a);
    expect(provider.delivered).toHaveLength(1);
  });

  it('fails the messages it is told to, and keeps only the latest 100', async () => {
    const provider = createTestGroupProvider({
      failWhen: (m) => (m.to.endsWith('9') ? 'test: number ends in 9' : undefined),
    });
    expect(await provider.send(sms({ to: '010-2000-0009' }))).toEqual({
      status: 'FAILED',
      reason: 'test: number ends in 9',
      retryable: false,
    });
    for (let i = 0; i < 120; i++) await provider.send(sms());
    expect(provider.delivered).toHaveLength(100);
  });

  it('sends a failing 알림톡 as its fallback, and fails when the fallback fails too', async () => {
    const kakaoDown = createTestGroupProvider({
      failWhen: (m) => (m.kind === 'ALIMTALK' ? 'kakao: no KakaoTalk' : undefined),
    });
    const fell = alimtalk('TPL_EXPIRY');
    expect(await kakaoDown.send(fell)).toEqual({
      status: 'SENT',
      providerMessageId: `test-${fell.idempotencyKey}`,
      fellBack: true,
    });
    expect(await kakaoDown.send(alimtalk('TPL_EXPIRY', false))).toMatchObject({
      status: 'FAILED',
      retryable: false,
    });

    const allDown = createTestGroupProvider({ failWhen: (m) => `down: ${m.kind}`, retryable: true });
    expect(await allDown.send(alimtalk('TPL_EXPIRY'))).toEqual({
      status: 'FAILED',
      reason: 'down: ALIMTALK; fallback: down: LMS',
      retryable: true,
    });
  });

  it('reports its sends as delivered, and leaves out the ids it does not know', async () => {
    const provider = createTestGroupProvider({
      clock: () => new Date('2026-03-01T01:00:00Z'),
      failWhen: (m) => (m.kind === 'ALIMTALK' ? 'kakao down' : undefined),
    });
    const sent = await provider.send(sms({ idempotencyKey: 'r1' }));
    await provider.send({ ...alimtalk('T'), idempotencyKey: 'r2' });
    expect(sent.status).toBe('SENT');
    expect(await provider.reports?.(['test-r1', 'test-r2', 'M4Vunknown'])).toEqual([
      { providerMessageId: 'test-r1', status: 'DELIVERED', at: '2026-03-01T01:00:00.000Z' },
      { providerMessageId: 'test-r2', status: 'DELIVERED', at: '2026-03-01T01:00:00.000Z', fellBack: true },
    ]);
  });
});

describe('the SOLAPI adapter, against a local fake of its API', () => {
  let fake: SolapiFake;
  let provider: ReturnType<typeof createSolapiProvider>;

  beforeAll(async () => {
    fake = await startSolapiFake({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      refuse: (m) =>
        m.kakaoOptions?.templateId === 'TPL_UNKNOWN'
          ? { statusCode: '3034', statusMessage: '템플릿 코드가 존재하지 않습니다.' }
          : m.to === '01099990000'
            ? { statusCode: '1030', statusMessage: '잔액이 부족합니다.' }
            : undefined,
    });
    provider = createSolapiProvider({ apiKey: API_KEY, apiSecret: API_SECRET, baseUrl: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const stored = (id: string) => fake.messages.get(id);
  const sentId = (outcome: Awaited<ReturnType<typeof provider.send>>) => {
    if (outcome.status !== 'SENT') throw new Error(`not sent: ${outcome.reason}`);
    return outcome.providerMessageId;
  };

  it('sends an SMS, signed with the HMAC header the fake checks, the outbox id as a custom field', async () => {
    const message = sms();
    const id = sentId(await provider.send(message));
    expect(stored(id)).toMatchObject({
      type: 'SMS',
      to: '01020000001',
      from: '025550100',
      text: message.text,
      customFields: { outboxId: message.idempotencyKey },
    });
    expect(fake.requests).toEqual([{ method: 'POST', path: '/messages/v4/send-many/detail' }]);
  });

  it('sends an LMS with its subject', async () => {
    const id = sentId(
      await provider.send(sms({ kind: 'LMS', subject: '3월 안내', text: '긴 안내문 '.repeat(30) })),
    );
    expect(stored(id)).toMatchObject({ type: 'LMS', subject: '3월 안내' });
  });

  it('uploads an MMS image first, once per image, and sends the file id', async () => {
    const first = sentId(await provider.send(sms({ kind: 'MMS', subject: '이벤트', imageJpeg: JPEG })));
    const second = sentId(await provider.send(sms({ kind: 'MMS', subject: '이벤트', imageJpeg: JPEG })));
    expect(fake.files).toHaveLength(1);
    expect(new Uint8Array(fake.files[0]?.bytes ?? [])).toEqual(JPEG);
    expect(fake.files[0]?.type).toBe('MMS');
    expect(stored(first)?.imageId).toBe(fake.files[0]?.fileId);
    expect(stored(second)?.imageId).toBe(fake.files[0]?.fileId);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/storage/v1/files',
      '/messages/v4/send-many/detail',
      '/messages/v4/send-many/detail',
    ]);
  });

  it('sends a group in one request (sendMany): each outcome by its outbox id, a refused 알림톡 as its fallback, and a key once', async () => {
    const ok = sms();
    const short = sms({ to: '010-9999-0000' });
    const refused = alimtalk('TPL_UNKNOWN');
    const noImage = sms({ kind: 'MMS' });
    const outcomes = await provider.sendMany!([ok, short, refused, noImage]);
    expect(outcomes.map((o) => o.status)).toEqual(['SENT', 'FAILED', 'SENT', 'FAILED']);
    expect(stored(sentId(outcomes[0]!))).toMatchObject({
      to: '01020000001',
      customFields: { outboxId: ok.idempotencyKey },
    });
    expect(outcomes[1]).toMatchObject({ retryable: true, reason: expect.stringContaining('1030') });
    expect(outcomes[2]).toMatchObject({ fellBack: true });
    expect(stored(sentId(outcomes[2]!))).toMatchObject({
      type: 'LMS',
      customFields: { outboxId: refused.idempotencyKey },
    });
    expect(outcomes[3]).toEqual({ status: 'FAILED', reason: 'an MMS needs its image', retryable: false });
    // The group, then the one fallback: two requests for four messages.
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/messages/v4/send-many/detail',
      '/messages/v4/send-many/detail',
    ]);
    // Handed over again (a crash before the outbox's mark): the known keys go nowhere; the retryable one is tried again.
    fake.requests.length = 0;
    const again = await provider.sendMany!([ok, short, refused]);
    expect(again[0]).toEqual(outcomes[0]);
    expect(again[2]).toEqual(outcomes[2]);
    expect(again[1]).toMatchObject({ status: 'FAILED', retryable: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses an MMS without its image before sending anything', async () => {
    expect(await provider.send(sms({ kind: 'MMS' }))).toEqual({
      status: 'FAILED',
      reason: 'an MMS needs its image',
      retryable: false,
    });
    expect(fake.requests).toEqual([]);
  });

  it('sends an 알림톡 with its template, SOLAPI falling back to the given SMS/LMS (disableSms off)', async () => {
    const withFallback = alimtalk('TPL_EXPIRY');
    const id = sentId(await provider.send(withFallback));
    expect(stored(id)).toMatchObject({
      type: 'ATA',
      text: withFallback.text,
      kakaoOptions: { pfId: 'KA01PF0000FAKE', templateId: 'TPL_EXPIRY', disableSms: false },
      replacements: [
        { to: '01020000002', from: '025550100', type: 'LMS', text: withFallback.kakao?.fallback?.text },
      ],
    });
    const bare = sentId(await provider.send(alimtalk('TPL_EXPIRY', false)));
    expect(stored(bare)?.kakaoOptions?.disableSms).toBe(true);
    expect(stored(bare)?.replacements).toBeUndefined();
  });

  it('sends the fallback itself when SOLAPI refuses the 알림톡 at once', async () => {
    const message = alimtalk('TPL_UNKNOWN');
    const outcome = await provider.send(message);
    expect(outcome).toMatchObject({ status: 'SENT', fellBack: true });
    expect(stored(sentId(outcome))).toMatchObject({ type: 'LMS', text: message.kakao?.fallback?.text });
    expect(await provider.send(alimtalk('TPL_UNKNOWN', false))).toEqual({
      status: 'FAILED',
      reason: 'solapi 3034: 템플릿 코드가 존재하지 않습니다.',
      retryable: false,
    });
  });

  it('maps failures to FAILED, retryable or not', async () => {
    fake.failNext({ status: 500, body: { errorCode: 'InternalError', errorMessage: 'boom' } });
    expect(await provider.send(sms())).toEqual({
      status: 'FAILED',
      reason: 'solapi HTTP 500 InternalError: boom',
      retryable: true,
    });
    fake.failNext({ status: 400, body: { errorCode: 'ValidationError', errorMessage: 'bad from' } });
    expect(await provider.send(sms())).toMatchObject({ status: 'FAILED', retryable: false });
    fake.failNext({ status: 429, body: { errorCode: 'TooManyRequests', errorMessage: 'slow down' } });
    expect(await provider.send(sms())).toMatchObject({ status: 'FAILED', retryable: true });
    // 503 is retried by the SDK itself, three times, before it gives up.
    const unavailable = { status: 503, body: { errorCode: 'ServiceUnavailable', errorMessage: 'later' } };
    fake.failNext(unavailable, unavailable, unavailable, unavailable);
    fake.requests.length = 0;
    expect(await provider.send(sms())).toMatchObject({ status: 'FAILED', retryable: true });
    expect(fake.requests).toHaveLength(4);
    // A registration refusal: 1030 (balance short) is worth a retry later.
    expect(await provider.send(sms({ to: '010-9999-0000' }))).toEqual({
      status: 'FAILED',
      reason: 'solapi 1030: 잔액이 부족합니다.',
      retryable: true,
    });
  });

  it('refuses a wrong secret (the fake checks the signature), not retryable', async () => {
    const wrong = createSolapiProvider({ apiKey: API_KEY, apiSecret: 'not-the-secret', baseUrl: fake.url });
    expect(await wrong.send(sms())).toEqual({
      status: 'FAILED',
      reason: 'solapi HTTP 401 SignatureDoesNotMatch: authentication failed',
      retryable: false,
    });
    expect(fake.requests[0]?.authError).toBe('SignatureDoesNotMatch');
  });

  it('answers retryable when SOLAPI cannot be reached', async () => {
    const closed = await startSolapiFake({ apiKey: API_KEY, apiSecret: API_SECRET });
    await closed.close();
    const unreachable = createSolapiProvider({ apiKey: API_KEY, apiSecret: API_SECRET, baseUrl: closed.url });
    expect(await unreachable.send(sms())).toMatchObject({ status: 'FAILED', retryable: true });
  });

  it('sends a key once, but tries again after a retryable failure', async () => {
    const message = sms();
    const first = await provider.send(message);
    expect(await provider.send(message)).toBe(first);
    expect(fake.requests.filter((r) => r.path === '/messages/v4/send-many/detail')).toHaveLength(1);

    const flaky = sms();
    fake.failNext({ status: 502, body: { errorCode: 'BadGateway', errorMessage: 'upstream' } });
    expect(await provider.send(flaky)).toMatchObject({ status: 'FAILED', retryable: true });
    expect(await provider.send(flaky)).toMatchObject({ status: 'SENT' });
  });

  it('reads delivery reports by polling the message list, leaving pending ones out', async () => {
    const delivered = sentId(await provider.send(sms()));
    const failed = sentId(await provider.send(sms()));
    const pending = sentId(await provider.send(sms()));
    const replaced = sentId(await provider.send(alimtalk('TPL_EXPIRY')));
    fake.setStatus(delivered, '4000', { dateReceived: '2026-03-01T10:00:05+09:00' });
    fake.setStatus(failed, '3059', { reason: '변작된 발신번호' });
    fake.setStatus(pending, '3000');
    fake.setStatus(replaced, '4000', { replacement: true, dateReceived: '2026-03-01T10:00:09+09:00' });
    fake.requests.length = 0;
    const reports = await provider.reports?.([delivered, failed, pending, replaced, 'M4Vnothere']);
    expect(fake.requests).toEqual([{ method: 'GET', path: '/messages/v4/list' }]);
    expect(reports).toEqual([
      { providerMessageId: delivered, status: 'DELIVERED', at: '2026-03-01T01:00:05.000Z' },
      {
        providerMessageId: failed,
        status: 'FAILED',
        reason: 'solapi 3059: 변작된 발신번호',
        at: expect.any(String),
      },
      { providerMessageId: replaced, status: 'DELIVERED', at: '2026-03-01T01:00:09.000Z', fellBack: true },
    ]);
  });

  it('takes a base URL without a query, user or fragment', () => {
    expect(normalizeBaseUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
    expect(normalizeBaseUrl('https://relay.example.com/solapi/')).toBe('https://relay.example.com/solapi');
    expect(() => normalizeBaseUrl('ftp://x')).toThrow();
    expect(() => normalizeBaseUrl('https://u:p@x')).toThrow();
    expect(() => normalizeBaseUrl('https://x/?a=1')).toThrow();
  });
});

const decodeWord = (value = '') =>
  value.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

describe('email through SMTP_URL, against a local SMTP sink', () => {
  let sink: SmtpFake;
  const auth = { user: 'desk@gym.example.com', pass: 'smtp pass' };
  const email = (over: Partial<GroupMessage> = {}): GroupMessage => ({
    idempotencyKey: key(),
    kind: 'EMAIL',
    to: 'member@example.com',
    from: 'FitDesk <desk@gym.example.com>',
    subject: '3월 휴관 안내',
    text: '안녕하세요.\n3월 1일은 휴관합니다.\n.\n감사합니다.',
    ...over,
  });

  beforeAll(async () => {
    sink = await startSmtpFake({
      auth,
      rcpt: (address) =>
        address.startsWith('gone@')
          ? '550 5.1.1 no such user'
          : address.startsWith('full@')
            ? '452 4.2.2 mailbox full'
            : undefined,
    });
  });
  afterAll(() => sink.close());

  it('sends a text email with its subject and a Message-ID made from the outbox id', async () => {
    const provider = createEmailProvider({ smtpUrl: sink.url() });
    const message = email();
    const outcome = await provider.send(message);
    expect(outcome).toEqual({
      status: 'SENT',
      providerMessageId: messageIdFor(message.idempotencyKey, message.from),
    });
    const mail = sink.mails.at(-1);
    expect(mail?.from).toBe('desk@gym.example.com');
    expect(mail?.to).toEqual(['member@example.com']);
    expect(decodeWord(mail?.headers.subject)).toBe('3월 휴관 안내');
    expect(mail?.headers['message-id']).toBe(`<fitdesk-outbox-${message.idempotencyKey}@gym.example.com>`);
    expect(mail?.headers['content-type']).toMatch(/^text\/plain/);
    expect(Buffer.from(mail?.body ?? '', 'base64').toString('utf8')).toBe(message.text);
    provider.close();
  });

  it('sends a key once', async () => {
    const provider = createEmailProvider({ smtpUrl: sink.url() });
    const before = sink.mails.length;
    const message = email();
    const first = await provider.send(message);
    expect(await provider.send(message)).toBe(first);
    expect(sink.mails.length).toBe(before + 1);
    provider.close();
  });

  it('maps refusals: 5xx final, 4xx and a refused connection retryable', async () => {
    const provider = createEmailProvider({ smtpUrl: sink.url() });
    expect(await provider.send(email({ to: 'gone@example.com' }))).toMatchObject({
      status: 'FAILED',
      retryable: false,
    });
    expect(await provider.send(email({ to: 'full@example.com' }))).toMatchObject({
      status: 'FAILED',
      retryable: true,
    });
    expect(await provider.send(email({ kind: 'SMS' }))).toMatchObject({ status: 'FAILED', retryable: false });
    provider.close();
    const wrongPassword = createEmailProvider({ smtpUrl: sink.url({ user: auth.user, pass: 'nope' }) });
    expect(await wrongPassword.send(email())).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^smtp 535/),
      retryable: false,
    });
    wrongPassword.close();
    const down = createEmailProvider({ smtpUrl: 'smtp://127.0.0.1:1' });
    expect(await down.send(email())).toMatchObject({ status: 'FAILED', retryable: true });
    down.close();
  });
});

describe('the webhook helpers', () => {
  const secret = 'whsec_0123456789abcdef0123456789abcdef';
  const now = new Date('2026-03-01T01:00:00Z');
  const ts = String(now.getTime() / 1000);
  const body = JSON.stringify({
    reports: [{ providerMessageId: 'M4V1', status: 'DELIVERED', at: '2026-03-01T00:59:58Z' }],
  });

  it('accepts a good signature (bare hex or sha256=, a string or the raw bytes), and again on a replay', () => {
    const signature = signWebhook(secret, body, ts);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, body, signature, ts, now)).toEqual({ ok: true });
    expect(verifyWebhookSignature(secret, Buffer.from(body), `sha256=${signature}`, ts, now)).toEqual({
      ok: true,
    });
    // The same body and headers a minute later: still verifiable (de-duplicating is the route's job).
    expect(verifyWebhookSignature(secret, body, signature, ts, new Date(now.getTime() + 60_000))).toEqual({
      ok: true,
    });
    // A rolled secret: either of two signatures.
    const old = signWebhook('the-old-secret', body, ts);
    expect(verifyWebhookSignature(secret, body, `sha256=${old}, sha256=${signature}`, [ts], now)).toEqual({
      ok: true,
    });
  });

  it('refuses a bad signature, a changed body, a stale or future timestamp, and missing headers', () => {
    const signature = signWebhook(secret, body, ts);
    expect(verifyWebhookSignature(secret, `${body} `, signature, ts, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature('other', body, signature, ts, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(secret, body, signature, String(Number(ts) + 1), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const stale = String(Number(ts) - 301);
    expect(verifyWebhookSignature(secret, body, signWebhook(secret, body, stale), stale, now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    const future = String(Number(ts) + 301);
    expect(verifyWebhookSignature(secret, body, signWebhook(secret, body, future), future, now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    const edge = String(Number(ts) - 300);
    expect(verifyWebhookSignature(secret, body, signWebhook(secret, body, edge), edge, now)).toEqual({
      ok: true,
    });
    expect(verifyWebhookSignature(secret, body, undefined, ts, now)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyWebhookSignature(secret, body, signature, undefined, now)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyWebhookSignature('', body, signature, ts, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(secret, body, 'zz', ts, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyWebhookSignature(secret, body, signature, '2026-03-01T01:00:00Z', now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('reads delivery reports in our shape and in SOLAPI’s, leaving pending ones out', () => {
    expect(parseDeliveryReports(JSON.parse(body))).toEqual([
      { providerMessageId: 'M4V1', status: 'DELIVERED', at: '2026-03-01T00:59:58.000Z' },
    ]);
    expect(
      parseDeliveryReports([
        {
          messageId: 'M4V2',
          statusCode: '4000',
          dateReceived: '2026-03-01T10:00:00+09:00',
          replacement: true,
        },
        {
          messageId: 'M4V3',
          statusCode: '3104',
          reason: '카카오톡 미사용자',
          dateReported: '2026-03-01T10:00:01+09:00',
        },
        { messageId: 'M4V4', statusCode: '2000' },
      ]),
    ).toEqual([
      { providerMessageId: 'M4V2', status: 'DELIVERED', at: '2026-03-01T01:00:00.000Z', fellBack: true },
      {
        providerMessageId: 'M4V3',
        status: 'FAILED',
        reason: 'solapi 3104: 카카오톡 미사용자',
        at: '2026-03-01T01:00:01.000Z',
      },
    ]);
    expect(parseDeliveryReports({ messages: [{ messageId: 'M4V5', statusCode: '4000' }] }, now)).toEqual([
      { providerMessageId: 'M4V5', status: 'DELIVERED', at: now.toISOString() },
    ]);
  });

  it('refuses a body that is not reports, or holds one entry that is not', () => {
    expect(parseDeliveryReports('nope')).toBeNull();
    expect(parseDeliveryReports({})).toBeNull();
    expect(
      parseDeliveryReports({ reports: [{ providerMessageId: 'x', status: 'READ', at: '2026-03-01' }] }),
    ).toBeNull();
    expect(
      parseDeliveryReports({ reports: [{ providerMessageId: 'x', status: 'DELIVERED', at: 'soon' }] }),
    ).toBeNull();
    expect(parseDeliveryReports([{ messageId: 'M4V6', statusCode: '4000' }, 'junk'])).toBeNull();
    expect(parseDeliveryReports([{ messageId: 'M4V7', statusCode: 'OK' }])).toBeNull();
    expect(parseDeliveryReports({ reports: [] })).toEqual([]);
  });

  it('reads an 080 opt-out, in our names or SOLAPI-style ones, as digits', () => {
    expect(
      parseOptOut({ phone: '010-2000-0001', optOutNumber: '080-500-4000', at: '2026-03-01T10:00:00+09:00' }),
    ).toEqual({
      phone: '01020000001',
      optOutNumber: '0805004000',
      at: '2026-03-01T01:00:00.000Z',
    });
    expect(
      parseOptOut({
        phoneNumber: '01020000001',
        denialNumber: '08050004000',
        dateCreated: '2026-03-01T01:00:00Z',
      }),
    ).toEqual({
      phone: '01020000001',
      optOutNumber: '08050004000',
      at: '2026-03-01T01:00:00.000Z',
    });
    expect(
      parseOptOut({ phone: '010-2000-0001', optOutNumber: '02-555-0100', at: '2026-03-01T01:00:00Z' }),
    ).toBeNull();
    expect(parseOptOut({ phone: '12', optOutNumber: '080-500-4000', at: '2026-03-01T01:00:00Z' })).toBeNull();
    expect(parseOptOut({ phone: '010-2000-0001', optOutNumber: '080-500-4000' })).toBeNull();
    expect(parseOptOut(null)).toBeNull();
  });
});

describe('the provider chosen from the environment', () => {
  const lines: { obj: object; msg: string }[] = [];
  const log = { info: (obj: object, msg: string) => void lines.push({ obj, msg }) };

  it('is test mode unless both SOLAPI variables are set', () => {
    const none = groupMessageProviderFromEnv({}, log);
    expect(none).toMatchObject({ name: 'test-mode', testMode: true });
    expect(lines.at(-1)?.msg).toBe('messaging in test mode: nothing is delivered');
    expect(() => groupMessageProviderFromEnv({ SOLAPI_API_KEY: 'k' }, log)).toThrow(
      /^SOLAPI_API_SECRET: set both/,
    );
    expect(() => groupMessageProviderFromEnv({ SOLAPI_API_SECRET: 's' }, log)).toThrow(
      /^SOLAPI_API_KEY: set both/,
    );
    expect(() => groupMessageProviderFromEnv({ SMTP_URL: 'mail.example.com' }, log)).toThrow(/^SMTP_URL/);
    expect(() =>
      groupMessageProviderFromEnv(
        { SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_BASE_URL: 'nope' },
        log,
      ),
    ).toThrow(/^SOLAPI_BASE_URL/);
  });

  it('names what is real and what is still test mode', () => {
    const solapi = groupMessageProviderFromEnv({ SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's' }, log);
    expect(solapi).toMatchObject({ name: 'solapi+test-mode', testMode: false });
    expect(solapi.testModeFor?.('SMS')).toBe(false);
    expect(solapi.testModeFor?.('EMAIL')).toBe(true);
    const smtp = groupMessageProviderFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }, log);
    expect(smtp).toMatchObject({ name: 'test-mode+smtp', testMode: false });
    expect(smtp.testModeFor?.('ALIMTALK')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('"s"');
  });

  it('routes email to SMTP and the rest to SOLAPI, and their reports to whichever sent them', async () => {
    const fake = await startSolapiFake({ apiKey: API_KEY, apiSecret: API_SECRET });
    const sink = await startSmtpFake();
    try {
      const provider = groupMessageProviderFromEnv(
        {
          SOLAPI_API_KEY: API_KEY,
          SOLAPI_API_SECRET: API_SECRET,
          SOLAPI_BASE_URL: fake.url,
          SMTP_URL: sink.url(),
        },
        log,
      );
      expect(provider).toMatchObject({ name: 'solapi+smtp', testMode: false });
      const text = await provider.send(sms());
      const mail = await provider.send({
        idempotencyKey: key(),
        kind: 'EMAIL',
        to: 'member@example.com',
        from: 'desk@gym.example.com',
        subject: 'hello',
        text: 'hello',
      });
      expect(text.status).toBe('SENT');
      expect(mail.status).toBe('SENT');
      expect(fake.messages.size).toBe(1);
      expect(sink.mails).toHaveLength(1);
      if (text.status !== 'SENT' || mail.status !== 'SENT') return;
      fake.setStatus(text.providerMessageId, '4000');
      const reports = await provider.reports?.([text.providerMessageId, mail.providerMessageId]);
      expect(reports?.map((r) => [r.providerMessageId, r.status])).toEqual([
        [text.providerMessageId, 'DELIVERED'],
      ]);
    } finally {
      await fake.close();
      await sink.close();
    }
  });
});
