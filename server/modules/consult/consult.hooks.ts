import { eq } from 'drizzle-orm';
import { consult, consultEvent } from '../../db/schema/index.ts';
import { recordAudit } from '../../kernel/audit.ts';
import type { ResourceHooks } from '../../resources/engine.ts';
import { rowOf } from '../rows.ts';
import { clearWaitingNotices } from './consult.commands.ts';

// The generic consult calls (docs/rules.md#consulting): a phone consult logged by staff, an edit of its contact
// details, and DELETE /consult/{id}; each is audited. Like the consultation list, they need consultUseYn /
// consultSettingYn only, not the CONSULT add-on (docs/rules.md#access-table).

export const consultHooks: ResourceHooks = {
  create: async ({ request, ctx, tx, body }) => {
    // Safe: the engine parsed `body` with the declaration's create schema, which is built from this table's columns.
    const values = body as typeof consult.$inferInsert;
    const now = ctx.clock();
    const [row] = await tx
      .insert(consult)
      .values({
        ...values,
        stage: 'NEW',
        staffMemberId: request.member?.id ?? null,
        createDate: now,
        modifiedDate: now,
      })
      .returning();
    await tx.insert(consultEvent).values({
      gymId: row!.gymId,
      consultId: row!.id,
      kind: 'CREATED',
      stage: 'NEW',
      actorMemberId: request.member?.id ?? null,
      createDate: now,
    });
    await recordAudit(tx, request, ctx, {
      gymId: row!.gymId,
      action: 'consult.create',
      entity: 'consult',
      entityId: row!.id,
      after: { name: row!.name, channel: row!.channel },
    });
    return row!;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const row = rowOf(consult, existing);
    await recordAudit(tx, request, ctx, {
      gymId: row.gymId,
      action: 'consult.update',
      entity: 'consult',
      entityId: row.id,
      before: { name: row.name, status: row.status, content: row.content },
      after: patch,
    });
    // A waiting consult set to another status by hand is handled: its waiting notices clear.
    const status = (patch as { status?: string }).status;
    if (row.status === 'WAIT' && status !== undefined && status !== 'WAIT')
      await clearWaitingNotices(tx, row.id);
    return { ...patch, modifiedDate: ctx.clock() };
  },

  delete: async ({ request, ctx, tx, existing }) => {
    const row = rowOf(consult, existing);
    await tx.delete(consult).where(eq(consult.id, row.id));
    await recordAudit(tx, request, ctx, {
      gymId: row.gymId,
      action: 'consult.delete',
      entity: 'consult',
      entityId: row.id,
      before: { name: row.name, outcome: row.outcome, stage: row.stage },
    });
  },
};
