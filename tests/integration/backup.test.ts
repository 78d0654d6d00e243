/**
 * npm run backup and npm run restore (docs/operations.md "Backups and restores"), on
 * PostgreSQL only (TEST_DATABASE_URL): a seeded database is backed up by the real script,
 * restored by the real script into a fresh database, and the two compared: the row count of
 * every table and one member's account, profile and photos. A restore refuses a database
 * that has tables, and names listed photo objects the storage lacks.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/server/db/client.ts';
import { accounts, likes } from '#src/server/db/schema.ts';
import type { BackupManifest } from '../../scripts/lib/backup.ts';
import {
  TEST_DATABASE_URL,
  createTestApp,
  createTestMember,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Run {
  code: number | null;
  output: string;
}

/** Runs a script as `npm run <script>` runs it (tsx on this Node), with the given environment. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NODE_ENV: 'test', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function onDatabase<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('npm run backup and npm run restore (PostgreSQL)', () => {
  let t: TestApp;
  let sourceUrl: string;
  let folder: string;
  const restored: string[] = [];
  const freshName = () => {
    const name = `restored_${process.pid}_${randomBytes(4).toString('hex')}`;
    restored.push(name);
    return name;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedSiteData(t);
    const result: unknown = await t.db.execute(sql`select current_database() as name`);
    const [row] = (result as { rows: { name: string }[] }).rows;
    sourceUrl = databaseUrl(row?.name ?? '');
    folder = await mkdtemp(join(tmpdir(), 'flirt-backup-'));
  });

  afterAll(async () => {
    if (!TEST_DATABASE_URL) return;
    await onDatabase(TEST_DATABASE_URL, async (client) => {
      for (const name of restored)
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    });
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('backs up a seeded database and restores it into a fresh one: same rows, same member', async () => {
    const members = [];
    for (let i = 0; i < 12; i += 1) {
      members.push(
        await createTestMember(t, {
          photos: [
            { key: await writeTestPhotoFiles(t), status: 'active' },
            { key: await writeTestPhotoFiles(t), status: 'being_inspected', premium: true },
          ],
        }),
      );
    }
    const [first, second] = members;
    if (!first || !second) throw new Error('no members');
    await t.db.insert(likes).values({ likerId: first.profileId, likedId: second.profileId, createdAt: t.clock.now });

    const backedUp = await runScript('backup.ts', [folder], { DATABASE_URL: sourceUrl, DATA_DIR: t.config.dataDir });
    expect(backedUp.output).toContain('Backup written to');
    expect(backedUp.code).toBe(0);
    const [made] = await readdir(folder);
    if (!made) throw new Error('no backup folder');
    const dir = join(folder, made);
    expect((await readdir(dir)).sort()).toEqual(['database.dump', 'manifest.json', 'objects.tsv']);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.database.tables['public.profiles']).toBeGreaterThanOrEqual(12);
    expect(manifest.database.tables['public.photos']).toBeGreaterThanOrEqual(24);
    // Every photo's four files are listed.
    expect(manifest.storage).toMatchObject({ kind: 'local', objects: 24 * 4 });

    const target = databaseUrl(freshName());
    const restoredRun = await runScript('restore.ts', [dir], { DATABASE_URL: target, DATA_DIR: t.config.dataDir });
    expect(restoredRun.output).toContain('Photo storage: 96 of 96 listed objects present');
    expect(restoredRun.code).toBe(0);

    // Row counts of every table, counted here on both databases.
    const counts = (url: string) =>
      onDatabase(url, async (client) => {
        const { rows } = await client.query<{ name: string }>(
          `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
            where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
        );
        const result: Record<string, number> = {};
        for (const { name } of rows) {
          result[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]?.n);
        }
        return result;
      });
    const before = await counts(sourceUrl);
    expect(await counts(target)).toEqual(before);
    expect(before).toEqual(manifest.database.tables);

    // One member's account, profile, photos and like, field by field.
    const memberOf = (url: string) =>
      onDatabase(url, async (client) => ({
        account: (await client.query<{ email: string }>('select * from accounts where id = $1', [first.accountId]))
          .rows,
        profile: (await client.query('select * from profiles where id = $1', [first.profileId])).rows,
        photos: (await client.query('select * from photos where profile_id = $1 order by id', [first.profileId])).rows,
        likes: (await client.query('select * from likes where liker_id = $1', [first.profileId])).rows,
      }));
    const original = await memberOf(sourceUrl);
    expect(original.account).toHaveLength(1);
    expect(original.photos).toHaveLength(2);
    expect(original.likes).toHaveLength(1);
    expect(await memberOf(target)).toEqual(original);

    // The app starts on the restored database: its migrations are recorded, nothing left to apply.
    const database = await openDatabase({ kind: 'postgres', url: target, max: 1 });
    try {
      await database.migrate();
      const [account] = await database.db.select().from(accounts).where(eq(accounts.id, first.accountId));
      expect(account?.email).toBe(original.account[0]?.email);
    } finally {
      await database.close();
    }
    expect(await counts(target)).toEqual(before);

    // Never over a database with tables.
    const again = await runScript('restore.ts', [dir], { DATABASE_URL: target, DATA_DIR: t.config.dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');

    // Photo storage without the listed objects: named, exit 1.
    const empty = await mkdtemp(join(tmpdir(), 'flirt-empty-'));
    try {
      const lacking = await runScript('restore.ts', [dir], { DATABASE_URL: databaseUrl(freshName()), DATA_DIR: empty });
      expect(lacking.code).toBe(1);
      expect(lacking.output).toContain('Photo storage: 0 of 96 listed objects present');
      expect(lacking.output).toMatch(/missing: testphoto\w+\.jpg/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
