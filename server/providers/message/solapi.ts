import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RequestSendOneMessageSchema, SolapiMessageService } from 'solapi';
import { digitsOnly } from '#domain/rules/text.ts';
import {
  createIdempotencyGuard,
  type DeliveryReport,
  type GroupMessage,
  type GroupMessageProvider,
  reasonOf,
  type SendOutcome,
} from './group-message.ts';
import { solapiReport } from './solapi-status.ts';

// SOLAPI (solapi.com, CoolSMS's family) through its SDK, `solapi` 6 (docs/operations.md#messaging-providers).
//
// - The base URL: the SDK has no option for it (each of its services holds `baseUrl = "https://api.solapi.com"`,
//   out of reach behind bound methods), and it calls the global `fetch`. With `baseUrl` set (SOLAPI_BASE_URL: the
//   tests' local fake, or a relay), this adapter runs each SDK call inside an AsyncLocalStorage scope and wraps the
//   global fetch once so that, inside that scope only, `https://api.solapi.com/…` goes to the base URL instead.
//   Outside a scope the wrapper passes every call through untouched; without `baseUrl` it is never installed.
// - Idempotency: SOLAPI's send has no idempotency key. The outbox id travels as the custom field `outboxId` (it
//   comes back in the message list and the console, to reconcile by hand), and a per-process guard sends each key
//   once. Across processes, or a crash between the send and the outbox's SENT mark, a message may go twice.

export const SOLAPI_ORIGIN = 'https://api.solapi.com';

export type SolapiOptions = {
  apiKey: string;
  apiSecret: string;
  /** Where the SDK's requests go instead of https://api.solapi.com (an http(s) origin, a path prefix allowed). */
  baseUrl?: string;
  clock?: () => Date;
};

// ---- the base URL ---------------------------------------------------------------------------------------------

const redirectScope = new AsyncLocalStorage<string>();
const REDIRECTS = Symbol.for('fitdesk.solapi.redirect');

type Fetch = typeof globalThis.fetch;

/** Wraps the global fetch (again, if something replaced it since) so the scope's base URL takes SOLAPI's place. */
const ensureRedirect = () => {
  const current: Fetch & { [REDIRECTS]?: true } = globalThis.fetch;
  if (current[REDIRECTS]) return;
  const redirecting = Object.assign(
    (input: Parameters<Fetch>[0], init?: RequestInit): Promise<Response> => {
      const base = redirectScope.getStore();
      if (base !== undefined && typeof input === 'string' && input.startsWith(`${SOLAPI_ORIGIN}/`)) {
        return current(`${base}${input.slice(SOLAPI_ORIGIN.length)}`, init);
      }
      return current(input, init);
    },
    { [REDIRECTS]: true as const },
  );
  globalThis.fetch = redirecting;
};

/** The base URL as the SDK's URLs are rebuilt on it: `http://127.0.0.1:4010` (no trailing slash). */
export const normalizeBaseUrl = (value: string): string => {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('SOLAPI_BASE_URL must be http(s)');
  if (url.search || url.hash || url.username || url.password) {
    throw new Error('SOLAPI_BASE_URL must have no query, fragment or user');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};

// ---- errors → outcomes ----------------------------------------------------------------------------------------

type Tagged = {
  _tag?: unknown;
  errorCode?: unknown;
  errorMessage?: unknown;
  httpStatus?: unknown;
  failedMessageList?: { statusCode?: string; statusMessage?: string }[];
};

/** HTTP answers worth another attempt later; every other 4xx is final. */
const RETRYABLE_HTTP = new Set([408, 409, 425, 429]);

/** Registration codes that say "later" rather than "never" (SOLAPI: 1030 balance short, 1031 point short). */
const RETRYABLE_STATUS = new Set(['1030', '1031']);

/** Maps what the SDK throws to a FAILED outcome; its text carries codes, never the message or the number. */
export const solapiFailure = (error: unknown): Extract<SendOutcome, { status: 'FAILED' }> => {
  const e: Tagged = typeof error === 'object' && error !== null ? error : {};
  const code = typeof e.errorCode === 'string' ? e.errorCode : undefined;
  const text = typeof e.errorMessage === 'string' ? e.errorMessage : reasonOf(error);
  const status = typeof e.httpStatus === 'number' ? e.httpStatus : undefined;
  switch (e._tag) {
    case 'MessageNotReceivedError': {
      const failed = e.failedMessageList?.[0];
      const statusCode = failed?.statusCode ?? 'unknown';
      return {
        status: 'FAILED',
        reason: `solapi ${statusCode}: ${failed?.statusMessage ?? 'not accepted'}`,
        retryable: RETRYABLE_STATUS.has(statusCode),
      };
    }
    case 'ClientError':
      return {
        status: 'FAILED',
        reason: `solapi HTTP ${status ?? '4xx'} ${code ?? ''}: ${text}`,
        retryable: status !== undefined && RETRYABLE_HTTP.has(status),
      };
    case 'ServerError':
      return {
        status: 'FAILED',
        reason: `solapi HTTP ${status ?? '5xx'} ${code ?? ''}: ${text}`,
        retryable: true,
      };
    case 'NetworkError':
      return { status: 'FAILED', reason: `solapi unreachable: ${reasonOf(error)}`, retryable: true };
    case 'DefaultError':
      // RequestFailedAfterRetryError (503s or a refused connection, retried 3 times by the SDK), a read error…
      return { status: 'FAILED', reason: `solapi ${code ?? 'error'}: ${text}`, retryable: true };
    case 'BadRequestError':
    case 'ApiKeyError':
    case 'InvalidDateError':
      return { status: 'FAILED', reason: `solapi refused the request: ${reasonOf(error)}`, retryable: false };
    default:
      return { status: 'FAILED', reason: `solapi: ${reasonOf(error)}`, retryable: true };
  }
};

// ---- the adapter ----------------------------------------------------------------------------------------------

const SOLAPI_TYPE = { SMS: 'SMS', LMS: 'LMS', MMS: 'MMS', ALIMTALK: 'ATA' } as const;

/** Why this message cannot go through SOLAPI at all (a final refusal, before anything is sent). */
const invalid = (message: GroupMessage): string | undefined => {
  if (message.kind === 'EMAIL') return 'solapi does not send email';
  if (message.kind === 'MMS' && !message.imageJpeg) return 'an MMS needs its image';
  if (message.kind === 'ALIMTALK' && !message.kakao) return 'an 알림톡 needs its channel and template';
  return undefined;
};

/** The SDK's message for ours; an MMS's image is uploaded first (`upload` answers its file id). */
const toSolapiMessage = async (
  message: GroupMessage,
  kind: keyof typeof SOLAPI_TYPE,
  upload: (jpeg: Uint8Array) => Promise<string>,
): Promise<RequestSendOneMessageSchema> => {
  const base = {
    to: digitsOnly(message.to),
    from: digitsOnly(message.from),
    text: message.text,
    type: SOLAPI_TYPE[kind],
    customFields: { outboxId: message.idempotencyKey },
  };
  const subject = message.subject ? { subject: message.subject } : {};
  if (kind === 'SMS') return base;
  if (kind === 'LMS') return { ...base, ...subject };
  if (kind === 'MMS' && message.imageJpeg)
    return { ...base, imageId: await upload(message.imageJpeg), ...subject };
  const kakao = message.kakao;
  if (!kakao) return base;
  const fallback = kakao.fallback;
  return {
    ...base,
    kakaoOptions: { pfId: kakao.profileKey, templateId: kakao.templateCode, disableSms: !fallback },
    // SOLAPI's own 대체발송: when the 알림톡 fails after it was accepted (no KakaoTalk, blocked channel), it sends
    // this message instead; the delivery report then says `replacement`.
    ...(fallback
      ? { replacements: [{ to: base.to, from: base.from, type: fallback.kind, text: fallback.text }] }
      : {}),
  };
};

/**
 * Uploads MMS images through the SDK (which reads a path or a URL only: the bytes go through a temporary file),
 * remembering each by content hash for an hour, so a group send uploads its one image once.
 */
const createImageUploader = (
  sdk: SolapiMessageService,
  call: <T>(run: () => Promise<T>) => Promise<T>,
  clock: () => Date,
) => {
  const uploaded = new Map<string, { fileId: string; until: number }>();
  return async (jpeg: Uint8Array): Promise<string> => {
    const hash = createHash('sha256').update(jpeg).digest('hex');
    const known = uploaded.get(hash);
    if (known && known.until > clock().getTime()) return known.fileId;
    const dir = await mkdtemp(join(tmpdir(), 'fitdesk-mms-'));
    try {
      const path = join(dir, 'image.jpg');
      await writeFile(path, jpeg);
      const { fileId } = await call(() => sdk.uploadFile(path, 'MMS'));
      if (uploaded.size >= 100) uploaded.clear();
      uploaded.set(hash, { fileId, until: clock().getTime() + 60 * 60_000 });
      return fileId;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
};

/**
 * A group in one request (`send-many`), each message told apart by its `outboxId` custom field; an 알림톡 refused
 * at once goes out as its fallback in a second request. Never rejects: a failure of the whole request is every
 * message's outcome.
 */
const createGroupSender =
  (
    sdk: SolapiMessageService,
    call: <T>(run: () => Promise<T>) => Promise<T>,
    uploadImage: ReturnType<typeof createImageUploader>,
  ) =>
  async (messages: GroupMessage[]): Promise<Map<string, SendOutcome>> => {
    const out = new Map<string, SendOutcome>();
    const payloads: RequestSendOneMessageSchema[] = [];
    for (const message of messages) {
      const refusal = invalid(message);
      if (refusal || message.kind === 'EMAIL') {
        out.set(message.idempotencyKey, { status: 'FAILED', reason: `${refusal}`, retryable: false });
        continue;
      }
      try {
        payloads.push(await toSolapiMessage(message, message.kind, uploadImage));
      } catch (error) {
        out.set(message.idempotencyKey, solapiFailure(error));
      }
    }
    if (payloads.length === 0) return out;
    type Failed = { statusCode?: string; statusMessage?: string; customFields?: Record<string, string> };
    let accepted: { messageId: string; customFields?: Record<string, string> }[] = [];
    let failed: Failed[] = [];
    try {
      const response = await call(() => sdk.send(payloads, { showMessageList: true }));
      accepted = [...(response.messageList ?? [])];
      failed = [...response.failedMessageList];
    } catch (error) {
      const list = (error as Tagged)?.failedMessageList as Failed[] | undefined;
      if ((error as Tagged)?._tag === 'MessageNotReceivedError' && list?.length) failed = list;
      else {
        const outcome = solapiFailure(error);
        for (const p of payloads) out.set(String(p.customFields?.outboxId), outcome);
        return out;
      }
    }
    for (const f of failed) {
      const statusCode = f.statusCode ?? 'unknown';
      out.set(String(f.customFields?.outboxId), {
        status: 'FAILED',
        reason: `solapi ${statusCode}: ${f.statusMessage ?? 'not accepted'}`,
        retryable: RETRYABLE_STATUS.has(statusCode),
      });
    }
    for (const a of accepted) {
      const key = String(a.customFields?.outboxId);
      if (!out.has(key)) out.set(key, { status: 'SENT', providerMessageId: a.messageId });
    }
    return out;
  };

export const createSolapiProvider = (options: SolapiOptions): GroupMessageProvider => {
  const sdk = new SolapiMessageService(options.apiKey, options.apiSecret);
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl === undefined ? undefined : normalizeBaseUrl(options.baseUrl);
  const once = createIdempotencyGuard();

  const call = <T>(run: () => Promise<T>): Promise<T> => {
    if (baseUrl === undefined) return run();
    ensureRedirect();
    return redirectScope.run(baseUrl, run);
  };
  const uploadImage = createImageUploader(sdk, call, clock);
  const sendGroup = createGroupSender(sdk, call, uploadImage);

  const sendOne = async (message: GroupMessage): Promise<SendOutcome> => {
    const refusal = invalid(message);
    if (refusal || message.kind === 'EMAIL')
      return { status: 'FAILED', reason: `${refusal}`, retryable: false };
    try {
      const payload = await toSolapiMessage(message, message.kind, uploadImage);
      const response = await call(() => sdk.send(payload, { showMessageList: true }));
      const failed = response.failedMessageList[0];
      if (failed) {
        return {
          status: 'FAILED',
          reason: `solapi ${failed.statusCode}: ${failed.statusMessage}`,
          retryable: RETRYABLE_STATUS.has(failed.statusCode),
        };
      }
      const id = response.messageList?.[0]?.messageId;
      if (!id) return { status: 'FAILED', reason: 'solapi answered without a message id', retryable: true };
      return { status: 'SENT', providerMessageId: id };
    } catch (error) {
      return solapiFailure(error);
    }
  };

  /** An 알림톡 refused at once (an unknown template, a channel not linked) goes out as its fallback. */
  const send = async (message: GroupMessage): Promise<SendOutcome> => {
    const outcome = await sendOne(message);
    const fallback = message.kind === 'ALIMTALK' ? message.kakao?.fallback : undefined;
    if (outcome.status === 'SENT' || !fallback || outcome.retryable) return outcome;
    const instead = await sendOne({ ...message, kind: fallback.kind, text: fallback.text, kakao: undefined });
    if (instead.status === 'SENT') return { ...instead, fellBack: true };
    return { ...instead, reason: `${outcome.reason}; fallback: ${instead.reason}` };
  };

  const sendMany = async (messages: GroupMessage[]): Promise<SendOutcome[]> => {
    const fresh: GroupMessage[] = [];
    let answer: (outcomes: Map<string, SendOutcome>) => void = () => {};
    const group = new Promise<Map<string, SendOutcome>>((resolve) => {
      answer = resolve;
    });
    const missing: SendOutcome = {
      status: 'FAILED',
      reason: 'solapi answered nothing for it',
      retryable: true,
    };
    // The guard calls its function at once for a key it does not know: `fresh` holds those when the map is done.
    const outcomes = messages.map((message) =>
      once(message.idempotencyKey, () => {
        fresh.push(message);
        return group.then((map) => map.get(message.idempotencyKey) ?? missing);
      }),
    );
    const first = await sendGroup(fresh);
    const fallbacks = fresh.flatMap((message) => {
      const outcome = first.get(message.idempotencyKey);
      const fallback = message.kind === 'ALIMTALK' ? message.kakao?.fallback : undefined;
      return outcome?.status === 'FAILED' && !outcome.retryable && fallback
        ? [{ ...message, kind: fallback.kind, text: fallback.text, kakao: undefined }]
        : [];
    });
    if (fallbacks.length > 0) {
      const second = await sendGroup(fallbacks);
      for (const message of fallbacks) {
        const instead = second.get(message.idempotencyKey) ?? missing;
        const outcome = first.get(message.idempotencyKey);
        first.set(
          message.idempotencyKey,
          instead.status === 'SENT'
            ? { ...instead, fellBack: true }
            : {
                ...instead,
                reason: `${outcome?.status === 'FAILED' ? outcome.reason : ''}; fallback: ${instead.reason}`,
              },
        );
      }
    }
    answer(first);
    return Promise.all(outcomes);
  };

  const reports = async (ids: string[]): Promise<DeliveryReport[]> => {
    const out: DeliveryReport[] = [];
    const now = clock().toISOString();
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const { messageList } = await call(() => sdk.getMessages({ messageIds: chunk, limit: chunk.length }));
      for (const stored of Object.values(messageList)) {
        const report = solapiReport(stored, now);
        if (report) out.push(report);
      }
    }
    return out;
  };

  return {
    name: 'solapi',
    testMode: false,
    testModeFor: (kind) => kind === 'EMAIL',
    send: (message) => once(message.idempotencyKey, () => send(message)),
    sendMany,
    reports,
  };
};
