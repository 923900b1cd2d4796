import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamingClient, nameStatements, shouldName } from '#server/db/named-statements.ts';
import { adminUrl, embeddedRanAlready, testDbKind } from '../fixtures/database.ts';

// Each query text is prepared once and then only bound and executed (docs/architecture.md#named-statements).
// `pg_prepared_statements` lists the session's protocol-level statements, so both databases can be asked.

const PREPARED = 'select name, statement from pg_prepared_statements order by name';

describe('which texts are named', () => {
  it('names plain statements, not patterns, COPY or long parameter lists', () => {
    expect(shouldName('select * from gym where id = $1', 1)).toBe(true);
    expect(shouldName('select * from member where name ilike $1', 1)).toBe(false);
    expect(shouldName('select * from member where name LIKE $1', 1)).toBe(false);
    expect(shouldName('copy gym to stdout', 0)).toBe(false);
    expect(shouldName('select * from gym where id in ($1, …)', 101)).toBe(false);
  });
});

describe.skipIf(embeddedRanAlready())('named statements on PGlite', () => {
  let client: PGlite;
  let named: () => number;
  beforeAll(async () => {
    client = await PGlite.create();
    named = nameStatements(client, 3);
    await client.exec('create table item (id int primary key, label text not null)');
  });
  afterAll(() => client.close());

  it('prepares a text once and answers as the unnamed path does', async () => {
    const insert = 'insert into item (id, label) values ($1, $2) returning id, label';
    const first = await client.query(insert, [1, 'one']);
    const second = await client.query(insert, [2, 'two']);
    expect(first.rows).toEqual([{ id: 1, label: 'one' }]);
    expect(second.affectedRows).toBe(1);
    const select = 'select id, label from item where id >= $1 order by id';
    const rows = await client.query<unknown[]>(select, [1], { rowMode: 'array' });
    expect(rows.rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(rows.fields.map((f) => f.name)).toEqual(['id', 'label']);
    const prepared = (await client.query<{ statement: string }>(PREPARED)).rows.map((r) => r.statement);
    expect(prepared.filter((s) => s === insert)).toHaveLength(1);
    expect(prepared.filter((s) => s === select)).toHaveLength(1);
  });

  it('keeps a failed statement usable and reports the database error with its query', async () => {
    const insert = 'insert into item (id, label) values ($1, $2)';
    await client.query(insert, [10, 'ten']);
    const error = await client.query(insert, [10, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert });
    await client.query(insert, [11, 'eleven']);
    expect((await client.query('select count(*)::int as n from item where id >= $1', [10])).rows).toEqual([
      { n: 2 },
    ]);
  });

  it('leaves patterns unnamed and keeps at most its bound, closing the oldest', async () => {
    await client.query("select id from item where label like $1 || '%'", ['o']);
    for (let i = 0; i < 5; i++) await client.query(`select ${i} as n, id from item where id = $1`, [1]);
    const prepared = (await client.query<{ statement: string }>(PREPARED)).rows.map((r) => r.statement);
    expect(prepared.some((s) => s.includes(' like '))).toBe(false);
    expect(prepared.length).toBeLessThanOrEqual(3);
    expect(named()).toBeGreaterThanOrEqual(7);
  });

  it('falls back to the unnamed path when a plan went stale (a column changed type)', async () => {
    const select = 'select label from item where id = $1';
    expect((await client.query(select, [1])).rows).toEqual([{ label: 'one' }]);
    await client.exec('alter table item alter column label type varchar(20)');
    await client.exec('alter table item alter column label type int using length(label)');
    expect((await client.query(select, [1])).rows).toEqual([{ label: 3 }]);
    expect((await client.query(select, [2])).rows).toEqual([{ label: 3 }]);
  });

  it('runs inside no open transaction of another caller', async () => {
    let inside = false;
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into item (id, label) values (100, 1)');
      inside = true;
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(inside).toBe(true);
    // Queued behind the transaction, so it never sees the row that was rolled back.
    const rows = (await client.query('select id from item where id = $1', [100])).rows;
    await transaction;
    expect(rows).toEqual([]);
  });
});

describe.skipIf(testDbKind() !== 'postgres')('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: adminUrl(), max: 1, Client: NamingClient });
  });
  afterAll(() => pool.end());

  it('prepares a text once per connection and leaves patterns unnamed', async () => {
    const text = 'select $1::int + 1 as n';
    for (let i = 0; i < 3; i++)
      expect((await pool.query({ text, values: [i] })).rows).toEqual([{ n: i + 1 }]);
    await pool.query({ text: "select 1 where 'abc' like $1", values: ['a%'] });
    const prepared = (await pool.query(PREPARED)).rows.map((r: { statement: string }) => r.statement);
    expect(prepared.filter((s) => s === text)).toHaveLength(1);
    expect(prepared.some((s) => s.includes(' like '))).toBe(false);
  });

  it('falls back to the unnamed path when a plan went stale', async () => {
    const table = `named_stale_${process.pid}`;
    await pool.query(`create table ${table} (id int, label text)`);
    try {
      await pool.query(`insert into ${table} values (1, 'one')`);
      const text = `select label from ${table} where id = $1`;
      expect((await pool.query({ text, values: [1] })).rows).toEqual([{ label: 'one' }]);
      await pool.query(`alter table ${table} alter column label type int using length(label)`);
      expect((await pool.query({ text, values: [1] })).rows).toEqual([{ label: 3 }]);
    } finally {
      await pool.query(`drop table ${table}`);
    }
  });
});
