import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ledgerRoutes } from './ledger.routes.ts';

// Money (docs/rules.md#money): the sales module's routes. The desk's routes are here; the ledger's are in
// ledger.routes.ts.
export const salesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(ledgerRoutes, { ctx });
};
