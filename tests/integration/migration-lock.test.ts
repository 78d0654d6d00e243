/**
 * Hosts that start together on a fresh PostgreSQL database each migrate it
 * (docs/operations.md "Several processes"): the advisory lock lets one apply the migrations
 * while the others wait, so none fails on a table another just made and every migration is
 * recorded once. PostgreSQL only (PGlite has one process by design): skipped without
 * TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR, openDatabase, type Database } from '#src/server/db/client.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const name = `migrate_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('migrations from several hosts at once', () => {
  const hosts: Database[] = [];
  beforeAll(async () => {
    await admin((c) => c.query(`create database "${name}"`));
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) hosts.push(await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 }));
  });
  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.close()));
    await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  });

  it('all succeed and each migration is applied once', async () => {
    const outcomes = await Promise.allSettled(hosts.map((host) => host.migrate()));
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const migrations = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).length;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0]?.n).toBe(migrations);
      // The lock is free again: a later start takes it at once.
      const { rows: free } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
        MIGRATION_LOCK_KEY,
      ]);
      expect(free[0]?.got).toBe(true);
    } finally {
      await client.end();
    }
  });
});
