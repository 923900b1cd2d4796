import { desc, eq } from 'drizzle-orm';
import type { OutboxStatus } from '#domain/api/outbox.ts';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import type { Db } from '../../db/client.ts';
import { countCapped } from '../../db/count.ts';
import { outbox } from '../../db/schema/index.ts';

import { toEntry } from './outbox.mappers.ts';

// The operator's view of the outbox (docs/architecture.md#outbox).

/** The operator's view: newest first, by status; the total is capped like every list. */
export const listOutbox = async (
  db: Db,
  status: OutboxStatus | undefined,
  start: number,
  end: number,
  publicUrl: string,
) => {
  const where = status ? eq(outbox.status, status) : undefined;
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(end - start)
    .offset(start);
  let total = start + rows.length;
  if (rows.length === end - start || (rows.length === 0 && start > 0)) {
    total = await countCapped(db, outbox, where);
  }
  return {
    data: rows.map((row) => toEntry(row, publicUrl)),
    total: Math.min(total, TOTAL_CAP),
    capped: total > TOTAL_CAP,
  };
};
