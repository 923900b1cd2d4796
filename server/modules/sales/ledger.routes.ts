import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

// Money (docs/rules.md#money): the ledger's routes (payment history, unpaid balances, the sales list).
// Registered from sales.routes.ts; the ledger helper fills it.
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
