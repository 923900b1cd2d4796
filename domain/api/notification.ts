import { z } from 'zod';
import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import { notificationListQuerySchema, notificationSchema } from '../schemas/notification.ts';
import { defineRoute } from './define.ts';

/** `GET /web/notification/list`: your notifications, newest first, paged. */
export const notificationListRoute = defineRoute({
  method: 'GET',
  path: '/notification/list',
  query: notificationListQuerySchema,
  status: 200,
  response: listOf(notificationSchema),
});

/** `GET /web/notification/unread-count`: how many of your notifications are unread (capped). */
export const unreadCountRoute = defineRoute({
  method: 'GET',
  path: '/notification/unread-count',
  status: 200,
  response: dataOf(z.object({ count: z.number().int() })),
});

/** `PUT /web/notification/read-all`: mark all your notifications read. */
export const readAllRoute = defineRoute({
  method: 'PUT',
  path: '/notification/read-all',
  status: 204,
  response: z.null().describe('Done'),
});

/** `PUT /web/notification/{id}/read`: mark one of your notifications read. */
export const readNotificationRoute = defineRoute({
  method: 'PUT',
  path: '/notification/:id/read',
  params: idParamsSchema,
  status: 200,
  response: dataOf(notificationSchema),
});
