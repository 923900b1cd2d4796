import type { GymMemberStatus } from '#domain/enums.ts';
import { gymMemberStatuses } from '#domain/enums.ts';
import { checkTransition, gymMemberTransitions } from '#domain/rules/state-machines.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { Executor } from '../../db/client.ts';
import { gymMember } from '../../db/schema/index.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { illegalTransition, type ResourceHooks, type Row } from '../../resources/engine.ts';
import { gymMemberAction } from '../audit/actions.ts';
import { assignAuth } from '../gym-auth/gym-auth.commands.ts';
import {
  assertSetOfGym,
  defaultSetOf,
  isRepresentSet,
  type MemberSummary,
} from '../gym-auth/gym-auth.queries.ts';
import { rowOf } from '../rows.ts';
import { endLink } from './gym-member.commands.ts';
import { type GymMemberRow, isPendingInvite, maskedSummary } from './gym-member.mappers.ts';
import { linkPage, withSummaries } from './gym-member.queries.ts';
import { refused } from './gym-member.refusals.ts';

/**
 * The API record of a link, with the member's and the facility's summaries. The facility sees a pending
 * invitation's name and phone masked; `self` is the member's own view of their links.
 */
export const toGymMemberRecord = (
  row: GymMemberRow,
  member: MemberSummary,
  gym: GymMember['gym'],
  viewer: 'facility' | 'self' = 'facility',
): GymMember => ({
  id: row.id,
  gymId: row.gymId,
  memberId: row.memberId,
  status: row.status,
  workerYn: row.workerYn,
  gymAuthId: row.gymAuthId,
  invited: isPendingInvite(row),
  member: isPendingInvite(row) && viewer === 'facility' ? maskedSummary(member) : member,
  gym,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** Records with the member's and the facility's summaries (both always exist: foreign keys). */
export const gymMemberRecords = async (
  db: Executor,
  rows: GymMemberRow[],
  viewer: 'facility' | 'self' = 'facility',
): Promise<GymMember[]> =>
  (await withSummaries(db, rows)).flatMap(({ row, member, gym }) =>
    member && gym ? [toGymMemberRecord(row, member, gym, viewer)] : [],
  );

const statusOf = (value: unknown): GymMemberStatus | undefined =>
  gymMemberStatuses.find((status) => status === value);
const idOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export const gymMemberHooks: ResourceHooks = {
  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const link = rowOf(gymMember, existing);
    if (await isRepresentSet(tx, link.gymAuthId)) throw refused('representLinkProtected');
    const from = link.status;
    const to = statusOf(patch.status) ?? from;
    // Only the invited person accepts an invitation (POST /web/gym-member/invite/{id}/accept); the facility may
    // withdraw it (QUIT), and nothing else (docs/rules.md#permissions).
    if (isPendingInvite(link) && (to !== 'QUIT' || patch.gymAuthId !== undefined))
      throw refused('inviteNotAccepted');
    if (to !== from) {
      const check = checkTransition(gymMemberTransitions, from, to, 'owner');
      if (check !== 'ok') throw illegalTransition(from, to);
    }
    let gymAuthId = idOf(patch.gymAuthId);
    // Approval gives staff a set: the one named, or the facility's default (docs/rules.md#permissions).
    if (to === 'ACTIVE' && from === 'WAIT' && gymAuthId === undefined && link.workerYn) {
      gymAuthId = await defaultSetOf(tx, link.gymId);
    }
    if (gymAuthId !== undefined) {
      await assertSetOfGym(tx, link.gymId, gymAuthId);
      await assignAuth(tx, link.gymId, link.memberId, gymAuthId, ctx.clock());
    }
    const next: Row = {
      ...(to !== from ? { status: to } : {}),
      ...(gymAuthId !== undefined ? { gymAuthId } : {}),
    };
    if (Object.keys(next).length > 0)
      await recordAudit(tx, request, ctx, {
        gymId: link.gymId,
        action: gymMemberAction(from, to, gymAuthId !== undefined && gymAuthId !== link.gymAuthId),
        entity: 'gym-member',
        entityId: link.id,
        before: existing,
        after: { ...existing, ...next },
      });
    return next;
  },

  // Removing someone from a facility ends the link (QUIT) and keeps its history.
  delete: async ({ request, ctx, tx, existing }) => {
    const link = rowOf(gymMember, existing);
    if (await isRepresentSet(tx, link.gymAuthId)) throw refused('representLinkProtected');
    if (link.status === 'QUIT') throw illegalTransition('QUIT', 'QUIT');
    await endLink(tx, link, ctx.clock());
    await recordAudit(tx, request, ctx, {
      gymId: link.gymId,
      action: 'gym-member.remove',
      entity: 'gym-member',
      entityId: link.id,
      before: existing,
      after: { ...existing, status: 'QUIT' },
    });
  },

  // One statement: the page, its member and facility summaries, and the capped total (server/db/count.ts).
  listPage: ({ db, ...page }) => linkPage(db, page),

  toRecords: (rows, ctx) =>
    gymMemberRecords(
      ctx.db,
      rows.map((row) => rowOf(gymMember, row)),
    ),
};
