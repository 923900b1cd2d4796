import { count, eq, inArray } from 'drizzle-orm';
import { isValidationKey, type ValidationKey } from '#domain/i18n/validation.ts';
import { ticketResource } from '#domain/resources/index.ts';
import { discountPercent, saleLabel } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { ticketProblems } from '#domain/schemas/pass.ts';
import { ticket, ticketIssue } from '../../db/schema/index.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { refusalsOf } from '../../kernel/refusal.ts';
import { defaultToRecord, type ResourceHooks } from '../../resources/engine.ts';
import { rowOf } from '../rows.ts';

// Pass products (docs/rules.md#passes): the sale label is derived from today's date in Asia/Seoul, the discount
// from the prices, the sold count from the sold passes; a sold product is never deleted.

const { refused, badFields } = refusalsOf<'ticketSold'>();

/** The rules across fields (`ticketProblems`, the form's own), as one 400 with a key on each field. */
const fieldProblems = (merged: Parameters<typeof ticketProblems>[0]) => {
  const problems = ticketProblems(merged);
  const errors: Record<string, ValidationKey> = {};
  // Every problem's message is a validation key (domain/schemas/pass.ts); the guard only narrows the string.
  for (const p of problems) if (isValidationKey(p.message)) errors[p.path] = p.message;
  if (problems.length > 0) throw badFields(errors);
};

export const ticketHooks: ResourceHooks = {
  create: async ({ request, ctx, tx, body }) => {
    const [row] = await tx
      .insert(ticket)
      // Safe: the engine parsed `body` with the declaration's create schema, which is built from this table's columns.
      .values({ ...(body as typeof ticket.$inferInsert), createDate: ctx.clock(), modifiedDate: ctx.clock() })
      .returning();
    await recordAudit(tx, request, ctx, {
      gymId: row!.gymId,
      action: 'ticket.create',
      entity: 'ticket',
      entityId: row!.id,
      after: row,
    });
    return row!;
  },

  beforeUpdate: async ({ request, ctx, tx, existing, patch }) => {
    const product = rowOf(ticket, existing);
    fieldProblems({ ...product, ...patch });
    await recordAudit(tx, request, ctx, {
      gymId: product.gymId,
      action: 'ticket.update',
      entity: 'ticket',
      entityId: product.id,
      before: existing,
      after: { ...existing, ...patch },
    });
    return { ...patch, modifiedDate: ctx.clock() };
  },

  delete: async ({ request, ctx, tx, existing }) => {
    const product = rowOf(ticket, existing);
    const [sold] = await tx
      .select({ n: count() })
      .from(ticketIssue)
      .where(eq(ticketIssue.ticketId, product.id));
    if ((sold?.n ?? 0) > 0) throw refused('ticketSold');
    await tx.delete(ticket).where(eq(ticket.id, product.id));
    await recordAudit(tx, request, ctx, {
      gymId: product.gymId,
      action: 'ticket.delete',
      entity: 'ticket',
      entityId: product.id,
      before: existing,
    });
  },

  async toRecords(rows, ctx) {
    const today = seoulToday(ctx.clock());
    const ids = rows.map((row) => rowOf(ticket, row).id);
    const sold = ids.length
      ? await ctx.db
          .select({ ticketId: ticketIssue.ticketId, n: count() })
          .from(ticketIssue)
          .where(inArray(ticketIssue.ticketId, ids))
          .groupBy(ticketIssue.ticketId)
      : [];
    const soldById = new Map(sold.map((s) => [s.ticketId, s.n]));
    return rows.map((raw) => {
      const product = rowOf(ticket, raw);
      return {
        ...defaultToRecord(ticketResource, product),
        saleLabel: saleLabel(product, today),
        discountPercent: discountPercent(product.originPrice, product.salePrice),
        soldCount: soldById.get(product.id) ?? 0,
      };
    });
  },
};
