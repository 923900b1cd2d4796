import { type GymStatus, gymStatuses } from '#domain/enums.ts';
import { matchesCompact } from '#domain/rules/text.ts';
import type { Gym } from '#domain/schemas/gym.ts';

/** The status filter (docs/rules.md#home): NONE (every status) plus each facility status. */
export const statusFilterOptions = ['NONE', ...gymStatuses] as const;
export type StatusFilter = (typeof statusFilterOptions)[number];

export type FacilityFilter = { keyword: string; status: StatusFilter };

export const EMPTY_FILTER: FacilityFilter = { keyword: '', status: 'NONE' };

export const isFilterActive = (filter: FacilityFilter): boolean =>
  filter.keyword.trim() !== '' || filter.status !== 'NONE';

/**
 * docs/rules.md#lists-and-search: the keyword ignores all whitespace, in itself and in the name, and matches
 * a substring; the status NONE lets every status through.
 */
export const filterFacilities = <T extends Pick<Gym, 'name' | 'gymStatus'>>(
  facilities: readonly T[],
  { keyword, status }: FacilityFilter,
): T[] =>
  facilities.filter(
    (gym) => (status === 'NONE' || gym.gymStatus === status) && matchesCompact(gym.name, keyword),
  );

const DASH = '-';

const orDash = (value: string | null | undefined): string => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : DASH;
};

/** A card's second line: "business number | representative name", a dash for either when it is missing. */
export const cardSubtitle = (gym: Pick<Gym, 'businessNo' | 'representName'>): string =>
  `${orDash(gym.businessNo)} | ${orDash(gym.representName)}`;

/** The locale key of a status label (shared with the generic screens). */
export const gymStatusLabelKey = (status: GymStatus): string => `enums.gymStatus.${status}`;

/** The locale key of a status-filter option. */
export const statusFilterLabelKey = (status: StatusFilter): string =>
  status === 'NONE' ? 'home.panel.allStatuses' : gymStatusLabelKey(status);
