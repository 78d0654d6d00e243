/**
 * npm run restore -- <backup folder> [--jobs N] [--pg-bin DIR]
 *
 * Restores a backup of `npm run backup` into the database of DATABASE_URL, which must be
 * fresh: a missing database is created, one with tables is refused (never over live data).
 * Then it runs ANALYZE, compares the row count of every table with the backup's manifest,
 * and looks up every object of the backup's listing in this configuration's photo storage
 * (STORAGE). Exits 1 when a count differs or an object is missing, naming them. Point the
 * API at the restored database afterwards (docs/operations.md "Backups and restores").
 */
import './lib/runtime.ts';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/server/env.ts';
import { createStorageProvider } from '#src/server/providers/storage/index.ts';
import { restore } from './lib/backup.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    jobs: { type: 'string', default: '2' },
    'pg-bin': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const jobs = Number(values.jobs);
if (values.help || positionals.length !== 1 || !Number.isInteger(jobs) || jobs < 1 || jobs > 64) {
  console.log('npm run restore -- <backup folder> [--jobs 1-64] [--pg-bin DIR]   (DATABASE_URL: a fresh database)');
  process.exit(values.help ? 0 : 1);
}

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run restore needs DATABASE_URL: the fresh PostgreSQL database to restore into.');
  process.exit(1);
}
const started = performance.now();
try {
  const report = await restore({
    dir: resolve(positionals[0] ?? '.'),
    databaseUrl: config.databaseUrl,
    storage: createStorageProvider(config),
    jobs,
    binDir: values['pg-bin'],
  });
  const total = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${report.tables} tables, ${report.rows.toLocaleString('en')} rows in ${total} s (pg_restore ${report.seconds.database} s, analyze ${report.seconds.analyze} s, checks ${report.seconds.check} s)`,
  );
  for (const [table, expected, found] of report.mismatches) {
    console.error(`  ${table}: ${expected} rows in the backup, ${found} restored`);
  }
  console.log(
    `Photo storage: ${report.objects - report.missingObjects.length} of ${report.objects} listed objects present`,
  );
  for (const key of report.missingObjects.slice(0, 20)) console.error(`  missing: ${key}`);
  if (report.missingObjects.length > 20) console.error(`  … and ${report.missingObjects.length - 20} more`);
  if (report.mismatches.length > 0 || report.missingObjects.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
