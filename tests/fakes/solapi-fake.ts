import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for SOLAPI's REST API (api.solapi.com), as much of it as the `solapi` SDK calls for the message
// adapter (server/providers/message/solapi.ts): send-many/detail, the file upload and the message list. It listens
// on 127.0.0.1 on a random port and checks the SDK's HMAC-SHA256 Authorization header on every request.

export type FakeMessage = {
  messageId: string;
  to: string;
  from?: string;
  type?: string;
  text?: string;
  subject?: string;
  imageId?: string;
  kakaoOptions?: { pfId?: string; templateId?: string; disableSms?: boolean };
  replacements?: { to?: string; from?: string; type?: string; text?: string }[];
  customFields?: Record<string, string>;
  statusCode: string;
  reason?: string;
  replacement?: boolean;
  dateReceived?: string;
};

export type FakeFile = { fileId: string; type: string; bytes: Buffer };

type Refusal = { statusCode: string; statusMessage: string };

export type SolapiFakeOptions = {
  apiKey: string;
  apiSecret: string;
  /** A registration refusal for some messages (e.g. an unknown template), as SOLAPI's failedMessageList says it. */
  refuse?: (message: Omit<FakeMessage, 'messageId' | 'statusCode'>) => Refusal | undefined;
};

type Canned = { status: number; body: unknown };

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`, signed with the secret over `date + salt`. */
export const checkSolapiAuth = (
  header: string | undefined,
  apiKey: string,
  apiSecret: string,
): string | undefined => {
  const match = header?.match(
    /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/,
  );
  if (!match) return 'InvalidAuthorizationHeader';
  const [, key, date, salt, signature] = match;
  if (key !== apiKey) return 'InvalidApiKey';
  const expected = createHmac('sha256', apiSecret).update(`${date}${salt}`).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'SignatureDoesNotMatch';
  if (Math.abs(Date.parse(date ?? '') - Date.now()) > 15 * 60_000) return 'RequestTimeTooSkewed';
  return undefined;
};

export const startSolapiFake = async (options: SolapiFakeOptions) => {
  const messages = new Map<string, FakeMessage>();
  const files: FakeFile[] = [];
  const requests: { method: string; path: string; authError?: string }[] = [];
  const canned: Canned[] = [];
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}${String(++seq).padStart(8, '0')}FAKE`;

  const sendMany = (body: { messages?: Omit<FakeMessage, 'messageId' | 'statusCode'>[] }) => {
    const list = body.messages ?? [];
    const accepted: FakeMessage[] = [];
    const failed: (FakeMessage & Refusal)[] = [];
    for (const m of list) {
      const messageId = nextId('M4V');
      const refusal = options.refuse?.(m);
      if (refusal) failed.push({ ...m, messageId, ...refusal });
      else {
        const stored: FakeMessage = { ...m, messageId, statusCode: '2000' };
        messages.set(messageId, stored);
        accepted.push(stored);
      }
    }
    const count = {
      total: list.length,
      sentTotal: 0,
      sentFailed: 0,
      sentSuccess: 0,
      sentPending: accepted.length,
      sentReplacement: 0,
      refund: 0,
      registeredFailed: failed.length,
      registeredSuccess: accepted.length,
    };
    return {
      failedMessageList: failed.map((f) => ({
        to: f.to,
        from: f.from ?? '',
        type: f.type ?? 'SMS',
        statusMessage: f.statusMessage,
        country: '82',
        messageId: f.messageId,
        statusCode: f.statusCode,
        accountId: 'ACCFAKE',
        customFields: f.customFields,
      })),
      groupInfo: { count, groupId: nextId('G4V'), status: 'SENDING' },
      messageList: accepted.map((a) => ({
        messageId: a.messageId,
        statusCode: '2000',
        statusMessage: '정상 접수(이통사로 접수 예정) ',
        customFields: a.customFields,
      })),
    };
  };

  const upload = (res: ServerResponse, body: { file?: string; type?: string; name?: string }) => {
    const bytes = Buffer.from(body.file ?? '', 'base64');
    if (body.type !== 'MMS' && body.type !== 'KAKAO') {
      return answer(res, 400, { errorCode: 'ValidationError', errorMessage: 'type' });
    }
    if (bytes.length > 300 * 1024) {
      return answer(res, 400, { errorCode: 'FileSizeExceeded', errorMessage: 'too large' });
    }
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) {
      return answer(res, 400, { errorCode: 'InvalidFileType', errorMessage: 'not a JPG' });
    }
    const file = { fileId: nextId('ST01FZ'), type: body.type, bytes };
    files.push(file);
    answer(res, 200, { fileId: file.fileId, type: file.type, name: body.name ?? null, link: null });
  };

  const list = (res: ServerResponse, url: URL) => {
    const ids = url.searchParams.getAll('messageIds');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const found = (ids.length ? ids : [...messages.keys()])
      .map((id) => messages.get(id))
      .filter((m): m is FakeMessage => m !== undefined)
      .slice(0, limit);
    const messageList = Object.fromEntries(
      found.map((m) => [
        m.messageId,
        {
          messageId: m.messageId,
          type: m.replacement ? (m.replacements?.[0]?.type ?? 'SMS') : (m.type ?? 'SMS'),
          to: m.to,
          from: m.from ?? null,
          text: m.text ?? null,
          status: m.statusCode === '4000' ? 'COMPLETE' : m.statusCode.startsWith('2') ? 'PENDING' : 'FAILED',
          statusCode: m.statusCode,
          reason: m.reason ?? null,
          replacement: m.replacement ?? false,
          customFields: m.customFields ?? null,
          dateCreated: new Date().toISOString(),
          dateUpdated: new Date().toISOString(),
          dateReceived: m.dateReceived ?? null,
        },
      ]),
    );
    answer(res, 200, { startKey: null, nextKey: null, limit, messageList });
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const authError = checkSolapiAuth(req.headers.authorization, options.apiKey, options.apiSecret);
    requests.push({ method: req.method ?? '', path: url.pathname, ...(authError ? { authError } : {}) });
    const raw = await readBody(req);
    if (authError) return answer(res, 401, { errorCode: authError, errorMessage: 'authentication failed' });
    const next = canned.shift();
    if (next) return answer(res, next.status, next.body);
    const body = raw ? JSON.parse(raw) : {};
    if (req.method === 'POST' && url.pathname === '/messages/v4/send-many/detail') {
      return answer(res, 200, sendMany(body));
    }
    if (req.method === 'POST' && url.pathname === '/storage/v1/files') return upload(res, body);
    if (req.method === 'GET' && url.pathname === '/messages/v4/list') return list(res, url);
    answer(res, 404, { errorCode: 'NotFound', errorMessage: `${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    files,
    requests,
    /** The next requests answer these instead (after the auth check), in order. */
    failNext: (...answers: Canned[]) => canned.push(...answers),
    /** A delivery state, as the carrier would report it (4000 received; 3xxx a failure). */
    setStatus: (messageId: string, statusCode: string, more: Partial<FakeMessage> = {}) => {
      const m = messages.get(messageId);
      if (!m) throw new Error(`no message ${messageId}`);
      Object.assign(m, { statusCode, ...more });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SolapiFake = Awaited<ReturnType<typeof startSolapiFake>>;
