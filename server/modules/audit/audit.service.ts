import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { AuditVerify } from '#domain/api/audit.ts';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import type { Db } from '../../db/client.ts';
import { countCapped } from '../../db/count.ts';
import { auditLog, member } from '../../db/schema/index.ts';
import { chainOf, hashOf, type Snapshot } from '../../kernel/audit.ts';

// The audit log's reader (docs/architecture.md#audit-log): the facility's page of it and the chain's check. The
// writer is the kernel's (server/kernel/audit.ts).

/** A facility's log, newest first, with each actor's name from the same statement; the total is capped. */
export const listAudit = async (db: Db, gymId: number, start: number, end: number) => {
  const rows = await db
    .select({ row: auditLog, actorName: member.name, actorUserId: member.userId })
    .from(auditLog)
    .leftJoin(member, eq(member.id, auditLog.actorMemberId))
    .where(eq(auditLog.gymId, gymId))
    .orderBy(desc(auditLog.id))
    .limit(end - start)
    .offset(start);
  let total = start + rows.length;
  if (rows.length === end - start || (rows.length === 0 && start > 0)) {
    total = await countCapped(db, auditLog, eq(auditLog.gymId, gymId));
  }
  return {
    data: rows.map(({ row, actorName, actorUserId }) => ({
      ...row,
      // Safe (both): the columns hold what writeAudit wrote, a masked Snapshot or null.
      before: row.before as Snapshot,
      after: row.after as Snapshot,
      actorName: actorName ?? null,
      actorUserId: actorUserId ?? null,
      createDate: row.createDate.toISOString(),
    })),
    total: Math.min(total, TOTAL_CAP),
    capped: total > TOTAL_CAP,
  };
};

const VERIFY_BATCH = 500;

/** Walks the facility's chain from its first row; answers the first row whose hash or link does not hold. */
export const verifyAudit = async (db: Db, gymId: number | null): Promise<AuditVerify> => {
  let previous: string | null = null;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(chainOf(gymId), gt(auditLog.id, afterId)))
      .orderBy(asc(auditLog.id))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      if (row.prevHash !== previous || hashOf(row) !== row.hash)
        return { ok: false, brokenAt: row.id, checked };
      previous = row.hash;
      afterId = row.id;
      checked++;
    }
    if (rows.length < VERIFY_BATCH) return { ok: true, checked };
  }
};
