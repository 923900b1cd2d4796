import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '#server/db/schema/index.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { bootstrapSuperadmin } from '#server/seed/seed.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

// The platform operator made at start-up (docs/architecture.md#configuration), when two processes start together
// on one new database (docs/operations.md#several-processes): both see no operator, both insert, one insert wins.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('bootstrapSuperadmin', () => {
  it('makes one operator when two processes start at once, and neither fails', async () => {
    const results = await Promise.all([
      bootstrapSuperadmin(createMemberRepository(t.db)),
      bootstrapSuperadmin(createMemberRepository(t.db)),
    ]);
    expect(results.filter((login) => login !== undefined)).toHaveLength(1);
    const operators = await t.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.authCode, 'SUPERADMIN'));
    expect(operators).toHaveLength(1);
  });
});
