import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifiedQuery, rowsOf } from '#server/modules/message/message.sql.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

// The audience's mobile check is written without a regex for speed (bench/README.md#messaging): on the database
// under test it must decide exactly as `^01[016789][0-9]{7,8}$` does, for the edges of each of its parts.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const MOBILE = /^01[016789][0-9]{7,8}$/;

const addresses = [
  '01012345678',
  '0101234567',
  '01112345678',
  '0161234567',
  '01712345678',
  '01812345678',
  '01912345678',
  '01212345678',
  '01312345678',
  '01412345678',
  '01512345678',
  '02012345678',
  '11012345678',
  '010123456',
  '010123456789',
  '010-1234-5678',
  '010 1234567',
  '0101234567a',
  'a0101234567',
  '010１２３４５６７８',
  '010١٢٣٤٥٦٧٨',
  '+821012345678',
  '',
  '01',
  '010',
];

describe('the audience SQL', () => {
  it('marks NO_PHONE exactly where the mobile pattern fails, and a missing address too', async () => {
    const people = sql`select ord, null::int as "memberId", null::text as name, address
      from unnest(${`{${addresses.map((a) => `"${a}"`).join(',')}}`}::text[]) with ordinality as a(address, ord)
      union all select 0, null, null, null`;
    const rules = {
      gymId: 0,
      channel: 'SMS' as const,
      advertising: false,
      nightExclude: false,
      duplicates: false,
    };
    const rows = await rowsOf<{ address: string | null; exclusion: string | null }>(
      t.db,
      sql`select address, exclusion from (${classifiedQuery(people, rules)}) x`,
    );
    expect(rows).toHaveLength(addresses.length + 1);
    for (const row of rows) {
      const expected = row.address !== null && MOBILE.test(row.address) ? null : 'NO_PHONE';
      expect([row.address, row.exclusion]).toEqual([row.address, expected]);
    }
    expect(rows.filter((r) => r.exclusion === null)).toHaveLength(7);
  });
});
