import type { Executor } from '../db/client.ts';
import { type OutboxRow, outbox } from '../db/schema/index.ts';
import { SEALED, type Secrets } from './message-text.ts';
import { sealForOutbox } from './sealing.ts';

// The outbox's door (docs/architecture.md#outbox): every module that sends a message writes it here, in its own
// transaction; the outbox module's dispatcher delivers it.

/**
 * Writes a message to the outbox inside the caller's transaction (docs/architecture.md#outbox): it is delivered
 * only if that transaction commits, and then by the dispatcher, never by the request itself. `secrets` (a reset
 * code, a link's token) never reach the row in clear: they are sealed to the server's key (`sealed`), the text
 * names them by placeholder (`{{code}}`, `{{link}}`, message-text.ts), and the payload says which kind it holds.
 */
export const enqueue = async (
  tx: Executor,
  message: { topic: string; payload: Record<string, unknown>; secrets?: Secrets; now: Date },
): Promise<OutboxRow> => {
  const secrets = message.secrets;
  const payload =
    secrets && (secrets.code !== undefined || secrets.token !== undefined)
      ? {
          ...message.payload,
          secret: secrets.code !== undefined ? 'code' : 'token',
          // Safe: Secrets' fields are optional strings, and the condition above holds for at least one of them.
          [SEALED]: await sealForOutbox(tx, message.topic, secrets as Record<string, string>),
        }
      : message.payload;
  const [row] = await tx
    .insert(outbox)
    .values({
      topic: message.topic,
      payload,
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: message.now,
      createDate: message.now,
    })
    .returning();
  return row!;
};
