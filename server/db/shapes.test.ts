import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { drizzleOptions } from './client.ts';
import { gymMember } from './schema/index.ts';
import { preparedByShape, shapeOf } from './shapes.ts';

const db = drizzle.mock(drizzleOptions);

const page = (where: ReturnType<typeof and>, limit: unknown, offset: unknown) =>
  db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(where)
    .orderBy(desc(gymMember.id))
    .limit(limit as number)
    .offset(offset as number);

describe('a statement by shape', () => {
  const where = and(
    eq(gymMember.gymId, 7),
    eq(gymMember.workerYn, true),
    inArray(gymMember.status, ['ACTIVE', 'WAIT']),
  );

  it('lifts a fragment’s values into placeholders that give back the same text and values', () => {
    const shape = shapeOf(where!, 'w');
    expect(shape.values).toEqual({ w1: 7, w2: true, w3: 'ACTIVE', w4: 'WAIT' });
    const direct = page(where, 50, 20).toSQL();
    const templated = page(sql`${shape.template}`, sql.placeholder('limit'), sql.placeholder('offset'));
    // The prepared statement's text is the one Drizzle writes for the values themselves.
    expect(templated.toSQL().sql).toBe(direct.sql);
    expect(direct.params).toEqual([7, true, 'ACTIVE', 'WAIT', 50, 20]);
  });

  it('keys the shape by the text alone: other values, same shape', () => {
    const other = and(
      eq(gymMember.gymId, 9),
      eq(gymMember.workerYn, false),
      inArray(gymMember.status, ['QUIT', 'WAIT']),
    );
    expect(shapeOf(other!, 'w').text).toBe(shapeOf(where!, 'w').text);
    const shorter = and(eq(gymMember.gymId, 9), inArray(gymMember.status, ['QUIT']));
    expect(shapeOf(shorter!, 'w').text).not.toBe(shapeOf(where!, 'w').text);
  });

  it('leaves a LIKE pattern unprepared, so its plan still sees the pattern', async () => {
    const shapes = preparedByShape<unknown[]>();
    let built = 0;
    const answer = await shapes.run(
      db,
      [shapeOf(ilike(gymMember.status, '%A%'), 'w')],
      () => {
        built++;
        throw new Error('not built');
      },
      {},
    );
    expect(answer).toBeUndefined();
    expect(built).toBe(0);
  });
});
