import { customerConsentRoute, customerConsentUpdateRoute } from '#domain/api/message-settings.ts';
import type { AppContext } from '../../context.ts';
import { assertCustomerReach } from '../../http/customer-reach.ts';
import { type ModuleApp, moduleKit } from '../../http/module.ts';
import { consentOf, updateConsents } from './message-consent.commands.ts';

// A customer's marketing consents (docs/rules.md#consents), with the customer's rights: read with memberUseYn,
// changed with memberSettingYn, within the caller's reach (a trainer limited to assigned customers gets 404 for the
// others, docs/rules.md#customer-reach).

const tags = ['message-settings'];

export const consentRoutes = (app: ModuleApp, ctx: AppContext) => {
  const kit = moduleKit(ctx, { read: 'memberUseYn', change: 'memberSettingYn' });

  app.get(
    customerConsentRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary:
          'A customer’s consents per channel (SMS, KAKAO, EMAIL, NIGHT) with time and source, and the history',
        params: customerConsentRoute.params,
        querystring: customerConsentRoute.query,
        response: { 200: customerConsentRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      return { data: await consentOf(ctx.db, gymId, request.params.id) };
    },
  );

  app.put(
    customerConsentUpdateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Give or withdraw a customer’s consents, with how (DESK, CONSULT, IMPORT, MEMBER)',
        params: customerConsentUpdateRoute.params,
        querystring: customerConsentUpdateRoute.query,
        body: customerConsentUpdateRoute.body,
        response: { 200: customerConsentUpdateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      await assertCustomerReach(ctx, request, gymId, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        updateConsents(tx, kit.actor(request), gymId, request.params.id, request.body),
      );
      return { data };
    },
  );
};
