import type { InferInsertModel } from 'drizzle-orm';
import { gymAuthMemberResource } from '#domain/resources/index.ts';
import { gymAuth, gymAuthMember } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { defaultToRecord, type ResourceHooks } from '../../resources/engine.ts';
import { rowOf } from '../rows.ts';
import {
  assignAuth,
  clearOtherDefaults,
  createAuthSet,
  deleteAuthSet,
  unassignAuth,
} from './gym-auth.commands.ts';
import { assignmentPage, gymOfAuth, hasPendingInvite, memberSummariesOf } from './gym-auth.queries.ts';
import { refused } from './gym-auth.refusals.ts';

/** The engine validated the body against the declaration's create schema; these are its values. */
const setValues = (body: Record<string, unknown>): InferInsertModel<typeof gymAuth> => {
  const gymId = body.gymId;
  const name = body.name;
  if (typeof gymId !== 'number' || typeof name !== 'string') throw new Error('gym-auth: a validated body');
  return { ...body, gymId, name };
};

export const gymAuthHooks: ResourceHooks = {
  create: async ({ request, ctx, tx, body }) => {
    const row = await createAuthSet(tx, setValues(body));
    await recordAudit(tx, request, ctx, {
      gymId: row.gymId,
      action: 'gym-auth.create',
      entity: 'gym-auth',
      entityId: row.id,
      after: row,
    });
    return row;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const set = rowOf(gymAuth, existing);
    if (patch.representYn !== undefined && patch.representYn !== set.representYn) {
      throw refused('representSetProtected');
    }
    const next = { ...patch };
    delete next.representYn;
    if (next.defaultYn === false && set.defaultYn) throw refused('defaultRequired');
    if (next.defaultYn === true && !set.defaultYn) await clearOtherDefaults(tx, set.gymId, set.id);
    await recordAudit(tx, request, ctx, {
      gymId: set.gymId,
      action: 'gym-auth.update',
      entity: 'gym-auth',
      entityId: set.id,
      before: existing,
      after: { ...existing, ...next },
    });
    return next;
  },

  delete: async ({ request, ctx, tx, existing }) => {
    const set = rowOf(gymAuth, existing);
    await deleteAuthSet(tx, set);
    await recordAudit(tx, request, ctx, {
      gymId: set.gymId,
      action: 'gym-auth.delete',
      entity: 'gym-auth',
      entityId: set.id,
      before: existing,
    });
  },
};

/** The ids a validated assignment body names. */
const assignmentIds = (values: Record<string, unknown>) => {
  const { gymAuthId, memberId } = values;
  if (typeof gymAuthId !== 'number') throw new Error('gym-auth-member: a validated body');
  return { gymAuthId, memberId: typeof memberId === 'number' ? memberId : undefined };
};

export const gymAuthMemberHooks: ResourceHooks = {
  gymIdOfCreate: (body, ctx) => gymOfAuth(ctx.db, assignmentIds(body).gymAuthId),

  create: async ({ ctx, tx, body }) => {
    const { gymAuthId, memberId } = assignmentIds(body);
    const gymId = await gymOfAuth(tx, gymAuthId);
    if (gymId === undefined || memberId === undefined) {
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { gymAuthId: 'invalidValue' });
    }
    // An invitation not yet accepted links no one: 404, as for someone never linked (docs/rules.md#people).
    if (await hasPendingInvite(tx, gymId, memberId)) throw notFound();
    return assignAuth(tx, gymId, memberId, gymAuthId, ctx.clock());
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const assignment = rowOf(gymAuthMember, existing);
    const { gymAuthId } = assignmentIds(patch);
    const gymId = await gymOfAuth(tx, gymAuthId);
    // A set of another facility is, for this record, a set that does not exist.
    if (gymId === undefined || gymId !== assignment.gymId) {
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { gymAuthId: 'invalidValue' });
    }
    await assignAuth(tx, gymId, assignment.memberId, gymAuthId, ctx.clock());
    await recordAudit(tx, request, ctx, {
      gymId,
      action: 'gym-member.set-change',
      entity: 'gym-auth-member',
      entityId: assignment.id,
      before: existing,
      after: { ...existing, gymAuthId },
    });
    return { gymAuthId };
  },

  delete: async ({ tx, existing }) => unassignAuth(tx, rowOf(gymAuthMember, existing)),

  // One statement: the page, each member's summary, and the capped total (server/db/count.ts).
  listPage: async ({ db, ...page }) => {
    const { rows, total } = await assignmentPage(db, page);
    return {
      records: rows.map((row) => ({
        ...defaultToRecord(gymAuthMemberResource, row.link),
        member: row.member,
      })),
      total,
    };
  },

  toRecords: async (rows, ctx) => {
    const assignments = rows.map((row) => rowOf(gymAuthMember, row));
    const byId = await memberSummariesOf(
      ctx.db,
      assignments.map((a) => a.memberId),
    );
    return assignments.map((a) => ({
      ...defaultToRecord(gymAuthMemberResource, a),
      member: byId.get(a.memberId),
    }));
  },
};
