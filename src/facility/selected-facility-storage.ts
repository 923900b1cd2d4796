import { attempt, type KeyValueStorage } from '../session/stored-session.ts';

/** sessionStorage key of the selected facility (docs/rules.md#facility-selection). */
export const SELECTED_FACILITY_KEY = 'selectedGymId';

export type SelectedFacilityStorage = {
  get: () => number | null;
  set: (gymId: number) => void;
  clear: () => void;
};

export const createSelectedFacilityStorage = (
  storage: KeyValueStorage | undefined,
): SelectedFacilityStorage => ({
  get: () => {
    const id = Number(attempt(() => storage?.getItem(SELECTED_FACILITY_KEY) ?? '', ''));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  },
  set: (gymId) => attempt(() => storage?.setItem(SELECTED_FACILITY_KEY, String(gymId)), undefined),
  clear: () => attempt(() => storage?.removeItem(SELECTED_FACILITY_KEY), undefined),
});
