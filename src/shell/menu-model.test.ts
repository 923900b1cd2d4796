import { describe, expect, it } from 'vitest';
import type { AccessContext } from '#domain/access.ts';
import { allFlags, type GymRights } from '#domain/permissions.ts';
import { consultingUrl, visibleMenu } from './menu-model.ts';

const rights = (overrides: Partial<GymRights> = {}): GymRights => ({
  ...allFlags(false),
  representYn: false,
  ...overrides,
});
const keysOf = (context: AccessContext) =>
  Object.fromEntries(
    visibleMenu(context).map((group) => [group.key, group.entries.map((entry) => entry.key)]),
  );

describe('the side menu (docs/rules.md#app-shell)', () => {
  it('shows the representative every plain entry, and only the approved add-ons', () => {
    const keys = keysOf({
      isSuperadmin: false,
      rights: rights({ representYn: true }),
      approvedSubServices: new Set(['CONSULT', 'LOCKER']),
    });
    expect(keys).toEqual({
      member: ['memberList', 'consultList'],
      subService: ['allServices', 'consulting', 'locker'],
      payment: ['paymentHistory'],
      settings: ['gymSettings', 'permissions', 'staff'],
    });
  });

  it('hides what a worker set forbids', () => {
    const keys = keysOf({
      isSuperadmin: false,
      rights: rights({ memberUseYn: true, subServiceUseYn: true }),
      approvedSubServices: new Set(['CONSULT', 'LOCKER', 'MESSAGE']),
    });
    // CONSULT needs consultUseYn and MESSAGE adMessageUseYn, which this set lacks.
    expect(keys).toEqual({
      member: ['memberList'],
      subService: ['allServices', 'locker'],
      payment: [],
      settings: [],
    });
  });

  it('keeps the plain entries and drops the add-ons without a selected facility', () => {
    const keys = keysOf({ isSuperadmin: false, rights: null, approvedSubServices: new Set() });
    expect(keys.subService).toEqual(['allServices']);
    expect(keys.member).toEqual(['memberList', 'consultList']);
  });

  it('links the settings entries to their pages, for the representative only', () => {
    const settings = visibleMenu({
      isSuperadmin: false,
      rights: rights({ representYn: true }),
      approvedSubServices: new Set(),
    }).find((group) => group.key === 'settings');
    expect(settings?.entries.map((entry) => entry.to)).toEqual([
      '/setting/gym',
      '/setting/gym/permission',
      '/setting/gym/worker/detail',
    ]);
    // A worker whose set holds every flag is still not the representative.
    const worker = keysOf({
      isSuperadmin: false,
      rights: rights({ ...allFlags(true) }),
      approvedSubServices: new Set(),
    });
    expect(worker.settings).toEqual([]);
  });

  it('opens consulting with gymId and gymMaster=Y', () => {
    expect(consultingUrl(12)).toBe('/consulting?gymId=12&gymMaster=Y');
  });
});
