import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gymSubServiceListRoute } from '#domain/api/sub-service.ts';
import type { GymSubServiceStatus, SubServiceType } from '#domain/enums.ts';
import { gymSubServiceResource, subServiceResource } from '#domain/resources/index.ts';
import { type Actor, checkTransition, gymSubServiceTransitions } from '#domain/rules/state-machines.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { gymSubService, subService } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import {
  defaultToRecord,
  illegalTransition,
  isUniqueViolation,
  type ResourceHooks,
  type Row,
} from '../../resources/engine.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyRepresentatives } from '../notification/notification.service.ts';

/** The add-on catalogue (docs/rules.md#add-ons), one entry per type; prices in won a month. */
export const SUB_SERVICE_CATALOGUE: {
  type: SubServiceType;
  nameKo: string;
  nameEn: string;
  price: number;
}[] = [
  { type: 'MESSAGE', nameKo: '단체 문자', nameEn: 'Group text messaging', price: 9_900 },
  { type: 'CONSULT', nameKo: '상담 및 분석 서비스', nameEn: 'Consultation and analysis', price: 19_900 },
  { type: 'CONTRACT', nameKo: '전자 계약', nameEn: 'Electronic contracts', price: 14_900 },
  { type: 'ENTER', nameKo: '출입 관리', nameEn: 'Entry check-in', price: 9_900 },
  { type: 'EXERCISE', nameKo: '운동 기록', nameEn: 'Training logs', price: 9_900 },
  { type: 'NUTRITION', nameKo: '영양 관리', nameEn: 'Nutrition plans', price: 14_900 },
  { type: 'APP', nameKo: '회원 앱', nameEn: 'Member app', price: 29_900 },
  { type: 'LOCKER', nameKo: '락커 관리', nameEn: 'Lockers', price: 4_900 },
];

/** Seeded at every start-up; existing entries (and the operator's edits to them) are kept. */
export const seedSubServiceCatalogue = async (db: Db) => {
  await db
    .insert(subService)
    .values(SUB_SERVICE_CATALOGUE.map(({ type, ...rest }) => ({ gymSubServiceType: type, ...rest })))
    .onConflictDoNothing({ target: subService.gymSubServiceType });
};

export const gymSubServiceHooks: ResourceHooks = {
  create: async ({ ctx, tx, body }) => {
    const [service] = await tx
      .select({ id: subService.id })
      .from(subService)
      .where(eq(subService.id, body.subServiceId as number));
    if (!service)
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { subServiceId: 'invalidValue' });
    try {
      const [row] = await tx
        .insert(gymSubService)
        .values({
          gymId: body.gymId as number,
          subServiceId: service.id,
          gymSubServiceStatus: 'WAIT',
          createDate: ctx.clock(),
          modifiedDate: ctx.clock(),
        })
        .returning();
      return row as Row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'alreadySubscribed');
      throw error;
    }
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const actor: Actor = isSuperadmin(request) ? 'superadmin' : 'owner';
    const from = existing.gymSubServiceStatus as GymSubServiceStatus;
    const to = patch.gymSubServiceStatus as GymSubServiceStatus;
    if (to === from) return {};
    const check = checkTransition(gymSubServiceTransitions, from, to, actor);
    if (check === 'illegal') throw illegalTransition(from, to);
    if (check === 'forbidden') throw forbidden();
    // The operator's decision on a request is told to the facility's representative
    // (docs/rules.md#notifications).
    if (actor === 'superadmin' && (to === 'APPROVE' || to === 'DENY')) {
      const [service] = await tx
        .select({ type: subService.gymSubServiceType })
        .from(subService)
        .where(eq(subService.id, existing.subServiceId as number));
      await notifyRepresentatives(tx, {
        gymId: existing.gymId as number,
        kind: to === 'APPROVE' ? 'SUB_SERVICE_APPROVED' : 'SUB_SERVICE_DENIED',
        subServiceType: service?.type ?? null,
        now: ctx.clock(),
      });
      await recordAudit(tx, request, ctx, {
        gymId: existing.gymId as number,
        action: to === 'APPROVE' ? 'gym-sub-service.review.approve' : 'gym-sub-service.review.deny',
        entity: 'gym-sub-service',
        entityId: existing.id as number,
        before: existing,
        after: { ...existing, gymSubServiceStatus: to, subServiceType: service?.type },
      });
    }
    return { gymSubServiceStatus: to };
  },

  delete: async ({ tx, existing }) => {
    if (existing.gymSubServiceStatus === 'APPROVE') throw new AppError('CONFLICT', 'approvedSubscription');
    await tx.delete(gymSubService).where(eq(gymSubService.id, existing.id as number));
  },
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
      const rows = await ctx.db
        .select({ service: subService, gymSubService })
        .from(gymSubService)
        .innerJoin(subService, eq(subService.id, gymSubService.subServiceId))
        .where(
          and(
            eq(gymSubService.gymId, gymId),
            inArray(gymSubService.gymSubServiceStatus, ['WAIT', 'APPROVE', 'DENY', 'CANCEL']),
          ),
        )
        .orderBy(gymSubService.id)
        .limit(100);
      const data = rows.map((row) => ({
        service: defaultToRecord(subServiceResource, row.service as unknown as Row),
        gymSubService: defaultToRecord(gymSubServiceResource, row.gymSubService as unknown as Row),
      }));
      reply.header('x-total-count', String(data.length));
      return { data: data as never, total: data.length };
    },
  );
};
