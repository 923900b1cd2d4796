import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GymMemberStatus } from '#domain/enums.ts';
import { gymMemberResource } from '#domain/resources/index.ts';
import { checkTransition, gymMemberTransitions } from '#domain/rules/state-machines.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { gym, gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { defaultToRecord, illegalTransition, type ResourceHooks, type Row } from '../../resources/engine.ts';
import { gymMemberAction } from '../audit/actions.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assignAuth } from '../gym-auth/gym-auth.hooks.ts';

/** Records with the member's and the facility's summaries. */
export const gymMemberRecords = async (ctx: AppContext, rows: Row[]) => {
  if (rows.length === 0) return [];
  const memberIds = [...new Set(rows.map((r) => r.memberId as number))];
  const gymIds = [...new Set(rows.map((r) => r.gymId as number))];
  const [members, gyms] = await Promise.all([
    ctx.db
      .select({ id: member.id, userId: member.userId, name: member.name, phone: member.phone })
      .from(member)
      .where(inArray(member.id, memberIds)),
    ctx.db
      .select({ id: gym.id, name: gym.name, gymStatus: gym.gymStatus })
      .from(gym)
      .where(inArray(gym.id, gymIds)),
  ]);
  const memberById = new Map(members.map((m) => [m.id, m]));
  const gymById = new Map(gyms.map((g) => [g.id, g]));
  return rows.map((row) => ({
    ...defaultToRecord(gymMemberResource, row),
    member: memberById.get(row.memberId as number),
    gym: gymById.get(row.gymId as number),
  }));
};

const isRepresentLink = async (tx: Db, gymAuthId: unknown) => {
  if (typeof gymAuthId !== 'number') return false;
  const [set] = await tx
    .select({ representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId));
  return set?.representYn === true;
};

const defaultSetOf = async (tx: Db, gymId: number) => {
  const [set] = await tx
    .select({ id: gymAuth.id })
    .from(gymAuth)
    .where(and(eq(gymAuth.gymId, gymId), eq(gymAuth.defaultYn, true)))
    .limit(1);
  return set?.id;
};

const assertSetOfGym = async (tx: Db, gymId: number, gymAuthId: number) => {
  const [set] = await tx.select({ gymId: gymAuth.gymId }).from(gymAuth).where(eq(gymAuth.id, gymAuthId));
  if (set?.gymId !== gymId) {
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { gymAuthId: 'invalidValue' });
  }
};

export const gymMemberHooks: ResourceHooks = {
  create: async ({ ctx, tx, body }) => {
    const gymId = body.gymId as number;
    const [target] = await tx
      .select({ id: member.id })
      .from(member)
      .where(eq(member.id, body.memberId as number));
    if (!target)
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { memberId: 'memberNotFound' });
    const [existing] = await tx
      .select({ id: gymMember.id })
      .from(gymMember)
      .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, body.memberId as number)));
    if (existing) throw new AppError('CONFLICT', 'alreadyLinked', {}, { memberId: 'alreadyLinked' });
    let gymAuthId = (body.gymAuthId as number | null | undefined) ?? null;
    if (gymAuthId !== null) {
      await assertSetOfGym(tx, gymId, gymAuthId);
      if (await isRepresentLink(tx, gymAuthId)) throw new AppError('CONFLICT', 'representSetProtected');
    }
    if (body.status === 'ACTIVE' && gymAuthId === null && body.workerYn)
      gymAuthId = (await defaultSetOf(tx, gymId)) ?? null;
    const [row] = await tx
      .insert(gymMember)
      .values({
        gymId,
        memberId: body.memberId as number,
        status: body.status as GymMemberStatus,
        workerYn: (body.workerYn as boolean | undefined) ?? false,
        gymAuthId,
        createDate: ctx.clock(),
        modifiedDate: ctx.clock(),
      })
      .returning();
    if (gymAuthId !== null)
      await tx.insert(gymAuthMember).values({ gymId, memberId: row!.memberId, gymAuthId });
    return row as Row;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    if (await isRepresentLink(tx, existing.gymAuthId))
      throw new AppError('CONFLICT', 'representLinkProtected');
    const from = existing.status as GymMemberStatus;
    const to = (patch.status as GymMemberStatus | undefined) ?? from;
    if (to !== from) {
      const check = checkTransition(gymMemberTransitions, from, to, 'owner');
      if (check !== 'ok') throw illegalTransition(from, to);
    }
    let gymAuthId = patch.gymAuthId as number | undefined;
    // Approval gives staff a set: the one named, or the facility's default (docs/rules.md#permissions).
    if (to === 'ACTIVE' && from === 'WAIT' && gymAuthId === undefined && existing.workerYn) {
      gymAuthId = await defaultSetOf(tx, existing.gymId as number);
    }
    if (gymAuthId !== undefined) {
      await assertSetOfGym(tx, existing.gymId as number, gymAuthId);
      await assignAuth(tx, existing.gymId as number, existing.memberId as number, gymAuthId, ctx.clock());
    }
    const next = {
      ...(to !== from ? { status: to } : {}),
      ...(gymAuthId !== undefined ? { gymAuthId } : {}),
    };
    if (Object.keys(next).length > 0)
      await recordAudit(tx, request, ctx, {
        gymId: existing.gymId as number,
        action: gymMemberAction(from, to, gymAuthId !== undefined && gymAuthId !== existing.gymAuthId),
        entity: 'gym-member',
        entityId: existing.id as number,
        before: existing,
        after: { ...existing, ...next },
      });
    return next;
  },

  // Removing someone from a facility ends the link (QUIT) and keeps its history.
  delete: async ({ request, ctx, tx, existing }) => {
    if (await isRepresentLink(tx, existing.gymAuthId))
      throw new AppError('CONFLICT', 'representLinkProtected');
    if (existing.status === 'QUIT') throw illegalTransition('QUIT', 'QUIT');
    await tx
      .update(gymMember)
      .set({ status: 'QUIT', modifiedDate: ctx.clock() })
      .where(eq(gymMember.id, existing.id as number));
    await recordAudit(tx, request, ctx, {
      gymId: existing.gymId as number,
      action: 'gym-member.remove',
      entity: 'gym-member',
      entityId: existing.id as number,
      before: existing,
      after: { ...existing, status: 'QUIT' },
    });
  },

  // One statement: the page, its member and facility summaries, and the total as a window count.
  listPage: async ({ db, where, orderBy, limit, offset }) => {
    const rows = await db
      .select({
        link: gymMember,
        member: { id: member.id, userId: member.userId, name: member.name, phone: member.phone },
        gym: { id: gym.id, name: gym.name, gymStatus: gym.gymStatus },
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(gymMember)
      .innerJoin(member, eq(member.id, gymMember.memberId))
      .innerJoin(gym, eq(gym.id, gymMember.gymId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return {
      records: rows.map((row) => ({
        ...defaultToRecord(gymMemberResource, row.link),
        member: row.member,
        gym: row.gym,
      })),
      total: rows[0]?.total,
    };
  },

  toRecords: (rows, ctx) => gymMemberRecords(ctx, rows),
};
