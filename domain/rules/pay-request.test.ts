import { describe, expect, it } from 'vitest';
import {
  isPayRequestTokenShape,
  payRequestAmount,
  payRequestGreetingName,
  payRequestStatus,
} from './pay-request.ts';

// Payment requests (docs/rules.md#payment-requests): the derived status, the amount rule, the token's shape and
// the greeting's masked first name.

const now = new Date('2026-03-02T00:00:00Z');
const later = new Date('2026-03-09T00:00:00Z');
const earlier = new Date('2026-03-01T00:00:00Z');

describe('payRequestStatus', () => {
  it('keeps paid and waiting past the expiry, and expires an open or revoked request', () => {
    expect(payRequestStatus({ status: 'FIN', expiresAt: later, revokedAt: null }, now)).toBe('FIN');
    expect(payRequestStatus({ status: 'FIN', expiresAt: now, revokedAt: null }, now)).toBe('EXPIRED');
    expect(payRequestStatus({ status: 'FIN', expiresAt: later, revokedAt: earlier }, now)).toBe('EXPIRED');
    expect(payRequestStatus({ status: 'WAIT', expiresAt: earlier, revokedAt: null }, now)).toBe('WAIT');
    expect(payRequestStatus({ status: 'WAIT', expiresAt: later, revokedAt: earlier }, now)).toBe('EXPIRED');
    expect(payRequestStatus({ status: 'APPROVE', expiresAt: earlier, revokedAt: null }, now)).toBe('APPROVE');
  });
});

describe('payRequestAmount', () => {
  it('defaults to what is owed, allows less, refuses more and refuses a sale that owes nothing', () => {
    expect(payRequestAmount(500_000, undefined)).toEqual({ ok: true, amount: 500_000 });
    expect(payRequestAmount(500_000, 200_000)).toEqual({ ok: true, amount: 200_000 });
    expect(payRequestAmount(500_000, 500_001)).toEqual({ ok: false, reason: 'payRequestAmountAboveOwed' });
    expect(payRequestAmount(0, undefined)).toEqual({ ok: false, reason: 'payRequestNothingOwed' });
  });
});

it('accepts only a 43-character base64url token', () => {
  expect(isPayRequestTokenShape('a'.repeat(43))).toBe(true);
  expect(isPayRequestTokenShape('a'.repeat(42))).toBe(false);
  expect(isPayRequestTokenShape(`${'a'.repeat(42)}=`)).toBe(false);
});

it('greets with the first name only, masked', () => {
  expect(payRequestGreetingName('김민수')).toBe('김*수');
  expect(payRequestGreetingName('John Kim')).toBe('J**n');
  expect(payRequestGreetingName('  이  ')).toBe('이');
});
