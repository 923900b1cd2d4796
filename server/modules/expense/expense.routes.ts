import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

// Money (docs/rules.md#money): the expense module's routes.
export const expenseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
