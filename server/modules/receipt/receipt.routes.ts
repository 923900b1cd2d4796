import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

// Money (docs/rules.md#money): the receipt module's routes.
export const receiptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
