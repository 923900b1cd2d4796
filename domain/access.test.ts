import { describe, expect, it } from 'vitest';
import {
  type AccessContext,
  decidePathAccess,
  forbiddenRoutes,
  PAGE_REQUIREMENTS,
  requirementOf,
  resourceScreenRequirements,
} from './access.ts';
import { allFlags, type GymRights, presetOf, ROLE_PRESETS, reachesAssignedOnly } from './permissions.ts';
import { resources } from './resources/index.ts';
import { SPEC_PATHS } from './routes.ts';

const rights = (overrides: Partial<GymRights> = {}): GymRights => ({
  ...allFlags(false),
  representYn: false,
  ...overrides,
});
const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
  isSuperadmin: false,
  rights: rights(),
  approvedSubServices: new Set(),
  ...overrides,
});
const representative = context({
  rights: rights({ representYn: true }),
  approvedSubServices: new Set(['CONSULT']),
});

describe('the page permission table', () => {
  it('has a requirement for every SPEC path, and every prefix in it is a SPEC path, a screen or the console', () => {
    for (const path of SPEC_PATHS) expect(requirementOf(path), path).toBeDefined();
    const screens = Object.keys(resourceScreenRequirements(resources));
    for (const prefix of Object.keys(PAGE_REQUIREMENTS)) {
      expect(
        SPEC_PATHS.some((path) => path === prefix || path.startsWith(`${prefix}/`)) ||
          screens.includes(prefix) ||
          prefix === '/admin',
        prefix,
      ).toBe(true);
    }
  });

  it('gives each generic screen the right its declaration gives the operation', () => {
    const reader = context({ rights: rights({ memberUseYn: true }) });
    expect(requirementOf('/gym-member')?.rights).toEqual(['memberUseYn']);
    expect(decidePathAccess('/gym-member', reader)).toEqual({ allowed: true });
    expect(decidePathAccess('/gym-member/show/3', reader)).toEqual({ allowed: true });
    expect(decidePathAccess('/gym-member/edit/3', reader)).toMatchObject({
      allowed: false,
      reason: 'forbidden',
    });
    expect(decidePathAccess('/gym-member/edit/3', representative)).toEqual({ allowed: true });
    expect(decidePathAccess('/memberManage/consult-list', reader)).toMatchObject({
      allowed: false,
      reason: 'forbidden',
    });
    expect(decidePathAccess('/gym-member', context({ rights: null }))).toEqual({
      allowed: false,
      reason: 'noFacility',
    });
    // Platform resources and the operator-only list of facilities have no owner screen.
    expect(requirementOf('/member')).toBeUndefined();
    expect(requirementOf('/gym')).toBeUndefined();
  });

  it('lets the longest prefix decide', () => {
    expect(requirementOf('/setting/gym/kakaochannel')?.rights).toEqual(['adMessageUseYn']);
    expect(requirementOf('/setting/gym/worker/detail')?.rights).toEqual(['represent']);
    expect(requirementOf('/subservice/groupsns/add')?.subService).toBe('MESSAGE');
    expect(requirementOf('/subservice')?.subService).toBeUndefined();
    expect(requirementOf('/nowhere')).toBeUndefined();
  });

  it('opens account pages to anyone signed in, with or without a facility', () => {
    for (const path of ['/', '/profile', '/payment-method']) {
      expect(decidePathAccess(path, context({ rights: null }))).toEqual({ allowed: true });
    }
  });

  it('asks for a facility before a facility page', () => {
    expect(decidePathAccess('/memberManage/list', context({ rights: null }))).toEqual({
      allowed: false,
      reason: 'noFacility',
    });
  });

  it('follows the flags of the permission set', () => {
    const reader = context({ rights: rights({ memberUseYn: true }) });
    expect(decidePathAccess('/memberManage/list', reader).allowed).toBe(true);
    expect(decidePathAccess('/ticket/list/add', reader).allowed).toBe(true);
    expect(decidePathAccess('/memberManage/consult-list', reader)).toMatchObject({
      allowed: false,
      reason: 'forbidden',
    });
    expect(decidePathAccess('/sales/unpaid', reader)).toMatchObject({ allowed: false, reason: 'forbidden' });
    expect(decidePathAccess('/setting/gym', reader)).toMatchObject({ allowed: false, reason: 'forbidden' });
  });

  it('keeps facility settings to the representative', () => {
    const everyFlag = context({ rights: rights(allFlags(true)) });
    expect(decidePathAccess('/setting/gym', everyFlag).allowed).toBe(false);
    expect(decidePathAccess('/setting/gym/permission', everyFlag).allowed).toBe(false);
    expect(decidePathAccess('/setting/gym/messagesender', everyFlag).allowed).toBe(true);
    expect(decidePathAccess('/setting/gym', representative).allowed).toBe(true);
  });

  it('gates the six add-on pages on an APPROVE subscription', () => {
    const pages = {
      '/subservice/groupsns': 'MESSAGE',
      '/consulting/write': 'CONSULT',
      '/contract': 'CONTRACT',
      '/entry': 'ENTER',
      '/manage/nutrition/info': 'NUTRITION',
      '/locker': 'LOCKER',
    } as const;
    for (const [path, service] of Object.entries(pages)) {
      const without = context({ rights: rights({ representYn: true }) });
      expect(decidePathAccess(path, without), path).toEqual({ allowed: false, reason: 'subService' });
      const withIt = context({
        rights: rights({ representYn: true }),
        approvedSubServices: new Set([service]),
      });
      expect(decidePathAccess(path, withIt), path).toEqual({ allowed: true });
    }
  });

  it('refuses an add-on page to a set without the add-on flag even when it is approved', () => {
    const noFlag = context({
      rights: rights({ memberUseYn: true }),
      approvedSubServices: new Set(['LOCKER']),
    });
    expect(decidePathAccess('/locker', noFlag)).toMatchObject({ allowed: false, reason: 'forbidden' });
  });

  it('keeps the console to the operator, and the facility pages away from him', () => {
    const operator = context({ isSuperadmin: true, rights: null });
    expect(decidePathAccess('/admin/gym', operator).allowed).toBe(true);
    expect(decidePathAccess('/admin', representative)).toMatchObject({ allowed: false, reason: 'forbidden' });
    expect(decidePathAccess('/memberManage/list', operator)).toMatchObject({
      allowed: false,
      reason: 'forbidden',
    });
    expect(decidePathAccess('/profile', operator).allowed).toBe(true);
  });

  it('lists the forbidden routes of a context', () => {
    expect(forbiddenRoutes(representative)).toEqual([]);
    const reader = forbiddenRoutes(context({ rights: rights({ memberUseYn: true }) }));
    expect(reader).toContain('/setting/gym');
    expect(reader).toContain('/pay/history');
    expect(reader).not.toContain('/memberManage/list');
    expect(reader).not.toContain('/');
  });

  it('opens the front desk preset its work, and refuses it the finances, naming the right (issue 27 item 8)', () => {
    const desk = context({
      rights: rights(ROLE_PRESETS.FRONT_DESK),
      approvedSubServices: new Set(['CONSULT', 'LOCKER', 'ENTER']),
    });
    for (const path of [
      '/memberManage/list',
      '/memberManage/list/info',
      '/memberManage/consult-list',
      '/crm',
      '/entry',
      '/locker',
      '/plan',
      '/manage/entryList',
      '/pay/payment',
      '/pay/history',
      '/sales/unpaid',
    ])
      expect(decidePathAccess(path, desk).allowed, path).toBe(true);
    for (const path of [
      '/sales/statistics',
      '/revenue/revenue-chart',
      '/revenue/revenue-history',
      '/pay/expenditure',
    ])
      expect(decidePathAccess(path, desk), path).toEqual({
        allowed: false,
        reason: 'forbidden',
        missing: 'financeUseYn',
      });
  });

  it('keeps the trainer preset away from payments and finances', () => {
    const trainer = context({ rights: rights(ROLE_PRESETS.TRAINER) });
    expect(decidePathAccess('/memberManage/list', trainer).allowed).toBe(true);
    expect(decidePathAccess('/pay/payment', trainer)).toMatchObject({ missing: 'payHistoryUseYn' });
    expect(decidePathAccess('/sales/statistics', trainer)).toMatchObject({ missing: 'financeUseYn' });
    expect(presetOf(ROLE_PRESETS.TRAINER)).toBe('TRAINER');
    expect(presetOf({ ...ROLE_PRESETS.TRAINER, financeUseYn: true })).toBeNull();
  });

  it('narrows the trainer preset to assigned customers, never the representative (docs/rules.md#customer-reach)', () => {
    expect(ROLE_PRESETS.TRAINER.assignedOnlyYn).toBe(true);
    expect([ROLE_PRESETS.MANAGER.assignedOnlyYn, ROLE_PRESETS.FRONT_DESK.assignedOnlyYn]).toEqual([
      false,
      false,
    ]);
    // The reach is part of the preset: the trainer's flags reaching everyone are a set of their own.
    expect(presetOf({ ...ROLE_PRESETS.TRAINER, assignedOnlyYn: false })).toBeNull();
    expect(presetOf({ ...ROLE_PRESETS.FRONT_DESK, assignedOnlyYn: true })).toBeNull();
    expect(reachesAssignedOnly(rights(ROLE_PRESETS.TRAINER))).toBe(true);
    expect(reachesAssignedOnly(rights({ assignedOnlyYn: true, representYn: true }))).toBe(false);
    expect(reachesAssignedOnly(rights(ROLE_PRESETS.MANAGER))).toBe(false);
  });

  it('opens the consultation list with consultUseYn alone, and the CRM only with the add-on (item 9)', () => {
    const consults = context({ rights: rights({ consultUseYn: true, subServiceUseYn: true }) });
    expect(decidePathAccess('/memberManage/consult-list', consults)).toEqual({ allowed: true });
    expect(decidePathAccess('/crm', consults)).toEqual({ allowed: false, reason: 'subService' });
  });
});
