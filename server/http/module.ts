import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GymRight } from '#domain/permissions.ts';
import type { AppContext } from '../context.ts';
import { type Actor, actorOf } from '../kernel/actor.ts';
import { assertGymWritable } from '../resources/engine.ts';
import { requireMember } from './auth.ts';
import { errorResponses } from './responses.ts';
import { assertGymRight } from './rights.ts';

// The module toolkit's route half (docs/architecture.md#adding-a-module). A module names its rights once:
//
//   const kit = moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' });
//
// and each route declares which it needs in its options, beside its schema:
//
//   app.post(route.path, { ...kit.right('change'), schema: { ..., response: { 201: route.response, ...kit.writes } } },
//     async (request) => { const gymId = await kit.guard(request, request.body.gymId); ... });
//
// The guard reads the declaration from the route (nothing to repeat in the handler), and the OpenAPI document shows
// it as the operation's `x-right` (server/http/openapi.ts).

/** What a route needs: the module's read or change right, or a named flag (payroll, the representative). */
export type Access = 'read' | 'change';

export type DeclaredRight = {
  /** The permission flag checked in the facility. */
  flag: GymRight;
  /** A change also needs the facility open (not suspended or closed). */
  access: Access;
  /** The module's add-on must be on for the facility. */
  addOn: boolean;
  /** The platform operator may read it in any facility. */
  operatorReads: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's right, declared with `moduleKit(...).right(...)` (server/http/module.ts). */
    right?: DeclaredRight;
  }
}

export type ModuleRights = {
  /** The flag that reads the module's records. */
  read: GymRight;
  /** The flag that changes them. */
  change: GymRight;
  /** The module's add-on check (a facility without it answers 403), run for routes that declare `addOn`. */
  addOn?: (ctx: AppContext, gymId: number, request: FastifyRequest) => Promise<void>;
  /** The platform operator reads the module's records in every facility (the consult review). */
  operatorReads?: boolean;
};

export type RightOptions = {
  /** The flag instead of the module's own (payroll on a schedule route, `represent`). */
  flag?: GymRight;
  /** Whether the module's add-on is needed: by default, when the module has one. */
  addOn?: boolean;
  /** Whether the operator may read: by default, the module's setting, for reads only. */
  operatorReads?: boolean;
};

export const moduleKit = (ctx: AppContext, rights: ModuleRights) => {
  /** The route options that declare its right: spread them into the route's options. */
  const right = (access: Access, options: RightOptions = {}): { config: { right: DeclaredRight } } => ({
    config: {
      right: {
        flag: options.flag ?? (access === 'read' ? rights.read : rights.change),
        access,
        addOn: options.addOn ?? rights.addOn !== undefined,
        operatorReads: options.operatorReads ?? (access === 'read' && rights.operatorReads === true),
      },
    },
  });

  /**
   * The route's declared right in `gymId`: 401 without a session, 404 without a link to the facility, 403 without
   * the flag or the add-on, 409 `gymNotWritable` for a change in a facility that is not open. Answers the facility.
   */
  const guard = async (request: FastifyRequest, gymId: number, declared?: DeclaredRight): Promise<number> => {
    const need = declared ?? request.routeOptions.config.right;
    if (!need)
      throw new Error(
        `${request.method} ${request.url}: the route declares no right (server/http/module.ts)`,
      );
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, need.flag, { superadmin: need.operatorReads });
    if (need.addOn && rights.addOn) await rights.addOn(ctx, gymId, request);
    if (need.access === 'change') await assertGymWritable(ctx, gymId);
    return gymId;
  };

  /** A record's facility found by its id, then guarded: another facility's id answers 404 as a missing one does. */
  const guardBy =
    <Id>(find: (db: AppContext['db'], id: Id) => Promise<number>) =>
    async (request: FastifyRequest, id: Id): Promise<number> => {
      requireMember(request);
      return guard(request, await find(ctx.db, id));
    };

  return {
    right,
    guard,
    guardBy,
    /** Who acts: the signed-in member, the request id, the injected clock's now. */
    actor: (request: FastifyRequest): Actor => actorOf(request, ctx.clock),
    /** The error answers a read documents. */
    reads: errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
    /** The error answers a change documents. */
    writes: errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
  };
};

export type ModuleKit = ReturnType<typeof moduleKit>;

/** The Fastify instance a module's `register<Area>Routes(app, ctx, kit)` adds its routes to. */
export type ModuleApp = Parameters<FastifyPluginAsyncZod>[0];
