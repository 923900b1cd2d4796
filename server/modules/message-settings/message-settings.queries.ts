import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import type { MessageSettingsStatus, PlatformReviewListQuery } from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { gym, kakaoChannel, kakaoTemplate, messageSend, messageSender } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toChannel, toSender, toTemplate } from './message-settings.mappers.ts';

// The messaging settings' reads (docs/rules.md#sender-numbers-and-templates): a facility's numbers, channel and
// templates, and the operator's review lists across facilities.

/** The configured provider as the settings pages show it: its name and whether it is in test mode. */
export const providerStatus = (provider: { name: string; testMode: boolean }): MessageSettingsStatus => ({
  testMode: provider.testMode,
  providerName: provider.name,
});

/** The numbers among `ids` that a scheduled (WAIT) send uses. */
const sendersInUse = async (db: Executor, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: messageSend.senderId })
    .from(messageSend)
    .where(and(inArray(messageSend.senderId, ids), eq(messageSend.state, 'WAIT')));
  return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
};

export const listSenders = async (db: Executor, gymId: number) => {
  const rows = await db
    .select()
    .from(messageSender)
    .where(eq(messageSender.gymId, gymId))
    .orderBy(desc(messageSender.id))
    .limit(200);
  const used = await sendersInUse(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSender(r, used.has(r.id)));
};

export const senderRecord = async (db: Executor, row: typeof messageSender.$inferSelect) =>
  toSender(row, (await sendersInUse(db, [row.id])).has(row.id));

/** The facility of a number, for the guard (404 when there is none). */
export const gymOfSender = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db
    .select({ gymId: messageSender.gymId })
    .from(messageSender)
    .where(eq(messageSender.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

export const gymOfTemplate = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db
    .select({ gymId: kakaoTemplate.gymId })
    .from(kakaoTemplate)
    .where(eq(kakaoTemplate.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

export const channelOf = async (db: Executor, gymId: number) => {
  const [row] = await db.select().from(kakaoChannel).where(eq(kakaoChannel.gymId, gymId));
  return toChannel(row);
};

export const listTemplates = async (db: Executor, gymId: number) =>
  (
    await db
      .select()
      .from(kakaoTemplate)
      .where(eq(kakaoTemplate.gymId, gymId))
      .orderBy(desc(kakaoTemplate.id))
      .limit(500)
  ).map(toTemplate);

const pageOf = (query: PlatformReviewListQuery) => {
  const start = Number(query._start ?? 0);
  const end = Math.min(Number(query._end ?? start + 20), start + 100);
  return { start, size: Math.max(0, end - start) };
};

/** The operator's list of numbers: by state (all when absent), the oldest first, so a queue reads in order. */
export const platformSenders = async (db: Executor, query: PlatformReviewListQuery) => {
  const where = and(
    query.status ? eq(messageSender.status, query.status as MessageReviewState) : undefined,
    query.gymId ? eq(messageSender.gymId, Number(query.gymId)) : undefined,
  );
  const { start, size } = pageOf(query);
  const rows = await db
    .select({ s: messageSender, gymName: gym.name })
    .from(messageSender)
    .innerJoin(gym, eq(gym.id, messageSender.gymId))
    .where(where)
    .orderBy(asc(messageSender.id))
    .offset(start)
    .limit(size);
  const [total] = await db.select({ n: count() }).from(messageSender).where(where);
  const used = await sendersInUse(
    db,
    rows.map((r) => r.s.id),
  );
  return {
    data: rows.map((r) => ({ ...toSender(r.s, used.has(r.s.id)), gymName: r.gymName })),
    total: total?.n ?? 0,
  };
};

export const platformSender = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ s: messageSender, gymName: gym.name })
    .from(messageSender)
    .innerJoin(gym, eq(gym.id, messageSender.gymId))
    .where(eq(messageSender.id, id));
  if (!row) throw notFound();
  return { ...(await senderRecord(db, row.s)), gymName: row.gymName };
};

/** The operator's list of templates (Kakao's review in test mode), the oldest first. */
export const platformTemplates = async (db: Executor, query: PlatformReviewListQuery) => {
  const where = and(
    query.status ? eq(kakaoTemplate.status, query.status as MessageReviewState) : undefined,
    query.gymId ? eq(kakaoTemplate.gymId, Number(query.gymId)) : undefined,
  );
  const { start, size } = pageOf(query);
  const rows = await db
    .select({ t: kakaoTemplate, gymName: gym.name, searchId: kakaoChannel.searchId })
    .from(kakaoTemplate)
    .innerJoin(gym, eq(gym.id, kakaoTemplate.gymId))
    .leftJoin(kakaoChannel, eq(kakaoChannel.gymId, kakaoTemplate.gymId))
    .where(where)
    .orderBy(asc(kakaoTemplate.id))
    .offset(start)
    .limit(size);
  const [total] = await db.select({ n: count() }).from(kakaoTemplate).where(where);
  return {
    data: rows.map((r) => ({ ...toTemplate(r.t), gymName: r.gymName, searchId: r.searchId ?? null })),
    total: total?.n ?? 0,
  };
};

export const platformTemplate = async (db: Executor, id: number) => {
  const page = await db
    .select({ t: kakaoTemplate, gymName: gym.name, searchId: kakaoChannel.searchId })
    .from(kakaoTemplate)
    .innerJoin(gym, eq(gym.id, kakaoTemplate.gymId))
    .leftJoin(kakaoChannel, eq(kakaoChannel.gymId, kakaoTemplate.gymId))
    .where(eq(kakaoTemplate.id, id));
  const row = page[0];
  if (!row) throw notFound();
  return { ...toTemplate(row.t), gymName: row.gymName, searchId: row.searchId ?? null };
};
