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
export const permissionFlags = [...useFlags, ...settingFlags] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

/** What a facility's permission set grants: the ten flags and the representative's blanket right. */
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
