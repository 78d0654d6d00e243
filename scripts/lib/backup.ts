/**
 * Backups and restores of the PostgreSQL database with the listing of photo storage
 * (docs/operations.md "Backups and restores"), for scripts/backup.ts and scripts/restore.ts.
 *
 * A backup is a folder: `database.dump` (pg_dump's custom format), `objects.tsv` (every
 * object in photo storage: key, bytes, last change) and `manifest.json` (when, the row count
 * of every table and the objects' totals). The row counts are taken in the snapshot pg_dump
 * dumps (`pg_export_snapshot`), so they are the dump's own even while members write. A
 * restore goes into a fresh database only, then compares its row counts with the manifest's
 * and looks up every listed object in the configured storage.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import type { StorageConfig } from '#src/server/env.ts';
import type { StorageProvider } from '#src/server/providers/storage/index.ts';

export const DUMP_FILE = 'database.dump';
export const OBJECTS_FILE = 'objects.tsv';
export const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  version: 1;
  createdAt: string;
  database: {
    file: typeof DUMP_FILE;
    bytes: number;
    /** `select version()` of the server dumped. */
    server: string;
    /** Rows of every table (`schema.table`) in the dumped snapshot. */
    tables: Record<string, number>;
  };
  storage: {
    kind: StorageConfig['kind'];
    bucket: string | null;
    listing: typeof OBJECTS_FILE;
    objects: number;
    bytes: number;
  };
  seconds: { database: number; storage: number };
}

interface PgTools {
  /** A folder of pg_dump and pg_restore; unset: the ones on PATH. */
  binDir?: string | undefined;
}

/** A connection string without its password, and the password for PGPASSWORD (never in argv, where `ps` shows it). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

function runTool(tools: PgTools, name: string, args: string[], url: string): Promise<void> {
  const { url: bare, password } = splitPassword(url);
  const command = tools.binDir ? join(tools.binDir, name) : name;
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${bare}`], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${name} exited with ${code}: ${errors.trim().slice(0, 2000)}`));
    });
  });
}

async function tableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
       from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  );
  return rows.map((row) => row.name);
}

async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(client)) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

export interface BackupOptions extends PgTools {
  databaseUrl: string;
  storage: StorageProvider;
  storageConfig: StorageConfig;
  /** The new backup's folder (created; must not hold a backup yet). */
  dir: string;
}

/** Dumps the database and lists photo storage into `dir`; answers the manifest written there. */
export async function backup(options: BackupOptions): Promise<BackupManifest> {
  await mkdir(options.dir, { recursive: true });
  const databaseStarted = performance.now();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let tables: Record<string, number>;
  let server: string;
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; version: string }>(
      'select pg_export_snapshot() as snapshot, version() as version',
    );
    const snapshot = rows[0]?.snapshot ?? '';
    server = rows[0]?.version ?? '';
    // pg_dump reads the snapshot this transaction holds open; the counts are taken in it too.
    const dumped = runTool(
      options,
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${join(options.dir, DUMP_FILE)}`,
      ],
      options.databaseUrl,
    );
    const counted = rowCounts(client);
    [, tables] = await Promise.all([dumped, counted]);
    await client.query('commit');
  } finally {
    await client.end();
  }
  const databaseSeconds = seconds(databaseStarted);

  const storageStarted = performance.now();
  const listing = createWriteStream(join(options.dir, OBJECTS_FILE));
  let objects = 0;
  let bytes = 0;
  for await (const object of options.storage.list()) {
    objects += 1;
    bytes += object.bytes;
    if (!listing.write(`${object.key}\t${object.bytes}\t${object.modified.toISOString()}\n`)) {
      await once(listing, 'drain');
    }
  }
  listing.end();
  await once(listing, 'finish');

  const manifest: BackupManifest = {
    version: 1,
    createdAt: new Date().toISOString(),
    database: { file: DUMP_FILE, bytes: (await stat(join(options.dir, DUMP_FILE))).size, server, tables },
    storage: {
      kind: options.storageConfig.kind,
      bucket: options.storageConfig.kind === 's3' ? options.storageConfig.bucket : null,
      listing: OBJECTS_FILE,
      objects,
      bytes,
    },
    seconds: { database: databaseSeconds, storage: seconds(storageStarted) },
  };
  await writeFile(join(options.dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOptions extends PgTools {
  /** A backup's folder (its manifest.json, database.dump, objects.tsv). */
  dir: string;
  /** The database to restore into: created when missing, refused when it has tables. */
  databaseUrl: string;
  storage: StorageProvider;
  /** pg_restore's parallel jobs (default 2). */
  jobs?: number;
}

export interface RestoreReport {
  /** Tables whose row count differs from the manifest's: [table, expected, found]. */
  mismatches: [string, number, number][];
  tables: number;
  rows: number;
  /** Listed objects the configured storage does not have. */
  missingObjects: string[];
  objects: number;
  seconds: { database: number; analyze: number; check: number };
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as { version?: unknown };
  if (manifest.version !== 1) throw new Error(`${MANIFEST_FILE}: version ${String(manifest.version)} is not known`);
  return manifest as BackupManifest;
}

/** Creates the target database when it does not exist; refuses one that already has tables. */
async function freshDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL names no database to restore into');
  const target = new pg.Client({ connectionString: url });
  try {
    await target.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    try {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await admin.end();
    }
    return;
  }
  try {
    const tables = await tableNames(target);
    if (tables.length > 0) {
      throw new Error(
        `the database "${name}" is not empty (${tables.length} tables): restore into a fresh database (a new name in DATABASE_URL)`,
      );
    }
  } finally {
    await target.end();
  }
}

export async function restore(options: RestoreOptions): Promise<RestoreReport> {
  const manifest = await readManifest(options.dir);
  await freshDatabase(options.databaseUrl);

  const databaseStarted = performance.now();
  await runTool(
    options,
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', `--jobs=${options.jobs ?? 2}`, join(options.dir, DUMP_FILE)],
    options.databaseUrl,
  );
  const databaseSeconds = seconds(databaseStarted);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let found: Record<string, number>;
  let analyzeSeconds: number;
  let checkStarted: number;
  try {
    // pg_restore brings no planner statistics: without them the first searches plan blind.
    const analyzeStarted = performance.now();
    await client.query('analyze');
    analyzeSeconds = seconds(analyzeStarted);
    checkStarted = performance.now();
    found = await rowCounts(client);
  } finally {
    await client.end();
  }
  const expected = manifest.database.tables;
  const mismatches: [string, number, number][] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(found)])) {
    if (expected[table] !== found[table]) mismatches.push([table, expected[table] ?? -1, found[table] ?? -1]);
  }

  const listed = (await readFile(join(options.dir, manifest.storage.listing), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0] ?? '');
  const present = new Set<string>();
  for await (const object of options.storage.list()) present.add(object.key);
  const missingObjects = listed.filter((key) => !present.has(key));

  return {
    mismatches,
    tables: Object.keys(found).length,
    rows: Object.values(found).reduce((sum, n) => sum + n, 0),
    missingObjects,
    objects: listed.length,
    seconds: { database: databaseSeconds, analyze: analyzeSeconds, check: seconds(checkStarted) },
  };
}
