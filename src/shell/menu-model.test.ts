import { describe, expect, it } from 'vitest';
import type { AccessContext } from '#domain/access.ts';
import { allFlags, type GymRights } from '#domain/permissions.ts';
import { consultingUrl, MENU, type MenuGroup, pathOf, visibleMenu } from './menu-model.ts';

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
      member: [
        'memberList',
        'passProducts',
        'soldPasses',
        'consultList',
        'schedule',
        'reservations',
        'trainers',
        'entryList',
      ],
      subService: ['allServices', 'consulting', 'locker'],
      payment: [
        'desk',
        'payHistory',
        'unpaid',
        'salesList',
        'statistics',
        'revenueHistory',
        'revenueChart',
        'expenditure',
        'receipts',
        'products',
        'productGroups',
        'promotions',
        'paymentHistory',
      ],
      settings: ['gymSettings', 'permissions', 'staff', 'audit', 'messageSender', 'kakaoChannel'],
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
      member: [
        'memberList',
        'passProducts',
        'soldPasses',
        'schedule',
        'reservations',
        'trainers',
        'entryList',
      ],
      subService: ['allServices', 'locker'],
      payment: [],
      settings: [],
    });
  });

  it('hides the whole add-on group from a set without the add-on right', () => {
    const keys = keysOf({
      isSuperadmin: false,
      rights: rights({ memberUseYn: true, consultUseYn: true }),
      approvedSubServices: new Set(['CONSULT', 'LOCKER']),
    });
    expect(keys.subService).toEqual([]);
  });

  it('shows a worker without a facility no facility entry, Settings included', () => {
    const keys = keysOf({ isSuperadmin: false, rights: null, approvedSubServices: new Set() });
    expect(keys).toEqual({ member: [], subService: [], payment: [], settings: [] });
  });

  it('decides an entry by the path it opens, not by a SPEC path beside it', () => {
    // The member list opens /memberManage/list, which needs memberUseYn (the access table).
    const entry = MENU.flatMap((group) => group.entries).find((e) => e.key === 'memberList');
    expect(entry && pathOf(entry)).toBe('/memberManage/list');
    const withoutMembers = keysOf({
      isSuperadmin: false,
      rights: rights({ consultUseYn: true, subServiceUseYn: true }),
      approvedSubServices: new Set(['CONSULT']),
    });
    expect(withoutMembers.member).toEqual(['consultList']);
    // A made-up entry keyed nowhere else: its own path decides.
    const menu: MenuGroup[] = [
      {
        key: 'g',
        labelKey: 'g',
        entries: [
          { key: 'settings', labelKey: 's', to: '/setting/gym/audit' },
          { key: 'soon', labelKey: 's', to: null, plannedPath: '/sales/unpaid' },
        ],
      },
    ];
    const representative = {
      isSuperadmin: false,
      rights: rights({ representYn: true }),
      approvedSubServices: new Set<never>(),
    };
    expect(visibleMenu(representative, menu)[0]?.entries.map((e) => e.key)).toEqual(['settings', 'soon']);
    const reader = { ...representative, rights: rights({ memberUseYn: true }) };
    expect(visibleMenu(reader, menu)[0]?.entries).toEqual([]);
  });

  it('keeps entries whose pages come later, disabled, for those who may open them', () => {
    const keys = keysOf({
      isSuperadmin: false,
      rights: rights({ representYn: true }),
      approvedSubServices: new Set(['MESSAGE']),
    });
    expect(keys.subService).toContain('message');
    expect(keys.payment).toContain('paymentHistory');
    const planned = MENU.flatMap((group) => group.entries).find((e) => e.key === 'paymentHistory');
    expect(planned?.to).toBeNull();
    // The group messages' page is built (issue 29): its entry links to it.
    const message = MENU.flatMap((group) => group.entries).find((e) => e.key === 'message');
    expect(message?.to).toBe('/subservice/groupsns');
  });

  it('shows the operator no facility entry', () => {
    const keys = keysOf({ isSuperadmin: true, rights: null, approvedSubServices: new Set() });
    expect(Object.values(keys).flat()).toEqual([]);
  });

  it('links the settings entries to their pages, the facility’s for the representative only', () => {
    const settings = visibleMenu({
      isSuperadmin: false,
      rights: rights({ representYn: true }),
      approvedSubServices: new Set(),
    }).find((group) => group.key === 'settings');
    expect(settings?.entries.map((entry) => entry.to)).toEqual([
      '/setting/gym',
      '/setting/gym/permission',
      '/setting/gym/worker/detail',
      '/setting/gym/audit',
      '/setting/gym/messagesender',
      '/setting/gym/kakaochannel',
    ]);
    // A worker whose set holds every flag is still not the representative.
    const worker = keysOf({
      isSuperadmin: false,
      rights: rights({ ...allFlags(true) }),
      approvedSubServices: new Set(),
    });
    // The messaging settings are read with adMessageUseYn and changed with adMessageSettingYn, not only by the
    // representative (domain/access.ts).
    expect(worker.settings).toEqual(['messageSender', 'kakaoChannel']);
  });

  it('opens consulting with gymId and gymMaster=Y', () => {
    expect(consultingUrl(12)).toBe('/consulting?gymId=12&gymMaster=Y');
  });
});
