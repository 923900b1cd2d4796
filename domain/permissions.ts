// The facility permission flags (docs/rules.md#permissions). The server enforces them on every call; the web
// app mirrors them.

export const useFlags = [
  'memberUseYn',
  'consultUseYn',
  'subServiceUseYn',
  'adMessageUseYn',
  'payHistoryUseYn',
] as const;
export const settingFlags = [
  'memberSettingYn',
  'consultSettingYn',
  'subServiceSettingYn',
  'adMessageSettingYn',
  'payHistorySettingYn',
] as const;
/**
 * The business's finances: statistics, revenue recognition, expenditure, net profit, payroll and other trainers'
 * pay (docs/rules.md#permissions, docs/DECISIONS.md). One flag, read and change alike.
 */
export const financeFlags = ['financeUseYn'] as const;
export const permissionFlags = [...useFlags, ...settingFlags, ...financeFlags] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

/** What a facility's permission set grants: the eleven flags and the representative's blanket right. */
export type GymRights = Record<PermissionFlag, boolean> & { representYn: boolean };

/**
 * A right a route requires inside one facility:
 * - a flag of the table;
 * - `staff`: any ACTIVE link to the facility;
 * - `represent`: the representative set only.
 */
export type GymRight = PermissionFlag | 'staff' | 'represent';

export const hasRight = (rights: GymRights, right: GymRight): boolean => {
  if (rights.representYn) return true;
  if (right === 'staff') return true;
  if (right === 'represent') return false;
  return rights[right];
};

export const allFlags = (value: boolean): Record<PermissionFlag, boolean> =>
  Object.fromEntries(permissionFlags.map((flag) => [flag, value])) as Record<PermissionFlag, boolean>;

/** The role presets a representative picks when approving staff or creating a set, then adjusts. */
export const rolePresets = ['MANAGER', 'FRONT_DESK', 'TRAINER'] as const;
export type RolePreset = (typeof rolePresets)[number];

/**
 * The flags each preset fills (docs/rules.md#permissions; the table of DESIGN 10.3):
 * - MANAGER (매니저): everything but facility settings and platform billing, which only the representative holds;
 * - FRONT_DESK (프런트): customers, selling and collecting, check-in, lockers, schedule and consultations, no finances;
 * - TRAINER (트레이너): their customers' passes and sessions, their schedule and their own pay; no payment amounts
 *   of customers (no payHistoryUseYn) and no colleague's pay (no financeUseYn).
 */
export const ROLE_PRESETS: Readonly<Record<RolePreset, Record<PermissionFlag, boolean>>> = {
  MANAGER: allFlags(true),
  FRONT_DESK: {
    ...allFlags(false),
    memberUseYn: true,
    memberSettingYn: true,
    consultUseYn: true,
    consultSettingYn: true,
    subServiceUseYn: true,
    payHistoryUseYn: true,
    payHistorySettingYn: true,
  },
  TRAINER: {
    ...allFlags(false),
    memberUseYn: true,
    memberSettingYn: true,
    consultUseYn: true,
    subServiceUseYn: true,
  },
};

/** The preset whose flags a set holds exactly, or null for a set adjusted away from every preset. */
export const presetOf = (flags: Record<PermissionFlag, boolean>): RolePreset | null =>
  rolePresets.find((preset) =>
    permissionFlags.every((flag) => Boolean(flags[flag]) === ROLE_PRESETS[preset][flag]),
  ) ?? null;
