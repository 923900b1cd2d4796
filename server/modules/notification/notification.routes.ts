import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListRoute,
  readAllRoute,
  readNotificationRoute,
  unreadCountRoute,
} from '#domain/api/notification.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { markAllRead, markRead } from './notification.commands.ts';
import { toRecord } from './notification.mappers.ts';
import { COUNT_CAP, countNotifications, notificationPage } from './notification.queries.ts';

/** The signed-in member's own notifications (the bell and HOME); nobody reads or marks another's. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const rows = await notificationPage(ctx.db, me.id, start, end);
      // A short page already tells the total; otherwise count (capped) on the member's index.
      const full = rows.length === end - start || (rows.length === 0 && start > 0);
      const total = full ? await countNotifications(ctx.db, me.id, false) : start + rows.length;
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
    async (request) => ({
      data: { count: await countNotifications(ctx.db, requireMember(request).id, true) },
    }),
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
      await markAllRead(ctx.db, me.id);
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
      const row = await markRead(ctx.db, me.id, request.params.id);
      if (!row) throw notFound();
      return { data: toRecord(row) };
    },
  );
};
