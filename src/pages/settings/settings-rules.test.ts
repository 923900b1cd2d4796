import { describe, expect, it } from 'vitest';
import type { GymMemberStatus } from '#domain/enums.ts';
import { allFlags, permissionFlags } from '#domain/permissions.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import {
  confirmsClosing,
  controlsOf,
  defaultSetId,
  MATRIX_AREAS,
  orderSets,
  shownFlag,
  splitStaff,
} from './settings-rules.ts';

const set = (id: number, state: { representYn?: boolean; defaultYn?: boolean } = {}) => ({
  id,
  representYn: false,
  defaultYn: false,
  ...allFlags(false),
  ...state,
});

describe('the permission matrix', () => {
  it('has a column for each of the eleven permission flags, once', () => {
    const columns = MATRIX_AREAS.flatMap((area) => area.flags);
    expect(columns).toHaveLength(11);
    expect(new Set(columns)).toEqual(new Set(permissionFlags));
  });

  it('locks the representative set: no flag changes, never the default, never deleted', () => {
    expect(controlsOf(set(1, { representYn: true }))).toEqual({
      flagsLocked: true,
      canBeDefault: false,
      deleteBlockedBy: 'represent',
    });
  });

  it('keeps the default set until another becomes the default', () => {
    expect(controlsOf(set(2, { defaultYn: true }))).toEqual({
      flagsLocked: false,
      canBeDefault: true,
      deleteBlockedBy: 'default',
    });
  });

  it('lets any other set be changed, made the default or deleted', () => {
    expect(controlsOf(set(3))).toEqual({ flagsLocked: false, canBeDefault: true, deleteBlockedBy: null });
  });

  it('shows every right ticked for the representative, and the stored flags for the others', () => {
    expect(shownFlag(set(1, { representYn: true }), 'payHistorySettingYn')).toBe(true);
    expect(shownFlag(set(2), 'payHistorySettingYn')).toBe(false);
    expect(shownFlag({ ...set(3), memberUseYn: true }, 'memberUseYn')).toBe(true);
  });

  it('lists the representative set first, then the others by creation', () => {
    const ordered = orderSets([set(5), set(2, { defaultYn: true }), set(9, { representYn: true })]);
    expect(ordered.map((s) => s.id)).toEqual([9, 2, 5]);
  });

  it('preselects the default set for an approval, never the representative set', () => {
    expect(defaultSetId([set(1, { representYn: true }), set(2), set(3, { defaultYn: true })])).toBe(3);
    expect(defaultSetId([set(1, { representYn: true }), set(4)])).toBe(4);
    expect(defaultSetId([set(1, { representYn: true })])).toBeUndefined();
  });
});

const link = (id: number, status: GymMemberStatus, workerYn = true) =>
  ({ id, status, workerYn }) as unknown as GymMember;

describe('the staff list', () => {
  it('puts requests apart from staff and leaves out those who left and customers', () => {
    const { pending, staff } = splitStaff([
      link(4, 'ACTIVE'),
      link(1, 'WAIT'),
      link(3, 'INACTIVE'),
      link(2, 'QUIT'),
      link(5, 'WAIT', false),
    ]);
    expect(pending.map((l) => l.id)).toEqual([1]);
    expect(staff.map((l) => l.id)).toEqual([3, 4]);
  });
});

describe('closing a facility', () => {
  it('needs the name typed exactly', () => {
    expect(confirmsClosing('Iron Gym', 'Iron Gym')).toBe(true);
    expect(confirmsClosing('iron gym', 'Iron Gym')).toBe(false);
    expect(confirmsClosing('Iron Gym ', 'Iron Gym')).toBe(false);
    expect(confirmsClosing('', '')).toBe(false);
  });
});
