import { type AccessContext, decidePathAccess } from '#domain/access.ts';
import type { SubServiceType } from '#domain/enums.ts';
import { ROUTE_NAMES } from '#domain/routes.ts';

/**
 * An entry of the side menu (docs/rules.md#app-shell).
 * - `to`: where it goes; the access table (domain/access.ts) decides by this path whether the entry shows;
 * - `plannedPath`: instead of `to`, while the page is not built yet: the entry shows disabled ("coming soon"),
 *   when the access table would let the user open that path;
 * - `subService`: an approved-service entry (its path needs that add-on APPROVE);
 * - `newWindow`: CONSULT opens the consulting area in a new window with gymId and gymMaster=Y.
 */
export type MenuEntry = {
  key: string;
  labelKey: string;
  subService?: SubServiceType;
  newWindow?: boolean;
} & ({ to: string; plannedPath?: never } | { to: null; plannedPath: string });

/** The path an entry opens, or will open once its page is built. */
export const pathOf = (entry: MenuEntry): string => entry.to ?? entry.plannedPath;

export type MenuGroup = { key: string; labelKey: string; entries: MenuEntry[] };

/** The facility settings pages, the representative's alone (domain/access.ts). */
export const SETTING_PATHS = {
  gym: ROUTE_NAMES.SETTING_GYM,
  permissions: '/setting/gym/permission',
  staff: '/setting/gym/worker/detail',
  audit: '/setting/gym/audit',
} as const;

// The consultation and add-on lists use the generic resource screens until their bespoke pages arrive;
// the entries name those screens' paths, which the access table knows.
export const MENU: readonly MenuGroup[] = [
  {
    key: 'member',
    labelKey: 'shell.menu.member',
    entries: [
      {
        key: 'memberList',
        labelKey: 'shell.menu.memberList',
        to: '/memberManage/list',
      },
      {
        key: 'passProducts',
        labelKey: 'shell.menu.passProducts',
        to: '/ticket/list',
      },
      {
        key: 'soldPasses',
        labelKey: 'shell.menu.soldPasses',
        to: '/ticket/issueList',
      },
      {
        key: 'consultList',
        labelKey: 'shell.menu.consultList',
        to: '/memberManage/consult-list',
      },
      {
        key: 'schedule',
        labelKey: 'shell.menu.schedule',
        to: '/plan/schedule',
      },
      {
        key: 'reservations',
        labelKey: 'shell.menu.reservations',
        to: '/plan/reservationHistory',
      },
      {
        key: 'trainers',
        labelKey: 'shell.menu.trainers',
        to: '/trainer',
      },
      {
        key: 'entryList',
        labelKey: 'shell.menu.entryList',
        to: '/manage/entryList',
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
      },
      {
        key: 'message',
        labelKey: 'shell.menu.message',
        to: ROUTE_NAMES.SUBSERVICE_GROUP_SNS,
        subService: 'MESSAGE',
      },
      {
        key: 'consulting',
        labelKey: 'shell.menu.consulting',
        to: ROUTE_NAMES.CONSULTING,
        subService: 'CONSULT',
        newWindow: true,
      },
      {
        key: 'contract',
        labelKey: 'shell.menu.contract',
        to: null,
        plannedPath: ROUTE_NAMES.CONTRACT,
        subService: 'CONTRACT',
      },
      {
        key: 'entry',
        labelKey: 'shell.menu.entry',
        to: ROUTE_NAMES.ENTRY,
        subService: 'ENTER',
      },
      {
        key: 'locker',
        labelKey: 'shell.menu.locker',
        to: ROUTE_NAMES.LOCKER,
        subService: 'LOCKER',
      },
    ],
  },
  {
    key: 'payment',
    labelKey: 'shell.menu.payment',
    entries: [
      {
        key: 'desk',
        labelKey: 'shell.menu.desk',
        to: '/pay/payment',
      },
      {
        key: 'payHistory',
        labelKey: 'shell.menu.payHistory',
        to: '/pay/history',
      },
      {
        key: 'unpaid',
        labelKey: 'shell.menu.unpaid',
        to: '/sales/unpaid',
      },
      {
        key: 'salesList',
        labelKey: 'shell.menu.salesList',
        to: '/sales/management',
      },
      {
        key: 'statistics',
        labelKey: 'shell.menu.statistics',
        to: '/sales/statistics',
      },
      {
        key: 'revenueHistory',
        labelKey: 'shell.menu.revenueHistory',
        to: '/revenue/revenue-history',
      },
      {
        key: 'revenueChart',
        labelKey: 'shell.menu.revenueChart',
        to: '/revenue/revenue-chart',
      },
      {
        key: 'expenditure',
        labelKey: 'shell.menu.expenditure',
        to: '/pay/expenditure',
      },
      {
        key: 'receipts',
        labelKey: 'shell.menu.receipts',
        to: '/manage/receipt',
      },
      {
        key: 'products',
        labelKey: 'shell.menu.products',
        to: '/product/manage',
      },
      {
        key: 'productGroups',
        labelKey: 'shell.menu.productGroups',
        to: '/product/group',
      },
      {
        key: 'promotions',
        labelKey: 'shell.menu.promotions',
        to: '/product/promotion',
      },
      {
        key: 'paymentHistory',
        labelKey: 'shell.menu.paymentHistory',
        to: null,
        plannedPath: ROUTE_NAMES.SERVICE_PAYMENT_HISTORY,
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
      },
      {
        key: 'permissions',
        labelKey: 'shell.menu.permissions',
        to: SETTING_PATHS.permissions,
      },
      {
        key: 'staff',
        labelKey: 'shell.menu.staff',
        to: SETTING_PATHS.staff,
      },
      {
        key: 'audit',
        labelKey: 'shell.menu.audit',
        to: SETTING_PATHS.audit,
      },
      {
        key: 'messageSender',
        labelKey: 'messageSettings.menu.senders',
        to: '/setting/gym/messagesender',
      },
      {
        key: 'kakaoChannel',
        labelKey: 'messageSettings.menu.channel',
        to: '/setting/gym/kakaochannel',
      },
    ],
  },
];

/**
 * The entries this member may open in the selected facility (docs/rules.md#access-table), decided by the access
 * table on the path each entry opens: what the permission set forbids is hidden, an approved-service entry shows
 * only while its add-on is APPROVE, and without a selected ACTIVE facility no facility entry shows.
 */
export const visibleMenu = (context: AccessContext, menu: readonly MenuGroup[] = MENU): MenuGroup[] =>
  menu.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => decidePathAccess(pathOf(entry), context).allowed),
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
