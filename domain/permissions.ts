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

/**
 * A set's reach over the facility's customers (docs/rules.md#customer-reach): `assignedOnlyYn` limits its holder
 * to the customers assigned to them (their 담당 회원), their passes and bookings, and to the lessons they teach.
 * It narrows the flags, never widens them, and the representative set is never narrowed.
 */
export type CustomerReach = { assignedOnlyYn: boolean };

/** The flags of a set with its reach: what a role preset fills and a set stores. */
export type SetRights = Record<PermissionFlag, boolean> & CustomerReach;

/**
 * What a facility's permission set grants: the eleven flags, the representative's blanket right and its reach
 * (absent: every customer).
 */
export type GymRights = Record<PermissionFlag, boolean> & Partial<CustomerReach> & { representYn: boolean };

/** Whether the holder reaches only the customers assigned to them (the representative always reaches all). */
export const reachesAssignedOnly = (rights: Pick<GymRights, 'representYn' | 'assignedOnlyYn'>): boolean =>
  !rights.representYn && Boolean(rights.assignedOnlyYn);

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
 * - TRAINER (트레이너): their assigned customers' passes and sessions (`assignedOnlyYn`), the lessons they teach
 *   and their own pay; no payment amounts of customers (no payHistoryUseYn) and no colleague's pay (no
 *   financeUseYn).
 */
export const ROLE_PRESETS: Readonly<Record<RolePreset, SetRights>> = {
  MANAGER: { ...allFlags(true), assignedOnlyYn: false },
  FRONT_DESK: {
    assignedOnlyYn: false,
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
    assignedOnlyYn: true,
    memberUseYn: true,
    memberSettingYn: true,
    consultUseYn: true,
    subServiceUseYn: true,
  },
};

/** The preset whose flags and reach a set holds exactly, or null for a set adjusted away from every preset. */
export const presetOf = (set: Record<PermissionFlag, boolean> & Partial<CustomerReach>): RolePreset | null =>
  rolePresets.find(
    (preset) =>
      Boolean(set.assignedOnlyYn) === ROLE_PRESETS[preset].assignedOnlyYn &&
      permissionFlags.every((flag) => Boolean(set[flag]) === ROLE_PRESETS[preset][flag]),
  ) ?? null;
