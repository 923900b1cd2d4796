import type { GymMemberStatus } from '#domain/enums.ts';
import { type PermissionFlag, presetOf, type RolePreset } from '#domain/permissions.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';

// The pure rules behind the facility settings pages: what the permission matrix lets the representative change,
// how the staff list splits, how invitations are read, and the typed confirmation of closing a facility.

/**
 * The matrix's column groups: each area's "use" flag beside its "setting" flag (docs/rules.md#permissions).
 */
export const MATRIX_AREAS: readonly {
  key: string;
  /** The "use" flag and the "setting" flag; the finances have one flag for both. */
  flags: readonly [PermissionFlag, PermissionFlag] | readonly [PermissionFlag];
}[] = [
  { key: 'member', flags: ['memberUseYn', 'memberSettingYn'] },
  { key: 'consult', flags: ['consultUseYn', 'consultSettingYn'] },
  { key: 'subService', flags: ['subServiceUseYn', 'subServiceSettingYn'] },
  { key: 'adMessage', flags: ['adMessageUseYn', 'adMessageSettingYn'] },
  { key: 'payHistory', flags: ['payHistoryUseYn', 'payHistorySettingYn'] },
  { key: 'finance', flags: ['financeUseYn'] },
];

type SetState = Pick<GymAuth, 'representYn' | 'defaultYn'>;

export type SetControls = {
  /** The representative set holds every right by itself: its flags are shown on and cannot change. */
  flagsLocked: boolean;
  /** Only a worker's set can be what new staff get; the representative set is never handed out. */
  canBeDefault: boolean;
  /** Why the set cannot be deleted, or null when it can. */
  deleteBlockedBy: 'represent' | 'default' | null;
};

/** What the matrix lets the representative do with one set (the server refuses the same, with 409). */
export const controlsOf = (set: SetState): SetControls => ({
  flagsLocked: set.representYn,
  canBeDefault: !set.representYn,
  deleteBlockedBy: set.representYn ? 'represent' : set.defaultYn ? 'default' : null,
});

/** The tick a cell shows: the representative set has every right whatever its stored flags say. */
export const shownFlag = (set: SetState & Record<PermissionFlag, boolean>, flag: PermissionFlag): boolean =>
  set.representYn || set[flag];

/** The representative set first, then the others as created. */
export const orderSets = <T extends SetState & { id: number }>(sets: readonly T[]): T[] =>
  [...sets].sort((a, b) => Number(b.representYn) - Number(a.representYn) || a.id - b.id);

/** The set a newly approved worker gets unless the representative picks another: the facility's default. */
export const defaultSetId = (sets: readonly (SetState & { id: number })[]): number | undefined =>
  sets.find((set) => set.defaultYn && !set.representYn)?.id ?? sets.find((set) => !set.representYn)?.id;

/**
 * The set that holds a role preset's flags exactly (docs/rules.md#permissions), so that picking the preset again
 * gives that set rather than a copy; undefined when none does yet (the preset's set is then created).
 */
export const setOfPreset = <T extends SetState & { id: number } & Record<PermissionFlag, boolean>>(
  sets: readonly T[],
  preset: RolePreset,
): T | undefined => sets.find((set) => !set.representYn && presetOf(set) === preset);

/** Staff links, pending requests apart; those who left (QUIT) are not listed. */
export const splitStaff = (links: readonly GymMember[]) => {
  const byId = (a: GymMember, b: GymMember) => a.id - b.id;
  const with_ = (statuses: readonly GymMemberStatus[]) =>
    links.filter((link) => link.workerYn && statuses.includes(link.status)).sort(byId);
  const waiting = with_(['WAIT']);
  // docs/rules.md#permissions: an invitation waits for the invited person, a request for the representative.
  return {
    pending: waiting.filter((link) => !link.invited),
    invited: waiting.filter((link) => link.invited),
    staff: with_(['ACTIVE', 'INACTIVE']),
  };
};

/** Closing asks for the facility's name, typed exactly (case and spaces count). */
export const confirmsClosing = (typed: string, name: string): boolean => name.length > 0 && typed === name;
