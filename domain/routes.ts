// The route names and the product paths (docs/rules.md#routes-and-layouts). The web app registers a path only
// once its page is built; the access table (domain/access.ts) covers every path, so the guard and the server
// cannot drift apart.

/** The route names the shell uses, with their paths (docs/rules.md#routes-and-layouts). */
export const ROUTE_NAMES = {
  HOME: '/',
  LOGIN: '/login',
  SELECT: '/select',
  CRM: '/crm',
  ENTRY: '/entry',
  PAYMENT_METHOD: '/payment-method',
  PROFILE: '/profile',
  MEMBER_LIST: '/memberManage/list',
  CONSULT_LIST: '/memberManage/consult-list',
  SUBSERVICE: '/subservice',
  SUBSERVICE_GROUP_SNS: '/subservice/groupsns',
  CONSULTING: '/consulting',
  CONTRACT: '/contract',
  NUTRITION: '/manage/nutrition',
  LOCKER: '/locker',
  SERVICE_PAYMENT_HISTORY: '/service-payment/history',
  SETTING_GYM: '/setting/gym',
} as const;

export type RouteName = keyof typeof ROUTE_NAMES;

/** Every path of the product, built or not yet (docs/rules.md#routes-and-layouts). */
export const SPEC_PATHS = [
  '/select',
  '/login',
  '/join',
  '/join/worker',
  '/entry',
  '/',
  '/payment-method',
  '/profile',
  '/plan/schedule',
  '/plan/schedule/lessondetail',
  '/plan/reservationHistory',
  '/plan/reservationHistory/info',
  '/reservation/req',
  '/ticket/list',
  '/ticket/list/add',
  '/ticket/list/info',
  '/ticket/issueList',
  '/ticket/issueList/info',
  '/product/manage',
  '/product/manage/info',
  '/product/manage/add',
  '/product/manage/detail',
  '/product/group',
  '/product/promotion',
  '/memberManage/list',
  '/memberManage/list/info',
  '/trainer',
  '/trainer/info',
  '/setting/gym',
  '/setting/gym/permission',
  '/setting/gym/audit',
  '/setting/gym/worker/detail',
  '/setting/gym/kakaochannel',
  '/setting/gym/messagesender',
  '/options/faq',
  '/options/faq/detail',
  '/sales/unpaid',
  '/sales/management',
  '/sales/statistics',
  '/revenue/revenue-history',
  '/revenue/revenue-chart',
  '/locker',
  '/manage/receipt',
  '/manage/entryList',
  '/manage/inbody',
  '/manage/inbody/info',
  '/manage/training',
  '/manage/diet',
  '/manage/nutrition',
  '/manage/nutrition/info',
  '/pay/payment',
  '/pay/expenditure',
  '/pay/history',
  '/contract',
  '/subservice',
  '/subservice/groupsns',
  '/subservice/groupsns/add',
  '/memberManage/consult-list',
  '/service-payment',
  '/service-payment/history',
  '/consulting',
  '/consulting/write',
  '/consulting/waiting',
  '/consulting/result',
  '/consulting/finish',
  '/consulting/finishGym',
  '/crm',
] as const;

export type SpecPath = (typeof SPEC_PATHS)[number];

/** `/a/b/` and `/a/b` are one page. */
export const normalizePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

/** True when `pathname` is `base` or lies below it. */
export const isUnder = (pathname: string, base: string): boolean => {
  const path = normalizePath(pathname);
  return base === '/' ? path === '/' : path === base || path.startsWith(`${base}/`);
};
