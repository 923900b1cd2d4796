import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageWebhookOptOutRoute, messageWebhookReportRoute } from '#domain/api/message.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import {
  parseDeliveryReports,
  parseOptOut,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../../providers/message/webhook.ts';
import { applyDeliveryReports, applyOptOut } from './message.reports.ts';

// The provider's callbacks (docs/rules.md#messaging): public (no session), signed with MESSAGE_WEBHOOK_SECRET over
// the raw body (server/providers/message/webhook.ts), and idempotent. Without a secret configured they answer 404,
// as a route that does not exist: nobody can feed reports or opt-outs to a server that cannot check them.

const tags = ['message'];

const badSignature = () => new AppError('UNAUTHENTICATED', 'messageWebhookSignature');
const badBody = () => new AppError('VALIDATION_FAILED', 'badRequest');

export const registerMessageWebhooks: FastifyPluginAsyncZod<{
  ctx: AppContext;
  webhookSecret?: string | undefined;
}> = async (app, { ctx, webhookSecret }) => {
  // The signature is over the bytes as received: this plugin's JSON bodies stay raw text until checked.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  const checked = (request: { body: unknown; headers: Record<string, string | string[] | undefined> }) => {
    if (!webhookSecret) throw notFound();
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = verifyWebhookSignature(
      webhookSecret,
      raw,
      request.headers[WEBHOOK_SIGNATURE_HEADER],
      request.headers[WEBHOOK_TIMESTAMP_HEADER],
      ctx.clock(),
    );
    if (!check.ok) throw badSignature();
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw badBody();
    }
  };

  app.post(
    messageWebhookReportRoute.path,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Delivery reports from the provider (signed; a repeated report changes nothing)',
        response: { 200: messageWebhookReportRoute.response },
      },
    },
    async (request) => {
      const reports = parseDeliveryReports(checked(request), ctx.clock());
      if (!reports) throw badBody();
      return { data: { changed: await applyDeliveryReports(ctx.db, reports) } };
    },
  );

  app.post(
    messageWebhookOptOutRoute.path,
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The 080 opt-out: the customer's marketing consent withdrawn in every facility (signed, idempotent)",
        response: { 200: messageWebhookOptOutRoute.response },
      },
    },
    async (request) => {
      const optOut = parseOptOut(checked(request));
      if (!optOut) throw badBody();
      return { data: { changed: await applyOptOut(ctx.db, optOut, ctx.clock()) } };
    },
  );
};
