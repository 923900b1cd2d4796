import { createHmac, timingSafeEqual } from 'node:crypto';
import { digitsOnly } from '#domain/rules/text.ts';
import type { DeliveryReport } from './group-message.ts';
import { type SolapiMessageState, solapiReport } from './solapi-status.ts';

// The pure half of our message webhooks (docs/operations.md#messaging-providers): the signature check, and the
// delivery-report and 080 opt-out bodies read into our types. The routes that use them answer, store and
// de-duplicate; a replayed body still verifies here (idempotency is the route's job, on the report's or the
// opt-out's content).
//
// The signature: `X-Fitdesk-Timestamp: <Unix seconds>` and `X-Fitdesk-Signature: sha256=<hex>` (bare hex is
// accepted too; several comma-separated signatures let a sender roll its secret), where <hex> is the lowercase
// HMAC-SHA256, keyed with MESSAGE_WEBHOOK_SECRET, of `<timestamp>.<raw body>`: the bytes as received, before any
// JSON parsing. A timestamp more than 5 minutes from the server's clock, either way, is refused.

export const WEBHOOK_SIGNATURE_HEADER = 'x-fitdesk-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-fitdesk-timestamp';
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

type Header = string | string[] | undefined;

/** The signature a sender puts in `X-Fitdesk-Signature` (without the `sha256=` prefix). */
export const signWebhook = (
  secret: string,
  rawBody: string | Uint8Array,
  timestamp: string | number,
): string => createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export type WebhookCheck =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

const single = (header: Header): string | undefined => (Array.isArray(header) ? header[0] : header)?.trim();

/** Checks a webhook's signature and age. `now` is the server's clock. */
export const verifyWebhookSignature = (
  secret: string,
  rawBody: string | Uint8Array,
  signatureHeader: Header,
  timestampHeader: Header,
  now: Date,
): WebhookCheck => {
  const signature = single(signatureHeader);
  const timestamp = single(timestampHeader);
  if (!secret || !signature || !timestamp) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed' };
  const candidates = signature.split(',').map((s) => s.trim().replace(/^sha256=/, ''));
  if (!candidates.every((c) => /^[0-9a-fA-F]{64}$/.test(c))) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS)
    return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signWebhook(secret, rawBody, timestamp), 'hex');
  const matches = candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
};

// ---- bodies ---------------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const iso = (value: unknown): string | undefined => {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString();
};

/** Our own shape: `{ providerMessageId, status: 'DELIVERED'|'FAILED', reason?, at, fellBack? }`. */
const ownReport = (entry: Record<string, unknown>): DeliveryReport | null => {
  const providerMessageId = text(entry.providerMessageId);
  const at = iso(entry.at);
  const { status } = entry;
  if (!providerMessageId || !at || (status !== 'DELIVERED' && status !== 'FAILED')) return null;
  const reason = text(entry.reason);
  return {
    providerMessageId,
    status,
    at,
    ...(reason ? { reason: reason.slice(0, 500) } : {}),
    ...(entry.fellBack === true ? { fellBack: true } : {}),
  };
};

/** SOLAPI's shape (a message as its list has it): `{ messageId, statusCode, reason?, dateReceived?, … }`. */
const solapiEntry = (entry: Record<string, unknown>, now: string): DeliveryReport | undefined | null => {
  const state: SolapiMessageState = {
    messageId: text(entry.messageId),
    statusCode: text(entry.statusCode),
    reason: text(entry.reason),
    replacement: entry.replacement === true || entry.replacement === 1,
    dateReceived: text(entry.dateReceived),
    dateReported: text(entry.dateReported),
    dateUpdated: text(entry.dateUpdated),
  };
  if (!state.messageId || !state.statusCode || !/^\d{4}$/.test(state.statusCode)) return null;
  return solapiReport(state, now);
};

/**
 * The delivery reports in a webhook body: `{ reports: [ours…] }`, or SOLAPI's list of messages (an array, or
 * `{ messages: […] }`). States still pending are left out. Null when the body, or any entry in it, is not a report:
 * the route answers 400 and the sender retries the whole body.
 */
export const parseDeliveryReports = (body: unknown, now: Date = new Date()): DeliveryReport[] | null => {
  const entries = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.reports)
      ? body.reports
      : isRecord(body) && Array.isArray(body.messages)
        ? body.messages
        : undefined;
  if (!entries || entries.length > 10_000) return null;
  const out: DeliveryReport[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) return null;
    const report = 'providerMessageId' in entry ? ownReport(entry) : solapiEntry(entry, now.toISOString());
    if (report === null) return null;
    if (report) out.push(report);
  }
  return out;
};

export type OptOut = { phone: string; at: string; optOutNumber: string };

/**
 * A customer's 080 opt-out (무료수신거부): `{ phone, optOutNumber, at }`, also read from the names SOLAPI-style
 * callbacks use (`phoneNumber`/`from` for the customer, `denialNumber`/`to` for the 080 number, `dateCreated`).
 * Numbers come back as digits. Null when it is not one.
 */
export const parseOptOut = (body: unknown): OptOut | null => {
  if (!isRecord(body)) return null;
  const phone = digitsOnly(text(body.phone) ?? text(body.phoneNumber) ?? text(body.from) ?? '');
  const optOutNumber = digitsOnly(text(body.optOutNumber) ?? text(body.denialNumber) ?? text(body.to) ?? '');
  const at = iso(body.at ?? body.dateCreated);
  if (!/^0\d{8,10}$/.test(phone) || !/^080\d{7,8}$/.test(optOutNumber) || !at) return null;
  return { phone, at, optOutNumber };
};
