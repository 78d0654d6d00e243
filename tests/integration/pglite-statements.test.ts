/**
 * PGlite through prepared statements (src/server/db/pglite-statements.ts): every answer as
 * PGlite's own query() gives it (types, nulls, row modes, counts, errors), transactions that
 * commit and roll back, a table changed under a statement, and the cap on kept statements.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePreparedStatements } from '#src/server/db/pglite-statements.ts';

let plain: PGlite;
let prepared: PGlite;

const SETUP = `
  create table things (
    id serial primary key, name text, born date, seen timestamptz, data jsonb,
    tags text[], score numeric, big bigint, ok boolean
  );
  insert into things (name, born, seen, data, tags, score, big, ok) values
    ('one', '2001-02-03', '2026-11-26 08:00:00+00', '{"a": [1, 2]}', '{x,y}', 1.50, 9007199254740993, true),
    (null, null, null, null, null, null, null, null);
`;

/** The server's statements have no session state, so each client gets its own copy. */
beforeAll(async () => {
  plain = await PGlite.create();
  prepared = usePreparedStatements(await PGlite.create(), { maxStatements: 3 });
  await plain.exec(SETUP);
  await prepared.exec(SETUP);
});

afterAll(async () => {
  await plain.close();
  await prepared.close();
});

/** What a caller sees of a result (PGlite adds no more fields than these). */
const seen = (result: { rows: unknown[]; fields: unknown[]; affectedRows?: number }) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

describe('PGlite with prepared statements', () => {
  const selects: [string, unknown[]][] = [
    ['select * from things order by id', []],
    ['select id, name from things where id = $1', [1]],
    ['select $1::int + 1 as n, $2::text as t, $3::jsonb as j', [41, 'hello', JSON.stringify({ b: true })]],
    ['select count(*) from things where name = $1', [null]],
  ];

  it('answers every select as PGlite itself does, in object and array row mode, again and again', async () => {
    for (const rowMode of ['object', 'array'] as const) {
      for (const [text, params] of selects) {
        const expected = seen(await plain.query(text, params, { rowMode }));
        for (let run = 0; run < 7; run++) {
          expect(seen(await prepared.query(text, params, { rowMode }))).toEqual(expected);
        }
      }
    }
    const [first] = (
      await prepared.query<{ born: Date; data: unknown; tags: string[]; big: bigint }>(
        'select * from things where id = $1',
        [1],
      )
    ).rows;
    expect(first?.born).toBeInstanceOf(Date);
    expect(first?.data).toEqual({ a: [1, 2] });
    expect(first?.tags).toEqual(['x', 'y']);
  });

  it('uses the parsers a caller passes (as Drizzle does for dates) over the built-in ones', async () => {
    const parsers = { 1082: (value: string) => `date:${value}`, 1184: (value: string) => `tz:${value}` };
    const expected = await plain.query('select born, seen from things where id = 1', [], { parsers });
    const result = await prepared.query('select born, seen from things where id = 1', [], { parsers });
    expect(result.rows).toEqual(expected.rows);
    expect(result.rows).toEqual([{ born: 'date:2001-02-03', seen: 'tz:2026-11-26 08:00:00+00' }]);
  });

  it('counts the rows a write touched and returns what it returns', async () => {
    const insert = await prepared.query<{ id: number }>('insert into things (name) values ($1), ($2) returning id', [
      'a',
      'b',
    ]);
    expect(insert.affectedRows).toBe(2);
    expect(insert.rows).toHaveLength(2);
    const update = await prepared.query('update things set ok = $1 where name in ($2, $3)', [false, 'a', 'b']);
    expect(update.affectedRows).toBe(2);
    expect(update.rows).toEqual([]);
    const removed = await prepared.query('delete from things where name in ($1, $2)', ['a', 'b']);
    expect(removed.affectedRows).toBe(2);
  });

  it('throws the database error with its query and parameters, and goes on working after it', async () => {
    const error = await prepared.query('select 1 / $1::int', [0]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '22012', query: 'select 1 / $1::int', params: [0] });
    const parseError = await prepared.query('select from nowhere where', []).catch((e: unknown) => e);
    expect(parseError).toMatchObject({ code: '42601' });
    expect((await prepared.query('select 1 / $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls one back on an error (nothing of it stays)', async () => {
    await prepared.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['committed']);
    });
    const failed = prepared
      .transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['rolled back']);
        await tx.query('select 1 / $1::int', [0]);
      })
      .catch((e: unknown) => e);
    expect(await failed).toMatchObject({ code: '22012' });
    const names = await prepared.query<{ name: string }>('select name from things where name = any($1)', [
      ['committed', 'rolled back'],
    ]);
    expect(names.rows).toEqual([{ name: 'committed' }]);
  });

  it('keeps a statement of another caller out of an open transaction: it waits for the commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = prepared.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['in flight']);
      inserted();
      await held;
      await tx.query('delete from things where name = $1', ['in flight']);
    });
    await insertedYet;
    const outside = prepared.query<{ n: number }>('select count(*)::int as n from things where name = $1', [
      'in flight',
    ]);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    // It ran after the commit, never inside the transaction (where it would have seen the row).
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('runs queries of parallel callers one after the other, each with its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => prepared.query<{ n: number }>('select $1::int * 2 as n', [i])),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  });

  it('parses a statement again when its table changed under it', async () => {
    const text = 'select * from things where id = $1';
    await prepared.query(text, [1]);
    await prepared.exec('alter table things add column extra text');
    const result = await prepared.query<Record<string, unknown>>(text, [1]);
    expect(Object.keys(result.rows[0] ?? {})).toContain('extra');
    await prepared.exec('alter table things drop column extra');
  });

  it('keeps at most the cap of statements, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) await prepared.query(`select ${i} as n`, []);
    const kept = await prepared.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements', []);
    expect(kept.rows[0]?.n).toBeLessThanOrEqual(4);
  });
});
