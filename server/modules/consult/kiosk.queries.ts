import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ProductForFit } from '#domain/rules/consult.ts';
import { isSellable } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../../db/client.ts';
import { consult, consultKiosk, gym, ticket } from '../../db/schema/index.ts';
import { notFound, unauthenticated } from '../../http/errors.ts';
import { toKioskConsult } from './consult.mappers.ts';
import { activeSurvey } from './consult.queries.ts';

// The consulting tablet's reads (docs/rules.md#consulting): its token, the facility's survey and products, and the
// consult it wrote. The tablet holds only its token: no session, no other facility.

/** How long a tablet's token lasts: one working day. */
export const KIOSK_TTL_MS = 16 * 3_600_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');

/** A token's form: what `newToken` makes, with room to spare. */
export const TOKEN_FORM = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The tablet a token opens, with its staff window, or 401: a missing, unknown, expired or closed token reaches
 * nothing (docs/rules.md#consulting).
 */
export const kioskOf = async (db: Executor, token: string | undefined, now: Date) => {
  if (!token || !TOKEN_FORM.test(token)) throw unauthenticated('kioskTokenInvalid');
  const [row] = await db
    .select()
    .from(consultKiosk)
    .where(eq(consultKiosk.tokenHash, sha256(token)));
  if (!row || row.closedAt !== null || row.expiresAt.getTime() <= now.getTime())
    throw unauthenticated('kioskTokenInvalid');
  return row;
};

/** The facility a tablet token opens, or 401 (`kioskOf`). */
export const kioskGymOf = async (db: Executor, token: string | undefined, now: Date): Promise<number> =>
  (await kioskOf(db, token, now)).gymId;

/** The products on sale today, as the result screen prices them. */
export const productsOnSale = async (db: Executor, gymId: number, now: Date): Promise<ProductForFit[]> => {
  const rows = await db
    .select({
      id: ticket.id,
      name: ticket.name,
      salePrice: ticket.salePrice,
      periodAmount: ticket.periodAmount,
      periodUnit: ticket.periodUnit,
      sessionCount: ticket.sessionCount,
      saleState: ticket.saleState,
      saleStartDate: ticket.saleStartDate,
      saleEndDate: ticket.saleEndDate,
    })
    .from(ticket)
    .where(and(eq(ticket.gymId, gymId), eq(ticket.saleState, 'ACTIVE')))
    .orderBy(ticket.salePrice)
    .limit(50);
  const today = seoulToday(now);
  return rows
    .filter((r) => isSellable(r, today))
    .map(({ saleState: _s, saleStartDate: _a, saleEndDate: _b, ...p }) => p);
};

export const kioskInfo = async (db: Executor, gymId: number, now: Date) => {
  const [row] = await db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  if (!row) throw notFound();
  return {
    gymId,
    gymName: row.name,
    survey: await activeSurvey(db, gymId),
    products: await productsOnSale(db, gymId, now),
  };
};

/** The tablet reads back only the consult it wrote, by its token. */
export const kioskStatus = async (db: Executor, gymId: number, token: string) => {
  const [row] = await db
    .select()
    .from(consult)
    .where(and(eq(consult.statusToken, sha256(token)), eq(consult.gymId, gymId)));
  if (!row?.result) throw notFound();
  return toKioskConsult(row, token, row.result);
};
