import { eq, type SQL, sql } from 'drizzle-orm';
import { type GymRights, hasRight } from '#domain/permissions.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { HOME_FIGURES, type HomeFigureKey, type HomeToday, homeFigureKeys } from '#domain/schemas/home.ts';
import type { Executor } from '../../db/client.ts';
import { gym } from '../../db/schema/index.ts';
import { homeTodayOf } from './home.mappers.ts';
import { addOnHeld, boundsOf, figureSql } from './home.sql.ts';

// HOME's day (docs/rules.md#home): the figures a viewer may see, read in one statement (home.sql.ts).

/** The figures this viewer may see, by their rights in the facility (the add-ons are checked in the SQL). */
export const visibleFigures = (rights: GymRights): HomeFigureKey[] =>
  homeFigureKeys.filter((key) => hasRight(rights, HOME_FIGURES[key].right));

/**
 * The one statement of HOME's day for a viewer who may see `keys` (at least one): the facility's row, with a
 * column per figure. The bench's bare handler sends the same text (`.toSQL()`).
 */
export const homeTodayQuery = (
  db: Executor,
  gymId: number,
  keys: readonly HomeFigureKey[],
  now: Date,
  today = seoulToday(now),
) => {
  const bounds = boundsOf(today, now);
  const fields: Record<string, SQL<unknown>> = {};
  for (const key of keys) {
    const addOn = HOME_FIGURES[key].addOn;
    const select = figureSql(key, gymId, bounds);
    fields[key] = addOn ? sql`case when ${addOnHeld(gymId, addOn)} then ${select} end` : select;
  }
  return db.select(fields).from(gym).where(eq(gym.id, gymId));
};

/**
 * Today's figures of the facility for a viewer who may see `keys` (docs/rules.md#home), in one statement; an
 * empty `keys` reads nothing.
 */
export const homeToday = async (
  db: Executor,
  gymId: number,
  keys: readonly HomeFigureKey[],
  now: Date,
): Promise<HomeToday> => {
  const today = seoulToday(now);
  if (keys.length === 0) return { date: today };
  const [row] = await homeTodayQuery(db, gymId, keys, now, today);
  return homeTodayOf(row, keys, today);
};
