import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gymSubServiceListRoute } from '#domain/api/sub-service.ts';
import { gymSubServiceStatuses } from '#domain/enums.ts';
import { type Actor, checkTransition, gymSubServiceTransitions } from '#domain/rules/state-machines.ts';
import type { AppContext } from '../../context.ts';
import { gymSubService } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { illegalTransition, type ResourceHooks } from '../../resources/engine.ts';
import { notifyRepresentatives } from '../notification/notification.commands.ts';
import { rowOf } from '../rows.ts';
import {
  deleteSubscription,
  requestSubscription,
  subscriptionsOf,
  typeOfSubService,
} from './sub-service.service.ts';

// The catalogue and its seeding live in the service; start-up and the test setup import them from here.
export { SUB_SERVICE_CATALOGUE, seedSubServiceCatalogue } from './sub-service.service.ts';

const idOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

export const gymSubServiceHooks: ResourceHooks = {
  create: async ({ ctx, tx, body }) => {
    const gymId = idOf(body.gymId);
    const subServiceId = idOf(body.subServiceId);
    if (gymId === undefined || subServiceId === undefined)
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { subServiceId: 'invalidValue' });
    return requestSubscription(tx, gymId, subServiceId, ctx.clock());
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const actor: Actor = isSuperadmin(request) ? 'superadmin' : 'owner';
    const subscription = rowOf(gymSubService, existing);
    const from = subscription.gymSubServiceStatus;
    const to = gymSubServiceStatuses.find((status) => status === patch.gymSubServiceStatus) ?? from;
    if (to === from) return {};
    const check = checkTransition(gymSubServiceTransitions, from, to, actor);
    if (check === 'illegal') throw illegalTransition(from, to);
    if (check === 'forbidden') throw forbidden();
    // The operator's decision on a request is told to the facility's representative
    // (docs/rules.md#notifications).
    if (actor === 'superadmin' && (to === 'APPROVE' || to === 'DENY')) {
      const subServiceType = await typeOfSubService(tx, subscription.subServiceId);
      await notifyRepresentatives(tx, {
        gymId: subscription.gymId,
        kind: to === 'APPROVE' ? 'SUB_SERVICE_APPROVED' : 'SUB_SERVICE_DENIED',
        subServiceType,
        now: ctx.clock(),
      });
      await recordAudit(tx, request, ctx, {
        gymId: subscription.gymId,
        action: to === 'APPROVE' ? 'gym-sub-service.review.approve' : 'gym-sub-service.review.deny',
        entity: 'gym-sub-service',
        entityId: subscription.id,
        before: existing,
        after: { ...existing, gymSubServiceStatus: to, subServiceType: subServiceType ?? undefined },
      });
    }
    return { gymSubServiceStatus: to };
  },

  delete: ({ tx, existing }) => deleteSubscription(tx, rowOf(gymSubService, existing)),
};

export const subServiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    gymSubServiceListRoute.path,
    {
      schema: {
        tags: ['gym-sub-service'],
        summary: "A facility's add-on subscriptions, each with its catalogue entry",
        params: gymSubServiceListRoute.params,
        response: {
          200: gymSubServiceListRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'staff', { superadmin: true });
      // One row per add-on and status at most; the catalogue has eight entries, so this stays small.
      const data = (await subscriptionsOf(ctx.db, gymId)).map((row) => ({
        service: row.service,
        gymSubService: {
          ...row.gymSubService,
          createDate: row.gymSubService.createDate.toISOString(),
          modifiedDate: row.gymSubService.modifiedDate.toISOString(),
        },
      }));
      reply.header('x-total-count', String(data.length));
      return { data, total: data.length };
    },
  );
};
