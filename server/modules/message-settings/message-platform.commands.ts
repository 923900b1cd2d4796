import { eq, sql } from 'drizzle-orm';
import { DEFAULT_MESSAGE_PRICES, DEFAULT_OPT_OUT_NUMBER, type MessagePrices } from '#domain/rules/message.ts';
import type {
  MessageCreditTopup,
  MessagePlatformSettings,
  MessagePlatformSettingsUpdate,
} from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { gym, messageCredit, messagePlatform, messagePrice } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';

// The operator's messaging settings (docs/rules.md#messaging): the price per kind, the free opt-out number every
// advertising message ends with, and credit top-ups until platform billing exists (a TOPUP row with its note).

export const platformSettings = async (db: Executor): Promise<MessagePlatformSettings> => {
  const prices = await db.select().from(messagePrice);
  const [platform] = await db.select().from(messagePlatform).where(eq(messagePlatform.id, 1));
  return {
    prices: {
      ...DEFAULT_MESSAGE_PRICES,
      ...Object.fromEntries(prices.map((p) => [p.kind, p.price])),
    } as MessagePrices,
    optOutNumber: platform?.optOutNumber ?? DEFAULT_OPT_OUT_NUMBER,
  };
};

export const updatePlatformSettings = async (
  tx: Executor,
  actor: Actor,
  input: MessagePlatformSettingsUpdate,
) => {
  const before = await platformSettings(tx);
  for (const [kind, price] of Object.entries(input.prices))
    await tx
      .insert(messagePrice)
      .values({ kind, price, modifiedDate: actor.now })
      .onConflictDoUpdate({ target: messagePrice.kind, set: { price, modifiedDate: actor.now } });
  await tx
    .insert(messagePlatform)
    .values({ id: 1, optOutNumber: input.optOutNumber, modifiedDate: actor.now })
    .onConflictDoUpdate({
      target: messagePlatform.id,
      set: { optOutNumber: input.optOutNumber, modifiedDate: actor.now },
    });
  await audited(tx, actor, {
    gymId: null,
    action: 'message-platform.update',
    entity: 'message-platform',
    entityId: 1,
    before,
    after: input,
  });
  return platformSettings(tx);
};

/** Serialises a facility's credit writes with the sends' charges (the same lock the sends module takes). */
const lockCredits = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`message-credit:${gymId}`}))`);

export const topUpCredits = async (tx: Executor, actor: Actor, input: MessageCreditTopup) => {
  const gymId = Number(input.gymId);
  const [place] = await tx.select({ id: gym.id }).from(gym).where(eq(gym.id, gymId));
  if (!place) throw notFound();
  await lockCredits(tx, gymId);
  const [row] = await tx
    .insert(messageCredit)
    .values({
      gymId,
      kind: 'TOPUP',
      amount: input.amount,
      note: input.note,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning();
  const [sum] = await tx
    .select({ balance: sql<number>`coalesce(sum(${messageCredit.amount}), 0)`.mapWith(Number) })
    .from(messageCredit)
    .where(eq(messageCredit.gymId, gymId));
  await audited(tx, actor, {
    gymId,
    action: 'message-credit.topup',
    entity: 'message-credit',
    entityId: row!.id,
    after: { amount: input.amount, note: input.note },
  });
  return { id: row!.id, gymId, amount: row!.amount, balance: sum?.balance ?? 0 };
};
