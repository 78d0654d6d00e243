/**
 * npm run backup -- <folder> [--pg-bin DIR]
 *
 * Backs up this configuration's PostgreSQL database (DATABASE_URL) into a new folder
 * `<folder>/backup-<UTC time>/`: `database.dump` (pg_dump, custom format, one consistent
 * snapshot), `objects.tsv` (every object of photo storage, STORAGE) and `manifest.json`
 * (the row count of every table in that snapshot, the objects' totals). Photo objects
 * themselves are not copied: the bucket keeps them (versioning; docs/operations.md "Backups
 * and restores"), or copy DATA_DIR/photos with local storage. pg_dump comes from PATH, or
 * from --pg-bin; it must be of the server's major version or newer. Exits 1 on failure.
 */
import './lib/runtime.ts';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/server/env.ts';
import { createStorageProvider } from '#src/server/providers/storage/index.ts';
import { backup } from './lib/backup.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'pg-bin': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});

if (values.help || positionals.length !== 1) {
  console.log('npm run backup -- <folder> [--pg-bin /usr/lib/postgresql/17/bin]   (DATABASE_URL: the database)');
  process.exit(values.help ? 0 : 1);
}

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run backup needs DATABASE_URL (PostgreSQL). The embedded PGlite database is backed up by stopping the server and copying DATA_DIR/db.',
  );
  process.exit(1);
}
const dir = join(resolve(positionals[0] ?? '.'), `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
try {
  const manifest = await backup({
    databaseUrl: config.databaseUrl,
    storage: createStorageProvider(config),
    storageConfig: config.storage,
    dir,
    binDir: values['pg-bin'],
  });
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backup written to ${dir}`);
  console.log(
    `  database: ${Object.keys(manifest.database.tables).length} tables, ${rows.toLocaleString('en')} rows, ${(manifest.database.bytes / 1e6).toFixed(1)} MB dump in ${manifest.seconds.database} s`,
  );
  console.log(
    `  storage (${manifest.storage.kind}): ${manifest.storage.objects.toLocaleString('en')} objects, ${(manifest.storage.bytes / 1e6).toFixed(1)} MB listed in ${manifest.seconds.storage} s`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
