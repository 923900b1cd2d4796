import { eq } from 'drizzle-orm';
import type { GymStatus } from '../../../domain/enums.ts';
import { missingForRequest } from '../../../domain/rules/gym-verification.ts';
import { type Actor, checkTransition, gymTransitions } from '../../../domain/rules/state-machines.ts';
import type { GymCreate } from '../../../domain/schemas/gym.ts';
import { gym } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { isSuperadmin } from '../../http/rights.ts';
import { illegalTransition, type ResourceHooks, type Row } from '../../resources/engine.ts';
import { createGymWithOwner } from './gym.service.ts';

export const gymHooks: ResourceHooks = {
  // Only business accounts (ADMIN, and the SUPERADMIN) may register facilities (DESIGN §9).
  authorizeCreate: async ({ request }) => {
    const me = requireMember(request);
    if (me.authCode === 'MEMBER') throw new AppError('FORBIDDEN', 'onlyBusinessAccounts');
  },

  create: async ({ request, tx, body }) =>
    createGymWithOwner(tx, requireMember(request).id, body as GymCreate),

  beforeUpdate: async ({ request, existing, patch }) => {
    const actor: Actor = isSuperadmin(request) ? 'superadmin' : 'owner';
    const from = existing.gymStatus as GymStatus;
    const to = patch.gymStatus as GymStatus | undefined;
    if (from === 'QUIT') throw new AppError('CONFLICT', 'facilityClosed');
    const next: Row = { ...patch };
    if (to !== undefined && to !== from) {
      const check = checkTransition(gymTransitions, from, to, actor);
      if (check === 'illegal') throw illegalTransition(from, to);
      if (check === 'forbidden') throw forbidden();
      if (to === 'REQUEST') {
        const missing = missingForRequest({ ...existing, ...patch } as never);
        if (missing.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            'VALIDATION_FAILED',
            {},
            Object.fromEntries(missing.map((field) => [field, 'requiredForReview'])),
          );
        }
        next.inactiveReason = null;
      }
      if (to === 'INACTIVE') {
        const reason = (patch.inactiveReason as string | null | undefined)?.trim();
        if (!reason) {
          throw new AppError(
            'VALIDATION_FAILED',
            'VALIDATION_FAILED',
            {},
            { inactiveReason: 'inactiveReasonRequired' },
          );
        }
        next.inactiveReason = reason;
      }
      if (to === 'ACTIVE') next.inactiveReason = null;
    } else if (patch.inactiveReason !== undefined && actor === 'owner') {
      // The rejection reason is the operator's word, not the owner's.
      delete next.inactiveReason;
    }
    return next;
  },

  // Closing keeps the data and makes it read-only (DESIGN §5): "delete" is the move to QUIT.
  delete: async ({ ctx, tx, existing }) => {
    const from = existing.gymStatus as GymStatus;
    if (checkTransition(gymTransitions, from, 'QUIT', 'owner') !== 'ok')
      throw illegalTransition(from, 'QUIT');
    await tx
      .update(gym)
      .set({ gymStatus: 'QUIT', modifiedDate: ctx.clock() })
      .where(eq(gym.id, existing.id as number));
  },
};
