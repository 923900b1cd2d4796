// Which page needs what (docs/rules.md#access-table): the facility rights of domain/permissions.ts, the
// add-on that must be APPROVE, or the operator. The web app's access gate, side menu and generic screens read this
// table by the path the user opens; the server enforces the same rights on the endpoints those pages call.
import type { SubServiceType } from './enums.ts';
import { type GymRight, type GymRights, hasRight } from './permissions.ts';
import type { Operation, ResourceDeclaration } from './resources/define.ts';
import { resources } from './resources/index.ts';
import { isUnder, normalizePath, SPEC_PATHS } from './routes.ts';

export type PageRequirement = {
  /** Facility rights the page needs, all of them, in the selected facility. None: an account page. */
  rights?: readonly GymRight[];
  /** The add-on whose subscription must be APPROVE for the selected facility (docs/rules.md#add-ons). */
  subService?: SubServiceType;
  /** Platform operators only. */
  superadmin?: true;
};

const account: PageRequirement = {};
const members: PageRequirement = { rights: ['memberUseYn'] };
const money: PageRequirement = { rights: ['payHistoryUseYn'] };
// The business's finances: statistics, revenue recognition, expenditure (payroll) and net profit.
const finance: PageRequirement = { rights: ['financeUseYn'] };
const addOn = (subService: SubServiceType, ...rights: GymRight[]): PageRequirement => ({
  rights: ['subServiceUseYn', ...rights],
  subService,
});

/** The generic screens' paths under `/<name>` and the operation each one performs. */
const SCREEN_OPERATIONS: Readonly<Record<string, Operation>> = {
  '': 'list',
  '/create': 'create',
  '/edit': 'update',
  '/show': 'get',
};

/**
 * The generic screens of the declared resources that a facility right opens (`/<name>`, `/<name>/create`,
 * `/<name>/edit/:id`, `/<name>/show/:id`; docs/architecture.md#resource-engine): each needs the right its
 * declaration gives the operation. The operator's screens are under `/admin`.
 */
export const resourceScreenRequirements = (
  declarations: readonly ResourceDeclaration[],
): Record<string, PageRequirement> =>
  Object.fromEntries(
    declarations
      .filter(
        (declaration) =>
          declaration.scope === 'gym' && !declaration.ownerPages && declaration.access.list?.gym,
      )
      .flatMap((declaration) =>
        Object.entries(SCREEN_OPERATIONS).flatMap(([suffix, operation]) => {
          const right = declaration.operations.includes(operation)
            ? declaration.access[operation]?.gym
            : undefined;
          return right ? [[`/${declaration.name}${suffix}`, { rights: [right] }]] : [];
        }),
      ),
  );

/** Path prefixes and what they need; the longest matching prefix decides. */
export const PAGE_REQUIREMENTS: Readonly<Record<string, PageRequirement>> = {
  ...resourceScreenRequirements(resources),
  '/select': account,
  '/login': account,
  '/join': account,
  '/': account,
  '/profile': account,
  '/payment-method': account,
  '/admin': { superadmin: true },
  '/crm': addOn('CONSULT', 'consultUseYn'),
  '/entry': addOn('ENTER'),
  '/plan': members,
  // The customer's own booking page opens with its link's token, not a session (docs/rules.md#self-booking).
  '/reservation/req': account,
  '/ticket': members,
  // Desk products and promotions are money screens (docs/rules.md#products).
  '/product': money,
  '/memberManage/list': members,
  // The consultation list is a standing member-menu entry: no add-on (docs/rules.md#access-table); the tablet flow
  // (`/consulting`) and `/crm` need the CONSULT add-on.
  '/memberManage/consult-list': { rights: ['consultUseYn'] },
  '/trainer': members,
  '/options/faq': members,
  '/manage/entryList': members,
  '/manage/inbody': members,
  '/manage/training': members,
  '/manage/diet': members,
  '/manage/nutrition': addOn('NUTRITION', 'memberUseYn'),
  '/locker': addOn('LOCKER', 'memberUseYn'),
  '/contract': addOn('CONTRACT', 'memberUseYn'),
  '/subservice': { rights: ['subServiceUseYn'] },
  // The add-on group's "all services" entry opens the generic list of the facility's add-ons; like the group,
  // it needs the add-on right (docs/rules.md#app-shell), although any staff member may read the list itself.
  '/gym-sub-service': { rights: ['subServiceUseYn'] },
  '/subservice/groupsns': addOn('MESSAGE', 'adMessageUseYn'),
  '/consulting': addOn('CONSULT', 'consultUseYn'),
  '/service-payment': { rights: ['subServiceSettingYn'] },
  '/sales': money,
  '/sales/statistics': finance,
  '/revenue': finance,
  // `/pay/req`, the customer's payment-request page, sits outside the shell and its gate: it opens with its
  // link's token, not a session (docs/rules.md#payment-requests).
  '/pay': money,
  '/pay/expenditure': finance,
  '/manage/receipt': money,
  '/setting/gym': { rights: ['represent'] },
  '/setting/gym/kakaochannel': { rights: ['adMessageUseYn'] },
  '/setting/gym/messagesender': { rights: ['adMessageUseYn'] },
};

const prefixesLongestFirst = Object.keys(PAGE_REQUIREMENTS).sort((a, b) => b.length - a.length);

/** What a path needs, or undefined for a path outside the table (the generic resource screens, unknown paths). */
export const requirementOf = (pathname: string): PageRequirement | undefined => {
  const path = normalizePath(pathname);
  const prefix = prefixesLongestFirst.find((candidate) => isUnder(path, candidate));
  return prefix === undefined ? undefined : PAGE_REQUIREMENTS[prefix];
};

export type AccessContext = {
  isSuperadmin: boolean;
  /** The rights of the member's ACTIVE link to the selected facility; null without one. */
  rights: GymRights | null;
  /** Add-ons whose subscription is APPROVE for the selected facility. */
  approvedSubServices: ReadonlySet<SubServiceType>;
};

/**
 * - `forbidden`: the role or the permission set does not allow it: the access guard
 *   (docs/rules.md#access-table);
 * - `noFacility`: the page works inside a facility, and no ACTIVE facility is selected;
 * - `subService`: the add-on is not APPROVE: the no-permission page (docs/rules.md#access-table).
 */
export type AccessDenial = 'forbidden' | 'noFacility' | 'subService';
/** A refusal names the first right the page needs that the set lacks, for the access page to say. */
export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: AccessDenial; missing?: GymRight | 'superadmin' };

const allow: AccessDecision = { allowed: true };
const deny = (reason: AccessDenial): AccessDecision => ({ allowed: false, reason });

export const decideAccess = (
  requirement: PageRequirement | undefined,
  context: AccessContext,
): AccessDecision => {
  if (!requirement) return allow;
  if (requirement.superadmin)
    return context.isSuperadmin ? allow : { allowed: false, reason: 'forbidden', missing: 'superadmin' };
  if (!requirement.rights) return allow;
  // The operator inspects facilities from the console; it holds no facility rights (the server answers 403).
  if (context.isSuperadmin) return deny('forbidden');
  if (!context.rights) return deny('noFacility');
  const rights = context.rights;
  const missing = requirement.rights.find((right) => !hasRight(rights, right));
  if (missing) return { allowed: false, reason: 'forbidden', missing };
  if (requirement.subService && !context.approvedSubServices.has(requirement.subService)) {
    return deny('subService');
  }
  return allow;
};

export const decidePathAccess = (pathname: string, context: AccessContext): AccessDecision =>
  decideAccess(requirementOf(pathname), context);

/**
 * The forbidden-route list for a context: every product path the guard refuses (docs/rules.md#access-table).
 */
export const forbiddenRoutes = (context: AccessContext): string[] =>
  SPEC_PATHS.filter((path) => {
    const decision = decidePathAccess(path, context);
    return !decision.allowed && decision.reason === 'forbidden';
  });
