import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { drizzleOptions } from './client.ts';
import { gymMember } from './schema/index.ts';
import { type PageParts, preparedPages, shapeOf } from './shapes.ts';

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

  // The mock database has no connection: a statement it runs fails, so these count the builds.
  const counted = () => {
    const parts: PageParts[] = [];
    const pages = preparedPages<unknown[]>((mockDb, part) => {
      parts.push(part);
      return mockDb
        .select({ id: gymMember.id })
        .from(gymMember)
        .where(part.where)
        .orderBy(part.orderBy)
        .limit(part.limit)
        .offset(part.offset);
    });
    return { parts, pages };
  };

  it('builds and prepares a shape once, and fills it with each call’s values', async () => {
    const { parts, pages } = counted();
    const orderBy = [desc(gymMember.id)];
    await expect(pages(db, { where, orderBy, limit: 50, offset: 0 })).rejects.toThrow();
    const other = and(
      eq(gymMember.gymId, 9),
      eq(gymMember.workerYn, false),
      inArray(gymMember.status, ['QUIT', 'WAIT']),
    );
    await expect(pages(db, { where: other, orderBy, limit: 10, offset: 10 })).rejects.toThrow();
    expect(parts).toHaveLength(1);
    expect(parts[0]!.limit).toEqual(sql.placeholder('limit'));
    await expect(
      pages(db, { where: eq(gymMember.gymId, 9), orderBy, limit: 10, offset: 0 }),
    ).rejects.toThrow();
    expect(parts).toHaveLength(2);
  });

  it('runs a LIKE pattern as it is, unprepared, so its plan still sees the pattern', async () => {
    const { parts, pages } = counted();
    const like = {
      where: ilike(gymMember.status, '%A%'),
      orderBy: [desc(gymMember.id)],
      limit: 50,
      offset: 0,
    };
    await expect(pages(db, like)).rejects.toThrow();
    await expect(pages(db, like)).rejects.toThrow();
    expect(parts.map((part) => part.limit)).toEqual([50, 50]);
    expect(parts[0]!.where).toBe(like.where);
  });

  it('runs a fragment whose raw text holds `$` and a digit as it is, unprepared', async () => {
    const literal = and(eq(gymMember.gymId, 7), sql`${gymMember.status} <> '$1'`);
    const shape = shapeOf(literal!, 'w');
    expect(shape.exact).toBe(false);
    const plain = sql`${gymMember.gymId} = ${7} and ${gymMember.status} = ${'ACTIVE'}`;
    expect(shapeOf(plain, 'w').exact).toBe(true);
    const { parts, pages } = counted();
    const request = { where: literal, orderBy: [desc(gymMember.id)], limit: 50, offset: 0 };
    await expect(pages(db, request)).rejects.toThrow();
    expect(parts).toHaveLength(1);
    expect(parts[0]!.where).toBe(literal);
    expect(parts[0]!.limit).toBe(50);
  });
});
