import type { AccessControlProvider } from '@refinedev/core';
import { type AccessContext, type AccessDecision, decideAccess, decidePathAccess } from '#domain/access.ts';
import type { AccessRule, Operation } from '#domain/resources/define.ts';

/**
 * The access guard's view of the member (docs/rules.md#access-table): the selected facility's rights and
 * approved add-ons. The facility context lives in React below <Refine>, so it is mirrored here
 * (src/shell/access-context-sync.tsx).
 */
export type AccessContextStore = {
  get: () => AccessContext;
  set: (context: AccessContext) => void;
};

export const NO_ACCESS: AccessContext = { isSuperadmin: false, rights: null, approvedSubServices: new Set() };

export const createAccessContextStore = (): AccessContextStore => {
  let current = NO_ACCESS;
  return {
    get: () => current,
    set: (next) => {
      current = next;
    },
  };
};

/** Refine's actions on a resource, as the declaration's operations (domain/resources/define.ts). */
const operationOf: Record<string, Operation> = {
  list: 'list',
  export: 'list',
  show: 'get',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

type ResourceAccessMeta = { access?: Partial<Record<Operation, AccessRule>>; area?: 'owner' | 'admin' };

/** What a declared resource's rule says for an action, in the member's context. */
export const decideResourceAccess = (
  meta: ResourceAccessMeta,
  action: string,
  context: AccessContext,
): AccessDecision => {
  const operation = operationOf[action];
  const rule = operation ? meta.access?.[operation] : undefined;
  if (!rule) return { allowed: false, reason: 'forbidden' };
  if (context.isSuperadmin)
    return rule.superadmin ? { allowed: true } : { allowed: false, reason: 'forbidden' };
  if (meta.area === 'admin' || !rule.gym) return { allowed: false, reason: 'forbidden' };
  return decideAccess({ rights: [rule.gym] }, context);
};

const REASON_KEYS = {
  forbidden: 'accessReason.forbidden',
  noFacility: 'accessReason.noFacility',
  subService: 'accessReason.subService',
} as const;

/**
 * Refine's access control, from the permission table in domain/: a declared resource answers by its access rules
 * (resource meta `access`, set by src/resources/registry.ts), a page by its path (`params.path`). The server
 * enforces the same rules; this only keeps buttons and pages honest.
 */
export const createAccessControlProvider = (
  store: AccessContextStore,
  translate: (key: string) => string,
): AccessControlProvider => ({
  can: async ({ action, params }) => {
    const meta = params?.resource?.meta as ResourceAccessMeta | undefined;
    const path = typeof params?.path === 'string' ? params.path : undefined;
    const decision = meta?.access
      ? decideResourceAccess(meta, action, store.get())
      : path
        ? decidePathAccess(path, store.get())
        : { allowed: true as const };
    return decision.allowed ? { can: true } : { can: false, reason: translate(REASON_KEYS[decision.reason]) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: false } },
});
