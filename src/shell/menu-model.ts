import { type AccessContext, decidePathAccess } from '#domain/access.ts';
import type { SubServiceType } from '#domain/enums.ts';
import { ROUTE_NAMES } from '#domain/routes.ts';

/**
 * An entry of the side menu (docs/rules.md#app-shell).
 * - `to`: where it goes, or null while its page is not built yet (shown disabled, "coming soon");
 * - `access`: the SPEC path whose requirement (domain/access.ts) decides whether the entry shows;
 * - `subService`: an approved-service entry, shown only while that subscription is APPROVE;
 * - `newWindow`: CONSULT opens the consulting area in a new window with gymId and gymMaster=Y.
 */
export type MenuEntry = {
  key: string;
  labelKey: string;
  to: string | null;
  access: string;
  subService?: SubServiceType;
  newWindow?: boolean;
};

export type MenuGroup = { key: string; labelKey: string; entries: MenuEntry[] };

/** The facility settings pages, the representative's alone (domain/access.ts). */
export const SETTING_PATHS = {
  gym: ROUTE_NAMES.SETTING_GYM,
  permissions: '/setting/gym/permission',
  staff: '/setting/gym/worker/detail',
} as const;

// The member, consultation and add-on lists use the generic resource screens until their bespoke pages arrive.
export const MENU: readonly MenuGroup[] = [
  {
    key: 'member',
    labelKey: 'shell.menu.member',
    entries: [
      {
        key: 'memberList',
        labelKey: 'shell.menu.memberList',
        to: '/gym-member',
        access: ROUTE_NAMES.MEMBER_LIST,
      },
      {
        key: 'consultList',
        labelKey: 'shell.menu.consultList',
        to: '/consult',
        access: ROUTE_NAMES.CONSULT_LIST,
      },
    ],
  },
  {
    key: 'subService',
    labelKey: 'shell.menu.subService',
    entries: [
      {
        key: 'allServices',
        labelKey: 'shell.menu.allServices',
        to: '/gym-sub-service',
        access: ROUTE_NAMES.SUBSERVICE,
      },
      {
        key: 'message',
        labelKey: 'shell.menu.message',
        to: null,
        access: ROUTE_NAMES.SUBSERVICE_GROUP_SNS,
        subService: 'MESSAGE',
      },
      {
        key: 'consulting',
        labelKey: 'shell.menu.consulting',
        to: ROUTE_NAMES.CONSULTING,
        access: ROUTE_NAMES.CONSULTING,
        subService: 'CONSULT',
        newWindow: true,
      },
      {
        key: 'contract',
        labelKey: 'shell.menu.contract',
        to: null,
        access: ROUTE_NAMES.CONTRACT,
        subService: 'CONTRACT',
      },
      {
        key: 'entry',
        labelKey: 'shell.menu.entry',
        to: null,
        access: ROUTE_NAMES.ENTRY,
        subService: 'ENTER',
      },
      {
        key: 'locker',
        labelKey: 'shell.menu.locker',
        to: null,
        access: ROUTE_NAMES.LOCKER,
        subService: 'LOCKER',
      },
    ],
  },
  {
    key: 'payment',
    labelKey: 'shell.menu.payment',
    entries: [
      {
        key: 'paymentHistory',
        labelKey: 'shell.menu.paymentHistory',
        to: null,
        access: ROUTE_NAMES.SERVICE_PAYMENT_HISTORY,
      },
    ],
  },
  {
    key: 'settings',
    labelKey: 'shell.menu.settings',
    entries: [
      {
        key: 'gymSettings',
        labelKey: 'shell.menu.gymSettings',
        to: ROUTE_NAMES.SETTING_GYM,
        access: ROUTE_NAMES.SETTING_GYM,
      },
      {
        key: 'permissions',
        labelKey: 'shell.menu.permissions',
        to: SETTING_PATHS.permissions,
        access: SETTING_PATHS.permissions,
      },
      {
        key: 'staff',
        labelKey: 'shell.menu.staff',
        to: SETTING_PATHS.staff,
        access: SETTING_PATHS.staff,
      },
    ],
  },
];

/**
 * The entries this member may see in the selected facility: what the permission set forbids is hidden, and an
 * approved-service entry shows only while its add-on is APPROVE. Without a selected facility the plain entries stay
 * (their pages then ask to pick one), and the add-on entries go.
 */
export const visibleMenu = (context: AccessContext): MenuGroup[] =>
  MENU.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => {
      const decision = decidePathAccess(entry.access, context);
      if (decision.allowed) return true;
      return decision.reason === 'noFacility' && !entry.subService;
    }),
  }));

/** CONSULT's target (docs/rules.md#add-ons): the consulting area for this facility, as its master. */
export const consultingUrl = (gymId: number): string =>
  `${ROUTE_NAMES.CONSULTING}?${new URLSearchParams({ gymId: String(gymId), gymMaster: 'Y' })}`;

/**
 * The icon rail of HOME, PAYMENT_METHOD and PROFILE (docs/rules.md#app-shell); a null target is not built
 * yet.
 */
export const RAIL: readonly {
  key: 'home' | 'paymentMethod' | 'profile';
  labelKey: string;
  to: string | null;
}[] = [
  { key: 'home', labelKey: 'shell.rail.home', to: ROUTE_NAMES.HOME },
  { key: 'paymentMethod', labelKey: 'shell.rail.paymentMethod', to: null },
  { key: 'profile', labelKey: 'shell.rail.profile', to: ROUTE_NAMES.PROFILE },
];
