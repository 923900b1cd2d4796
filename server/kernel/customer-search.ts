import { type SQL, sql } from 'drizzle-orm';
import { nameSearchKey, phoneSearchDigits } from '#domain/rules/customer.ts';
import { member } from '../db/schema/index.ts';

/**
 * The customer search (docs/rules.md#lists-and-search), shared by every list that finds customers by what the desk
 * types: spaces and hyphens are ignored; three or more digits match any part of the phone, anything else any part
 * of the name. Both ride the trigram indexes.
 */
export const searchCondition = (q: string | undefined): SQL | undefined => {
  if (!q) return undefined;
  const digits = phoneSearchDigits(q);
  if (digits) return sql`${member.phone} like ${`%${digits}%`}`;
  const key = nameSearchKey(q).replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!key) return undefined;
  // Hangul has no case: a plain `like` is half the cost of `ilike` (bench/README.md).
  const caseless = key === key.toLowerCase() && key === key.toUpperCase();
  return caseless ? sql`${member.name} like ${`%${key}%`}` : sql`${member.name} ilike ${`%${key}%`}`;
};
