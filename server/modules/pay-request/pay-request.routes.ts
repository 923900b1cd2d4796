import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

// Money (docs/rules.md#money): the pay-request module's routes.
export const payRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
