import { describe, expect, it } from 'vitest';
import { layoutOf } from './layout-of.ts';

describe('layoutOf (docs/rules.md#routes-and-layouts)', () => {
  it('takes the consulting layout when the first 10 characters of the first segment are "consulting"', () => {
    for (const path of [
      '/consulting',
      '/consulting/',
      '/consulting/write',
      '/consulting/finishGym',
      '/consultingX',
    ]) {
      expect(layoutOf(path), path).toEqual({ kind: 'consulting' });
    }
    expect(layoutOf('/consult')).toEqual({ kind: 'main', menu: 'full' });
    expect(layoutOf('/memberManage/consult-list')).toEqual({ kind: 'main', menu: 'full' });
  });

  it('takes the plain full-screen layout for the two request pages', () => {
    expect(layoutOf('/pay/req')).toEqual({ kind: 'plain' });
    expect(layoutOf('/reservation/req/')).toEqual({ kind: 'plain' });
    expect(layoutOf('/pay/payment')).toEqual({ kind: 'main', menu: 'full' });
  });

  it('takes the join card for both join pages', () => {
    expect(layoutOf('/join')).toEqual({ kind: 'join' });
    expect(layoutOf('/join/worker')).toEqual({ kind: 'join' });
  });

  it('hides the header and the side menu on LOGIN, ENTRY, SELECT and CRM', () => {
    for (const path of ['/login', '/entry', '/select', '/crm'])
      expect(layoutOf(path), path).toEqual({ kind: 'bare' });
  });

  it('shows the icon rail on HOME, PAYMENT_METHOD and PROFILE, and the full menu elsewhere', () => {
    for (const path of ['/', '/payment-method', '/profile']) {
      expect(layoutOf(path), path).toEqual({ kind: 'main', menu: 'rail' });
    }
    for (const path of ['/memberManage/list', '/setting/gym', '/gym-auth', '/subservice']) {
      expect(layoutOf(path), path).toEqual({ kind: 'main', menu: 'full' });
    }
  });
});
