import type { PayRequestStatus } from '../enums.ts';
import { maskName } from './customer.ts';

// Payment requests (docs/rules.md#payment-requests): pure rules shared by the server's writes and the pages.

/** How long a request's link works (days). */
export const PAY_REQUEST_TTL_DAYS = 7;
export const PAY_REQUEST_TTL_MS = PAY_REQUEST_TTL_DAYS * 24 * 3_600_000;

/** The token's random bytes: 256 bits, far above the 128 that make guessing infeasible. */
export const PAY_REQUEST_TOKEN_BYTES = 32;

/** A token as a link carries it: 32 bytes in base64url are 43 characters. Anything else is refused unread. */
export const isPayRequestTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The stored state of a request, with what the derived status reads. */
export type PayRequestState = {
  status: 'FIN' | 'WAIT' | 'APPROVE';
  expiresAt: Date;
  revokedAt: Date | null;
};

/**
 * The status a person sees: APPROVE (paid) and WAIT (a transfer the customer reported, until staff confirm) are
 * kept whatever the date; an open request (FIN) that was revoked or whose link has passed its expiry is EXPIRED.
 * A revoked WAIT request is EXPIRED too.
 */
export const payRequestStatus = (r: PayRequestState, now: Date): PayRequestStatus => {
  if (r.status === 'APPROVE') return 'APPROVE';
  if (r.revokedAt) return 'EXPIRED';
  if (r.status === 'WAIT') return 'WAIT';
  return r.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'FIN';
};

/** Whether the customer's link still opens: an open, waiting or paid request; never a revoked or expired one. */
export const payRequestLinkOpens = (r: PayRequestState, now: Date): boolean =>
  payRequestStatus(r, now) !== 'EXPIRED';

export type PayRequestAmountRefusal = 'payRequestNothingOwed' | 'payRequestAmountAboveOwed';

/**
 * The amount a new request asks for: what is owed when none is given; never more than what is owed, and a sale
 * that owes nothing takes no request.
 */
export const payRequestAmount = (
  owed: number,
  amount: number | undefined,
): { ok: true; amount: number } | { ok: false; reason: PayRequestAmountRefusal } => {
  if (owed <= 0) return { ok: false, reason: 'payRequestNothingOwed' };
  const asked = amount ?? owed;
  if (asked > owed) return { ok: false, reason: 'payRequestAmountAboveOwed' };
  return { ok: true, amount: asked };
};

/** The transfer reference the customer writes in the transfer's memo: `FD-<request id>`. */
export const payRequestReference = (id: number): string => `FD-${id}`;

/**
 * The name the customer's page greets: the first word of the name only, masked as lists mask names
 * (김민수 → 김*수, John Kim → J**n).
 */
export const payRequestGreetingName = (name: string): string => maskName(name.trim().split(/\s+/)[0] ?? '');
