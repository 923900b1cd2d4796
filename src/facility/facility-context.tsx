import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SubServiceType } from '#domain/enums.ts';
import { type GymRights, permissionFlags, reachesAssignedOnly } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { GymSubServiceItem } from '#domain/schemas/sub-service.ts';
import { useSessionMember } from '../session/session-context.tsx';
import type { FacilityApi } from './facility-api.ts';
import type { SelectedFacilityStorage } from './selected-facility-storage.ts';

/** The current-facility context (docs/rules.md#facility-selection), and what the shell derives from it. */
export type FacilityState = {
  api: FacilityApi;
  /** The member's facilities (ACTIVE links); undefined while loading. */
  facilities: Gym[] | undefined;
  facilitiesLoading: boolean;
  facilitiesError: unknown;
  /** Every link of the member, pending worker requests included. */
  links: GymMember[];
  selected: Gym | null;
  select: (gymId: number | null) => void;
  gymMember: GymMember | null;
  gymAuth: GymAuth | null;
  isWorker: boolean;
  /** The rights of an ACTIVE link's permission set; null without one (or while it loads). */
  rights: GymRights | null;
  /** True until the selected facility's link, set and add-ons have loaded. */
  contextLoading: boolean;
  subServices: GymSubServiceItem[];
  approvedSubServices: ReadonlySet<SubServiceType>;
  refetchSubServices: () => Promise<unknown>;
  /** Reloads the facility list and the links (after creating or resubmitting a facility). */
  refresh: () => Promise<unknown>;
};

const FacilityContext = createContext<FacilityState | null>(null);

export const facilityKeys = {
  all: ['facility'] as const,
  list: (memberId: number) => ['facility', 'list', memberId] as const,
  links: (memberId: number) => ['facility', 'links', memberId] as const,
  gymAuth: (id: number) => ['facility', 'gym-auth', id] as const,
  subServices: (gymId: number) => ['facility', 'sub-services', gymId] as const,
};

const rightsOf = (set: GymAuth): GymRights => ({
  ...(Object.fromEntries(permissionFlags.map((flag) => [flag, set[flag]])) as Record<
    (typeof permissionFlags)[number],
    boolean
  >),
  representYn: set.representYn,
  assignedOnlyYn: set.assignedOnlyYn,
});

const NO_SUB_SERVICES: GymSubServiceItem[] = [];

/**
 * docs/rules.md#facility-selection: the first facility is chosen when the list loads (unless the stored
 * choice is still in it), the choice persists in sessionStorage, and a change re-resolves gymMember, gymAuth
 * and isWorker, or clears them when no link exists.
 */
export function FacilityProvider({
  api,
  storage,
  children,
}: {
  api: FacilityApi;
  storage: SelectedFacilityStorage;
  children?: ReactNode;
}) {
  const member = useSessionMember();
  const memberId = member?.id ?? null;
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(() => storage.get());

  const select = useCallback(
    (gymId: number | null) => {
      setSelectedId(gymId);
      if (gymId === null) storage.clear();
      else storage.set(gymId);
    },
    [storage],
  );

  // Another account, or none (logout, an expired session): the old choice does not carry over.
  const [owner, setOwner] = useState(memberId);
  if (owner !== memberId) {
    setOwner(memberId);
    if (owner !== null) select(null);
  }

  const list = useQuery({
    queryKey: facilityKeys.list(memberId ?? 0),
    queryFn: () => api.gymList(memberId!),
    enabled: memberId !== null,
  });
  const linksQuery = useQuery({
    queryKey: facilityKeys.links(memberId ?? 0),
    queryFn: () => api.links(memberId!),
    enabled: memberId !== null,
  });

  const facilities = memberId === null ? undefined : list.data;
  const links = linksQuery.data ?? [];

  // When the list loads (not whenever the choice is cleared: leaving HOME may clear it): keep a stored choice that
  // is still there, or take the first facility.
  const current = useRef(selectedId);
  current.current = selectedId;
  const loadedAt = list.dataUpdatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load is the trigger.
  useEffect(() => {
    if (!facilities) return;
    if (current.current !== null && facilities.some((gym) => gym.id === current.current)) return;
    select(facilities[0]?.id ?? null);
  }, [loadedAt, memberId]);

  const selected = facilities?.find((gym) => gym.id === selectedId) ?? null;
  const gymMember = selected ? (links.find((link) => link.gymId === selected.id) ?? null) : null;
  const activeLink = gymMember?.status === 'ACTIVE' ? gymMember : null;
  const gymAuthId = activeLink?.gymAuthId ?? null;

  const authQuery = useQuery({
    queryKey: facilityKeys.gymAuth(gymAuthId ?? 0),
    queryFn: () => api.myGymAuth(activeLink!.gymId),
    enabled: gymAuthId !== null,
  });
  const subServicesQuery = useQuery({
    queryKey: facilityKeys.subServices(activeLink?.gymId ?? 0),
    queryFn: () => api.subServices(activeLink!.gymId),
    enabled: activeLink !== null,
  });

  const gymAuth = gymAuthId !== null ? (authQuery.data ?? null) : null;
  const subServices = activeLink ? (subServicesQuery.data ?? NO_SUB_SERVICES) : NO_SUB_SERVICES;
  const contextLoading =
    list.isLoading ||
    linksQuery.isLoading ||
    (gymAuthId !== null && authQuery.isLoading) ||
    (activeLink !== null && subServicesQuery.isLoading);

  const approvedSubServices = useMemo(
    () =>
      new Set(
        subServices
          .filter((item) => item.gymSubService.gymSubServiceStatus === 'APPROVE')
          .map((item) => item.service.gymSubServiceType),
      ),
    [subServices],
  );

  const refetchSubServices = subServicesQuery.refetch;
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: facilityKeys.all }),
    [queryClient],
  );

  const value: FacilityState = {
    api,
    facilities,
    facilitiesLoading: list.isLoading,
    facilitiesError: list.error,
    links,
    selected,
    select,
    gymMember,
    gymAuth,
    isWorker: gymMember?.workerYn ?? false,
    // Only an ACTIVE facility drives the shell (docs/rules.md#facility-selection): a draft or one under
    // review opens no facility page.
    rights: activeLink && gymAuth && selected?.gymStatus === 'ACTIVE' ? rightsOf(gymAuth) : null,
    contextLoading,
    subServices,
    approvedSubServices,
    refetchSubServices,
    refresh,
  };

  return <FacilityContext.Provider value={value}>{children}</FacilityContext.Provider>;
}

export const useFacility = (): FacilityState => {
  const state = useContext(FacilityContext);
  if (!state) throw new Error('useFacility needs a <FacilityProvider>.');
  return state;
};

/** The facility calls, for pages that change facilities (create a draft, resubmit). */
export const useFacilityApi = (): FacilityApi => useFacility().api;

/**
 * The member id a narrowed set binds the caller to (docs/rules.md#customer-reach): their own, when their set reaches
 * only the customers assigned to them and the lessons they teach; null when it reaches everyone. The forms fix a
 * trainer field to it, as the server does.
 */
export const useAssignedTrainer = (): number | null => {
  const { rights, gymMember } = useFacility();
  return rights && gymMember && reachesAssignedOnly(rights) ? gymMember.memberId : null;
};
