import { eq } from 'drizzle-orm';
import { consult, consultEvent } from '../../db/schema/index.ts';
import type { ResourceHooks } from '../../resources/engine.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { rowOf } from '../rows.ts';
import { assertConsultAddOn, consultingGyms } from './consult.service.ts';

// The generic consult calls (docs/rules.md#consulting): a phone consult logged by staff, an edit of its contact
// details, and DELETE /consult/{id}; each needs the facility's CONSULT add-on, and each is audited. The generic
// list shows only the facilities whose add-on is approved.

export const consultHooks: ResourceHooks = {
  narrowScope: (gymIds, ctx) => consultingGyms(ctx.db, gymIds),

  authorizeRead: ({ ctx, row }) => assertConsultAddOn(ctx.db, row.gymId as number),

  create: async ({ request, ctx, tx, body }) => {
    const values = body as typeof consult.$inferInsert;
    await assertConsultAddOn(tx, values.gymId);
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
    await assertConsultAddOn(tx, row.gymId);
    await recordAudit(tx, request, ctx, {
      gymId: row.gymId,
      action: 'consult.update',
      entity: 'consult',
      entityId: row.id,
      before: { name: row.name, status: row.status, content: row.content },
      after: patch,
    });
    return { ...patch, modifiedDate: ctx.clock() };
  },

  delete: async ({ request, ctx, tx, existing }) => {
    const row = rowOf(consult, existing);
    await assertConsultAddOn(tx, row.gymId);
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
