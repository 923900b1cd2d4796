import { gymStatuses } from '#domain/enums.ts';
import { missingForRequest } from '#domain/rules/gym-verification.ts';
import { type Actor, checkTransition, gymTransitions } from '#domain/rules/state-machines.ts';
import { gymCreateSchema } from '#domain/schemas/gym.ts';
import { gym } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { isSuperadmin } from '../../http/rights.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { illegalTransition, type ResourceHooks, type Row } from '../../resources/engine.ts';
import { gymStatusAction } from '../audit/actions.ts';
import { adoptFiles } from '../file/file.commands.ts';
import { checkGymDocuments } from '../file/file.queries.ts';
import { notifyRepresentatives } from '../notification/notification.commands.ts';
import { rowOf } from '../rows.ts';
import { closeGym, createGymWithOwner } from './gym.commands.ts';

const textOf = (value: unknown): string | null | undefined =>
  typeof value === 'string' || value === null ? value : undefined;

/** The text fields of a validated patch, for the checks that read them. */
const textFields = (patch: Row) =>
  Object.fromEntries(
    Object.entries(patch).filter(([, value]) => typeof value === 'string' || value === null),
  );

/** INACTIVE always carries a non-empty reason (docs/rules.md#state-machines). */
const requiredReason = (value: unknown): string => {
  const reason = textOf(value)?.trim();
  if (!reason) {
    throw new AppError(
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      {},
      { inactiveReason: 'inactiveReasonRequired' },
    );
  }
  return reason;
};

export const gymHooks: ResourceHooks = {
  // Only business accounts (ADMIN, and the SUPERADMIN) may register facilities (docs/rules.md#facilities).
  authorizeCreate: async ({ request }) => {
    const me = requireMember(request);
    if (me.authCode === 'MEMBER') throw new AppError('FORBIDDEN', 'onlyBusinessAccounts');
  },

  // The documents must be the caller's own uploads; the new facility adopts them in the same transaction.
  create: async ({ request, tx, body }) => {
    const callerId = requireMember(request).id;
    const documents = await checkGymDocuments(tx, { callerId, gymId: undefined, values: body });
    const created = await createGymWithOwner(tx, callerId, gymCreateSchema.parse(body));
    await adoptFiles(tx, created.id, documents);
    return created;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const actor: Actor = isSuperadmin(request) ? 'superadmin' : 'owner';
    const stored = rowOf(gym, existing);
    const from = stored.gymStatus;
    const to = gymStatuses.find((status) => status === patch.gymStatus);
    if (from === 'QUIT') throw new AppError('CONFLICT', 'facilityClosed');
    const gymId = stored.id;
    const documents = await checkGymDocuments(tx, {
      callerId: requireMember(request).id,
      gymId,
      values: patch,
      stored: existing,
    });
    const next: Row = { ...patch };
    // A "transition" to the state the facility is already in is refused, naming both states: a second
    // "reject" must not rewrite (or blank) the reason the owner was given (docs/rules.md#state-machines).
    if (to !== undefined && to === from) throw new AppError('CONFLICT', 'sameState', { from, to });
    if (to !== undefined) {
      const check = checkTransition(gymTransitions, from, to, actor);
      if (check === 'illegal') throw illegalTransition(from, to);
      if (check === 'forbidden') throw forbidden();
      if (to === 'REQUEST') {
        const missing = missingForRequest({ ...stored, ...textFields(patch) });
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
        next.inactiveReason = requiredReason(patch.inactiveReason);
      }
      if (to === 'ACTIVE') next.inactiveReason = null;
      if (to === 'ACTIVE' || to === 'INACTIVE') {
        await notifyRepresentatives(tx, {
          gymId,
          kind: to === 'ACTIVE' ? 'GYM_APPROVED' : 'GYM_REJECTED',
          reason: to === 'INACTIVE' ? (textOf(next.inactiveReason) ?? null) : null,
          now: ctx.clock(),
        });
      }
    } else if (patch.inactiveReason !== undefined && from === 'INACTIVE') {
      // The operator may reword the reason of a rejected facility, never blank it: INACTIVE always has one.
      // (An owner never gets here: the declaration's writableBy refuses their inactiveReason with 400.)
      next.inactiveReason = requiredReason(patch.inactiveReason);
    }
    await adoptFiles(tx, gymId, documents);
    const action = to !== from ? gymStatusAction(to) : undefined;
    if (action)
      await recordAudit(tx, request, ctx, {
        gymId,
        action,
        entity: 'gym',
        entityId: gymId,
        before: existing,
        after: { ...existing, ...next },
      });
    return next;
  },

  // Closing keeps the data and makes it read-only (docs/rules.md#state-machines): "delete" is the move to
  // QUIT.
  delete: async ({ request, ctx, tx, existing }) => {
    const stored = rowOf(gym, existing);
    const from = stored.gymStatus;
    if (checkTransition(gymTransitions, from, 'QUIT', 'owner') !== 'ok')
      throw illegalTransition(from, 'QUIT');
    await closeGym(tx, stored.id, ctx.clock());
    await recordAudit(tx, request, ctx, {
      gymId: stored.id,
      action: 'gym.close',
      entity: 'gym',
      entityId: stored.id,
      before: existing,
      after: { ...existing, gymStatus: 'QUIT' },
    });
  },
};
