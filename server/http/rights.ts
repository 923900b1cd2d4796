import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type GymRight,
  type GymRights,
  hasRight,
  type PermissionFlag,
  permissionFlags,
} from '#domain/permissions.ts';
import type { Executor } from '../db/client.ts';
import { gymAuth, gymMember } from '../db/schema/index.ts';
import { requireMember } from './auth.ts';
import { AUTH_CACHE_TTL_MS, type AuthCacheOptions, createTtlCache } from './auth-cache.ts';
import { forbidden, notFound } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    gymRightsPromise: Promise<Map<number, GymRights>> | null;
  }
}

// Safe: one entry for every flag, from the flag's own column; Object.fromEntries only loses the keys' names.
const flagColumns = Object.fromEntries(permissionFlags.map((flag) => [flag, gymAuth[flag]])) as {
  [F in PermissionFlag]: (typeof gymAuth)[F];
};
const rightsColumns = {
  gymId: gymMember.gymId,
  representYn: gymAuth.representYn,
  assignedOnlyYn: gymAuth.assignedOnlyYn,
  ...flagColumns,
};

/**
 * The caller's rights per facility: only ACTIVE links with a permission set grant anything
 * (docs/rules.md#permissions). Kept for a few seconds per member (server/http/auth-cache.ts); `clear()` forgets
 * them all, as every successful write does.
 */
export const createRightsLoader = (
  db: Executor,
  options: AuthCacheOptions = { ttlMs: AUTH_CACHE_TTL_MS },
) => {
  const query = db
    .select(rightsColumns)
    .from(gymMember)
    .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(and(eq(gymMember.memberId, sql.placeholder('memberId')), eq(gymMember.status, 'ACTIVE')))
    .prepare('rights_by_member');
  const cache = createTtlCache<Map<number, GymRights>>(options);
  const load = async (memberId: number): Promise<Map<number, GymRights>> => {
    const cached = cache.get(memberId);
    if (cached) return cached;
    const generation = cache.generation;
    const rows: (GymRights & { gymId: number })[] = await query.execute({ memberId });
    const rights = new Map(rows.map(({ gymId, ...r }) => [gymId, r]));
    cache.set(memberId, rights, generation);
    return rights;
  };
  return Object.assign(load, { clear: () => cache.clear() });
};

export type RightsLoader = ReturnType<typeof createRightsLoader>;

export const registerRights = (app: FastifyInstance) => {
  app.decorateRequest('gymRightsPromise', null);
};

/** Loaded once per request, on first use. */
export const rightsOf = (request: FastifyRequest, load: RightsLoader): Promise<Map<number, GymRights>> => {
  const me = requireMember(request);
  request.gymRightsPromise ??= load(me.id);
  return request.gymRightsPromise;
};

export const isSuperadmin = (request: FastifyRequest) => request.member?.authCode === 'SUPERADMIN';

/**
 * Asserts a right inside one facility: no link at all answers 404 (the facility's records are not the caller's to
 * know about), a link without the right answers 403.
 */
export const assertGymRight = async (
  request: FastifyRequest,
  load: RightsLoader,
  gymId: number,
  right: GymRight,
  options: { superadmin?: boolean } = {},
) => {
  if (options.superadmin && isSuperadmin(request)) return;
  const rights = (await rightsOf(request, load)).get(gymId);
  // The operator sees every facility: a refusal is about the role, not about hiding one.
  if (!rights && isSuperadmin(request)) throw forbidden();
  if (!rights) throw notFound();
  if (!hasRight(rights, right)) throw forbidden();
};

/** Facility ids where the caller holds the right. */
export const gymIdsWithRight = async (request: FastifyRequest, load: RightsLoader, right: GymRight) => {
  const rights = await rightsOf(request, load);
  return [...rights.entries()].filter(([, r]) => hasRight(r, right)).map(([id]) => id);
};
