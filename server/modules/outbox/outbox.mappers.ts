import type { OutboxRow } from '../../db/schema/index.ts';
import { renderPayload } from '../../kernel/message-text.ts';

// An outbox row as the operator's console shows it (docs/architecture.md#outbox).

/** A row as the operator sees it: the secret masked, the seal left out (message-text.ts). */
export const toEntry = (row: OutboxRow, publicUrl: string) => ({
  ...row,
  // Safe: enqueue writes every payload as an object (its `payload` parameter is one).
  payload: renderPayload(row.payload as Record<string, unknown>, publicUrl, null),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  createDate: row.createDate.toISOString(),
  sentDate: row.sentDate?.toISOString() ?? null,
});
