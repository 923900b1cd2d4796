import { and, count, desc, eq, not } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  notificationListRoute,
  readAllRoute,
  readNotificationRoute,
  unreadCountRoute,
} from '#domain/api/notification.ts';
import type { notificationSchema } from '#domain/schemas/notification.ts';
import type { AppContext } from '../../context.ts';
import { gym, notification } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';

/** Counts stop here: a bell shows "99+" long before, and the count stays an index-bounded query. */
const COUNT_CAP = 1000;

const columns = {
  id: notification.id,
  gymId: notification.gymId,
  gymName: gym.name,
  kind: notification.kind,
  reason: notification.reason,
  subServiceType: notification.subServiceType,
  readYn: notification.readYn,
  createDate: notification.createDate,
};

const toRecord = (row: { createDate: Date } & Omit<z.infer<typeof notificationSchema>, 'createDate'>) => ({
  ...row,
  createDate: row.createDate.toISOString(),
});

/** The signed-in member's own notifications (the bell and HOME); nobody reads or marks another's. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const countOf = async (memberId: number, unreadOnly: boolean) => {
    const capped = ctx.db
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.memberId, memberId), unreadOnly ? not(notification.readYn) : undefined))
      .limit(COUNT_CAP)
      .as('capped');
    const [row] = await ctx.db.select({ n: count() }).from(capped);
    return Number(row?.n ?? 0);
  };

  app.get(
    notificationListRoute.path,
    {
      schema: {
        tags: ['notification'],
        summary: 'Your notifications, newest first (paged by _start/_end, 20 by default, at most 100)',
        querystring: notificationListRoute.query,
        response: {
          200: notificationListRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED'),
        },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      const start = request.query._start ?? 0;
      const end = request.query._end ?? start + 20;
      const rows = await ctx.db
        .select(columns)
        .from(notification)
        .innerJoin(gym, eq(gym.id, notification.gymId))
        .where(eq(notification.memberId, me.id))
        .orderBy(desc(notification.createDate), desc(notification.id))
        .limit(end - start)
        .offset(start);
      // A short page already tells the total; otherwise count (capped) on the member's index.
      const full = rows.length === end - start || (rows.length === 0 && start > 0);
      const total = full ? await countOf(me.id, false) : start + rows.length;
      reply.header('x-total-count', String(total));
      return { data: rows.map(toRecord), total };
    },
  );

  app.get(
    unreadCountRoute.path,
    {
      schema: {
        tags: ['notification'],
        summary: `How many of your notifications are unread (counted up to ${COUNT_CAP})`,
        response: {
          200: unreadCountRoute.response,
          ...errorResponses('UNAUTHENTICATED'),
        },
      },
    },
    async (request) => ({ data: { count: await countOf(requireMember(request).id, true) } }),
  );

  app.put(
    readAllRoute.path,
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark all your notifications read',
        response: { 204: readAllRoute.response, ...errorResponses('UNAUTHENTICATED') },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      await ctx.db
        .update(notification)
        .set({ readYn: true })
        .where(and(eq(notification.memberId, me.id), not(notification.readYn)));
      return reply.status(204).send(null);
    },
  );

  app.put(
    readNotificationRoute.path,
    {
      schema: {
        tags: ['notification'],
        summary: "Mark one of your notifications read (another member's answers 404)",
        params: readNotificationRoute.params,
        response: {
          200: readNotificationRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const [updated] = await ctx.db
        .update(notification)
        .set({ readYn: true })
        .where(and(eq(notification.id, request.params.id), eq(notification.memberId, me.id)))
        .returning({ id: notification.id });
      if (!updated) throw notFound();
      const [row] = await ctx.db
        .select(columns)
        .from(notification)
        .innerJoin(gym, eq(gym.id, notification.gymId))
        .where(eq(notification.id, updated.id))
        .limit(1);
      if (!row) throw notFound();
      return { data: toRecord(row) };
    },
  );
};
