import type { FastifyRequest } from 'fastify';
import { hasRight } from '#domain/permissions.ts';
import { type RightsLoader, rightsOf } from './rights.ts';

/**
 * Whether the caller receives the money fields of a facility's customers and passes: payHistoryUseYn, or the
 * representative (docs/rules.md#access-table). Without it the routes answer through domain/rules/money-fields.ts.
 */
export const seesMoney = async (request: FastifyRequest, load: RightsLoader, gymId: number) => {
  const rights = (await rightsOf(request, load)).get(gymId);
  return Boolean(rights && hasRight(rights, 'payHistoryUseYn'));
};
