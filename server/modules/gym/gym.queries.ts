import { and, asc, eq, sql } from 'drizzle-orm';
import { compactForSearch } from '#domain/rules/text.ts';
import type { Executor } from '../../db/client.ts';
import { gym, gymMember, gymSetting } from '../../db/schema/index.ts';

// A facility's reads (docs/rules.md#facilities): the public search, a member's facilities, the settings.

const SEARCH_LIMIT = 20;

/**
 * The public search: ACTIVE facilities whose name holds the keyword, whitespace ignored on both sides
 * (docs/rules.md#lists-and-search), on the partial trigram index; public fields only.
 */
export const searchActiveGyms = (db: Executor, query: string) => {
  const keyword = compactForSearch(query);
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ id: gym.id, name: gym.name, address: gym.address })
    .from(gym)
    .where(
      and(
        eq(gym.gymStatus, 'ACTIVE'),
        keyword ? sql`lower(regexp_replace(${gym.name}, '\\s', '', 'g')) like ${`%${escaped}%`}` : undefined,
      ),
    )
    .orderBy(asc(gym.name), asc(gym.id))
    .limit(SEARCH_LIMIT);
};

/** The facilities where a member has an ACTIVE link; bounded by the member's links (one per facility). */
export const activeGymsOfMember = async (db: Executor, memberId: number) => {
  const rows = await db
    .select({ gym })
    .from(gymMember)
    .innerJoin(gym, eq(gym.id, gymMember.gymId))
    .where(and(eq(gymMember.memberId, memberId), eq(gymMember.status, 'ACTIVE')))
    .orderBy(asc(gym.id))
    .limit(200);
  return rows.map((row) => row.gym);
};

export const settingOf = async (db: Executor, gymId: number) => {
  const [row] = await db.select().from(gymSetting).where(eq(gymSetting.gymId, gymId)).limit(1);
  return row;
};
