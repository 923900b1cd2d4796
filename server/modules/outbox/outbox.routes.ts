import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxDeliveredSchema,
  outboxEntrySchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  outboxPaths,
} from '#domain/api/outbox.ts';
import { dataOf, idParamsSchema } from '#domain/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { isSuperadmin } from '../../http/rights.ts';
import { sendList } from '../../resources/engine.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { MessageProvider, OutboundMessage } from './message-provider.ts';
import { retryMessage } from './outbox.commands.ts';
import { listOutbox } from './outbox.queries.ts';

/** The operator's view of the outbox: dead letters, and a retry (docs/architecture.md#outbox). */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; dispatcher: Dispatcher }> = async (
  app,
  { ctx, dispatcher },
) => {
  app.get(
    outboxPaths.list,
    {
      schema: {
        tags: ['outbox'],
        summary:
          'Outbox messages by status, newest first (SUPERADMIN only); `status=DEAD` lists dead letters',
        description:
          'Paged by `_start`/`_end` (at most 100); the total is in X-Total-Count, counted up to 10,000. ' +
          '`X-Provider-Test-Mode: true` says the provider records messages and delivers nothing.',
        querystring: outboxListQuerySchema,
        response: {
          200: outboxListResponseSchema,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN'),
        },
      },
    },
    async (request, reply) => {
      requireMember(request);
      if (!isSuperadmin(request)) throw forbidden();
      const { status, _start: start = 0 } = request.query;
      const end = request.query._end ?? start + 10;
      reply.header('x-provider-test-mode', String(dispatcher.provider.testMode));
      return sendList(reply, await listOutbox(ctx.db, status, start, end, ctx.config.publicUrl));
    },
  );

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Puts a dead (or failed) message back in the queue with fresh attempts (SUPERADMIN only)',
        params: idParamsSchema,
        response: {
          200: dataOf(outboxEntrySchema),
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      requireMember(request);
      if (!isSuperadmin(request)) throw forbidden();
      return { data: await retryMessage(ctx.db, request.params.id, ctx.clock(), ctx.config.publicUrl) };
    },
  );

  app.get(
    outboxPaths.delivered(':id'),
    {
      schema: {
        tags: ['outbox'],
        summary: 'In test mode, a message as it was delivered, its code and link in place (SUPERADMIN only)',
        description:
          'The list shows secrets masked and the row keeps none once sent. In test mode nothing leaves the server, so ' +
          "the operator reads a message as sent here, from the test-mode provider's memory of its last 100 " +
          'deliveries in this process (the demo reads a reset code this way). Outside test mode: 403 ' +
          '`outboxTestModeOnly`; a message this process has not delivered lately: 404 `outboxNotDelivered`.',
        params: idParamsSchema,
        response: {
          200: dataOf(outboxDeliveredSchema),
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      requireMember(request);
      if (!isSuperadmin(request)) throw forbidden();
      // Safe: the test-mode provider (message-provider.ts) keeps `delivered`; any other has none and reads undefined.
      const provider = dispatcher.provider as MessageProvider & { delivered?: OutboundMessage[] };
      if (!provider.testMode || !Array.isArray(provider.delivered)) {
        throw new AppError('FORBIDDEN', 'outboxTestModeOnly');
      }
      const found = provider.delivered.findLast((m) => m.id === request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'outboxNotDelivered');
      return { data: { id: found.id, topic: found.topic, payload: found.payload, attempt: found.attempt } };
    },
  );
};
