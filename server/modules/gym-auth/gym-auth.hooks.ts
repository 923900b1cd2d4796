import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { gymAuthMemberResource } from '#domain/resources/index.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { gymAuth, gymAuthMember, gymMember, member } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { defaultToRecord, type ResourceHooks, type Row } from '../../resources/engine.ts';
import { recordAudit } from '../audit/audit.service.ts';

/** Moving the default: the facility keeps exactly one default set (the partial unique index agrees). */
const clearOtherDefaults = (tx: Db, gymId: number, keepId?: number) =>
  tx
    .update(gymAuth)
    .set({ defaultYn: false })
    .where(
      and(eq(gymAuth.gymId, gymId), eq(gymAuth.defaultYn, true), ...(keepId ? [ne(gymAuth.id, keepId)] : [])),
    );

export const gymAuthHooks: ResourceHooks = {
  create: async ({ request, ctx, tx, body }) => {
    if (body.defaultYn) await clearOtherDefaults(tx, body.gymId as number);
    const [row] = await tx
      .insert(gymAuth)
      .values({ ...(body as typeof gymAuth.$inferInsert), representYn: false })
      .returning();
    await recordAudit(tx, request, ctx, {
      gymId: row!.gymId,
      action: 'gym-auth.create',
      entity: 'gym-auth',
      entityId: row!.id,
      after: row,
    });
    return row as Row;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    if (patch.representYn !== undefined && patch.representYn !== existing.representYn) {
      throw new AppError('CONFLICT', 'representSetProtected');
    }
    const next = { ...patch };
    delete next.representYn;
    if (next.defaultYn === false && existing.defaultYn) throw new AppError('CONFLICT', 'defaultRequired');
    if (next.defaultYn === true && !existing.defaultYn) {
      await clearOtherDefaults(tx, existing.gymId as number, existing.id as number);
    }
    await recordAudit(tx, request, ctx, {
      gymId: existing.gymId as number,
      action: 'gym-auth.update',
      entity: 'gym-auth',
      entityId: existing.id as number,
      before: existing,
      after: { ...existing, ...next },
    });
    return next;
  },

  delete: async ({ request, ctx, tx, existing }) => {
    if (existing.representYn) throw new AppError('CONFLICT', 'representSetProtected');
    if (existing.defaultYn) throw new AppError('CONFLICT', 'defaultRequired');
    const [used] = await tx
      .select({ id: gymMember.id })
      .from(gymMember)
      .where(and(eq(gymMember.gymAuthId, existing.id as number), ne(gymMember.status, 'QUIT')))
      .limit(1);
    if (used) throw new AppError('CONFLICT', 'authInUse');
    // Links that have left keep no hold on the set.
    await tx
      .update(gymMember)
      .set({ gymAuthId: null })
      .where(eq(gymMember.gymAuthId, existing.id as number));
    await tx.delete(gymAuthMember).where(eq(gymAuthMember.gymAuthId, existing.id as number));
    await tx.delete(gymAuth).where(eq(gymAuth.id, existing.id as number));
    await recordAudit(tx, request, ctx, {
      gymId: existing.gymId as number,
      action: 'gym-auth.delete',
      entity: 'gym-auth',
      entityId: existing.id as number,
      before: existing,
    });
  },
};

const memberSummary = { id: member.id, userId: member.userId, name: member.name, phone: member.phone };

/** Records with the member's summary (docs/rules.md#permissions). */
export const withMemberSummaries = async (ctx: AppContext, rows: Row[], toRecord: (row: Row) => Row) => {
  const ids = [...new Set(rows.map((row) => row.memberId as number))];
  if (ids.length === 0) return [];
  const found = await ctx.db.select(memberSummary).from(member).where(inArray(member.id, ids));
  const byId = new Map(found.map((m) => [m.id, m]));
  return rows.map((row) => ({ ...toRecord(row), member: byId.get(row.memberId as number) }));
};

/** The set's facility, found through the set itself (the body names no facility). */
const gymOfAuth = async (ctx: AppContext, gymAuthId: number, db: Db = ctx.db) => {
  const [row] = await db
    .select({ gymId: gymAuth.gymId })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId))
    .limit(1);
  return row?.gymId;
};

/** Keeps gym_auth_member and the staff link's gymAuthId saying the same thing. */
export const assignAuth = async (tx: Db, gymId: number, memberId: number, gymAuthId: number, now: Date) => {
  const [link] = await tx
    .select({ id: gymMember.id, gymAuthId: gymMember.gymAuthId })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
    .limit(1);
  if (!link) throw notFound();
  const [current] = await tx
    .select({ gymAuthId: gymAuth.id, representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, link.gymAuthId ?? -1))
    .limit(1);
  if (current?.representYn && current.gymAuthId !== gymAuthId)
    throw new AppError('CONFLICT', 'representLinkProtected');
  const [target] = await tx
    .select({ representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId));
  if (target?.representYn && !current?.representYn) throw new AppError('CONFLICT', 'representSetProtected');
  await tx.update(gymMember).set({ gymAuthId, modifiedDate: now }).where(eq(gymMember.id, link.id));
  const [existing] = await tx
    .select({ id: gymAuthMember.id })
    .from(gymAuthMember)
    .where(and(eq(gymAuthMember.gymId, gymId), eq(gymAuthMember.memberId, memberId)))
    .limit(1);
  if (existing) {
    const [row] = await tx
      .update(gymAuthMember)
      .set({ gymAuthId })
      .where(eq(gymAuthMember.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await tx.insert(gymAuthMember).values({ gymId, memberId, gymAuthId }).returning();
  return row!;
};

export const gymAuthMemberHooks: ResourceHooks = {
  gymIdOfCreate: (body, ctx) => gymOfAuth(ctx, body.gymAuthId as number),

  create: async ({ ctx, tx, body }) => {
    const gymId = (await gymOfAuth(ctx, body.gymAuthId as number, tx))!;
    return (await assignAuth(
      tx,
      gymId,
      body.memberId as number,
      body.gymAuthId as number,
      ctx.clock(),
    )) as Row;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const gymId = await gymOfAuth(ctx, patch.gymAuthId as number, tx);
    // A set of another facility is, for this record, a set that does not exist.
    if (gymId === undefined || gymId !== existing.gymId) {
      throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { gymAuthId: 'invalidValue' });
    }
    await assignAuth(tx, gymId, existing.memberId as number, patch.gymAuthId as number, ctx.clock());
    await recordAudit(tx, request, ctx, {
      gymId,
      action: 'gym-member.set-change',
      entity: 'gym-auth-member',
      entityId: existing.id as number,
      before: existing,
      after: { ...existing, gymAuthId: patch.gymAuthId },
    });
    return { gymAuthId: patch.gymAuthId };
  },

  delete: async ({ tx, existing }) => {
    const [set] = await tx
      .select({ representYn: gymAuth.representYn })
      .from(gymAuth)
      .where(eq(gymAuth.id, existing.gymAuthId as number));
    if (set?.representYn) throw new AppError('CONFLICT', 'representLinkProtected');
    await tx
      .update(gymMember)
      .set({ gymAuthId: null })
      .where(
        and(
          eq(gymMember.gymId, existing.gymId as number),
          eq(gymMember.memberId, existing.memberId as number),
        ),
      );
    await tx.delete(gymAuthMember).where(eq(gymAuthMember.id, existing.id as number));
  },

  // One statement: the page, each member's summary, and the total as a window count.
  listPage: async ({ db, where, orderBy, limit, offset }) => {
    const rows = await db
      .select({
        link: gymAuthMember,
        member: memberSummary,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(gymAuthMember)
      .innerJoin(member, eq(member.id, gymAuthMember.memberId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return {
      records: rows.map((row) => ({
        ...defaultToRecord(gymAuthMemberResource, row.link),
        member: row.member,
      })),
      total: rows[0]?.total,
    };
  },

  toRecords: (rows, ctx) =>
    withMemberSummaries(ctx, rows, (row) => defaultToRecord(gymAuthMemberResource, row)),
};
