import { describe, expect, it } from 'vitest';
import { ANONYMOUS_LANDING, isPublicPath, ROUTES, shouldSendToLanding } from './routes.ts';

describe('session routing (docs/rules.md#session)', () => {
  it('sends a visitor with no member and no stored id from a private page to the landing', () => {
    expect(shouldSendToLanding({ pathname: '/', hasMember: false, hasStoredId: false })).toBe(true);
    expect(shouldSendToLanding({ pathname: '/nowhere', hasMember: false, hasStoredId: false })).toBe(true);
  });

  it('leaves LOGIN, SELECT and the join pages alone', () => {
    for (const pathname of ['/login', '/select', '/join', '/join/worker', '/join/worker/']) {
      expect(isPublicPath(pathname)).toBe(true);
      expect(shouldSendToLanding({ pathname, hasMember: false, hasStoredId: false })).toBe(false);
    }
  });

  it("leaves the customer's booking page alone: it opens with its link's token", () => {
    expect(isPublicPath('/reservation/req')).toBe(true);
    expect(shouldSendToLanding({ pathname: '/reservation/req', hasMember: false, hasStoredId: false })).toBe(
      false,
    );
    // The payment-request page, likewise (docs/rules.md#payment-requests); the desk beside it is not.
    expect(isPublicPath('/pay/req')).toBe(true);
    expect(isPublicPath('/pay/payment')).toBe(false);
  });

  it('leaves the consulting tablet alone: it runs on its own token (docs/rules.md#consulting)', () => {
    for (const pathname of ['/consulting', '/consulting/', '/consulting/write', '/consulting/finishGym']) {
      expect(isPublicPath(pathname)).toBe(true);
      expect(shouldSendToLanding({ pathname, hasMember: false, hasStoredId: false })).toBe(false);
    }
    expect(isPublicPath('/consultingX')).toBe(false);
    expect(isPublicPath('/memberManage/consult-list')).toBe(false);
  });

  it('waits while there is a member or a stored id to restore', () => {
    expect(shouldSendToLanding({ pathname: '/', hasMember: true, hasStoredId: false })).toBe(false);
    expect(shouldSendToLanding({ pathname: '/', hasMember: false, hasStoredId: true })).toBe(false);
  });

  it('lands on SELECT, the public landing', () => {
    expect(ANONYMOUS_LANDING).toBe(ROUTES.SELECT);
    expect(ANONYMOUS_LANDING).toBe('/select');
  });
});
