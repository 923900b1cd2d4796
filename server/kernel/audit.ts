import { createHash } from 'node:crypto';
import { desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#domain/api/audit.ts';
import type { Db, Executor } from '../db/client.ts';
import { type AuditLogRow, auditLog } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { maskPersonal } from './mask.ts';

// The audit log's writer (docs/architecture.md#audit-log): one hash-chained row per change, in the caller's
// transaction. Every module writes through `audited`; the audit module reads and verifies the chain.

/** One change to record (docs/architecture.md#audit-log). `before`/`after` are snapshots; they are masked here. */
export type AuditEvent = {
  gymId: number | null;
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: object | null;
  after?: object | null;
};

export type AuditWrite = AuditEvent & { actorMemberId: number | null; requestId: string | null; now: Date };

export type Snapshot = Record<string, unknown> | null;

/** Keys sorted at every level, no whitespace: the same content always hashes the same (jsonb reorders keys). */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Safe: a non-null object that is not an array (checked above): its own keys are read.
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
};

type Hashed = Pick<
  AuditLogRow,
  | 'gymId'
  | 'actorMemberId'
  | 'action'
  | 'entity'
  | 'entityId'
  | 'before'
  | 'after'
  | 'createDate'
  | 'requestId'
  | 'prevHash'
>;

/** SHA-256 of the row's content and the previous row's hash. */
export const hashOf = (row: Hashed): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        gymId: row.gymId,
        actorMemberId: row.actorMemberId,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
        createDate: row.createDate.toISOString(),
        requestId: row.requestId,
        prevHash: row.prevHash,
      }),
    )
    .digest('hex');

export const chainOf = (gymId: number | null): SQL =>
  gymId === null ? isNull(auditLog.gymId) : eq(auditLog.gymId, gymId);

/**
 * Appends one row to the facility's chain, inside the caller's transaction. A transaction-scoped advisory lock per
 * facility serialises writers, so two changes at once still form one chain (the second reads the first's hash
 * after it commits).
 */
export const writeAudit = async (tx: Executor, event: AuditWrite): Promise<AuditLogRow> => {
  const chainKey = `audit:${event.gymId ?? 'platform'}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${chainKey}))`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(chainOf(event.gymId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const content: Hashed = {
    gymId: event.gymId,
    actorMemberId: event.actorMemberId,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    // Safe (both): maskPersonal returns the JSON value it was given with personal fields masked, a Snapshot.
    before: maskPersonal(event.before ?? null) as Snapshot,
    after: maskPersonal(event.after ?? null) as Snapshot,
    createDate: event.now,
    requestId: event.requestId,
    prevHash: last?.hash ?? null,
  };
  const [row] = await tx
    .insert(auditLog)
    .values({ ...content, hash: hashOf(content) })
    .returning();
  return row!;
};

/** The request's actor, request id and clock: what a handler adds to an event. */
export const recordAudit = (tx: Db, request: FastifyRequest, ctx: { clock: () => Date }, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: request.member?.id ?? null,
    requestId: request.id,
    now: ctx.clock(),
  });

/** One audited change by an actor: the write helper every module's commands use. */
export const audited = (tx: Executor, actor: Actor, event: AuditEvent): Promise<AuditLogRow> =>
  writeAudit(tx, { ...event, actorMemberId: actor.memberId, requestId: actor.requestId, now: actor.now });
