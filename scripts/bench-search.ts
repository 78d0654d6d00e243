/**
 * The member search at scale (`npm run bench -- --search [--search-members=N]`): one site
 * with N members (default 1,000,000), GET /api/search.php measured in-process for a common
 * filter, a selective one and a deep page; rows for the benchmarks table.
 *
 * Seeding a million members takes minutes, so the seeded world is kept in a PGlite data
 * folder under the OS temp folder (`flirt-bench-search-<key>`), keyed by the member count,
 * the seed text, the PGlite version and the seed code; a `complete` marker says the seed
 * finished. Later runs open it, apply newer migrations (a new index is built there) and
 * reuse it. Delete the folder to start over. `npx tsx scripts/bench-search.ts [N]` prints the
 * rows without the rest of the bench.
 */
import './lib/runtime.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, like, sql } from 'drizzle-orm';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { composeApp } from '#src/server/app.ts';
import { openDatabase, type Database } from '#src/server/db/client.ts';
import { accounts, rateLimits } from '#src/server/db/schema.ts';
import { loadConfig, type Config } from '#src/server/env.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import { DEFAULT_SEED, regionIds, seed } from '#src/server/seed/index.ts';

const root = resolve(import.meta.dirname, '..');
export const DEFAULT_SEARCH_MEMBERS = 1_000_000;

/** A hash of what makes the seeded world: count, seed text, PGlite, the generator's code. */
function worldKey(members: number): string {
  const hash = createHash('sha256').update(`${members}:${DEFAULT_SEED}`);
  const pglite = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(pglite.version);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(join(root, 'src/server/seed'));
  return hash.digest('hex').slice(0, 12);
}

export interface SearchWorld {
  database: Database;
  config: Config;
  members: number;
  /** Seconds the seeding took (in this run, or when the cached world was made). */
  seedSeconds: number | null;
  reused: boolean;
  dir: string;
}

/** Opens (seeding first when needed) the cached world of `members` members on the default site. */
export async function openSearchWorld(members: number, log: (line: string) => void): Promise<SearchWorld> {
  const dir = join(tmpdir(), `flirt-bench-search-${members}-${worldKey(members)}`);
  const marker = join(dir, 'complete');
  const config = {
    ...loadConfig({ NODE_ENV: 'development', DATA_DIR: join(dir, 'data') }),
    sitesDir: join(root, 'dist/sites'),
  };
  let seedSeconds: number | null = null;
  if (!existsSync(marker)) {
    rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pgdata') });
    await database.migrate();
    log(`search bench: seeding ${members.toLocaleString('en')} members on one site into ${dir}…`);
    const defaultSite = sites.filter((s) => s.id === 'default');
    const result = await seed(database, config, {
      membersPerSite: members,
      sites: defaultSite,
      batchSize: 5_000,
      onProgress: (line) => {
        if (!/ \/ /.test(line) || /\d00,000 \//.test(line)) log(`  ${line.trim()}`);
      },
    });
    log('search bench: vacuum analyze…');
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    seedSeconds = result.seconds;
    writeFileSync(marker, JSON.stringify({ members, seconds: result.seconds, at: new Date().toISOString() }));
  }
  const reused = seedSeconds === null;
  if (reused) seedSeconds = (JSON.parse(readFileSync(marker, 'utf8')) as { seconds?: number }).seconds ?? null;
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pgdata') });
  await database.migrate();
  return { database, config, members, seedSeconds, reused, dir };
}

/** Opens the world on a PostgreSQL server instead: seeded when it has no members yet. */
async function openPostgresWorld(url: string, members: number, log: (line: string) => void): Promise<SearchWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'flirt-bench-search-pg-'));
  const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }), sitesDir: join(root, 'dist/sites') };
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  log(`search bench: PostgreSQL, seeding ${members.toLocaleString('en')} members unless members exist…`);
  const result = await seed(database, config, {
    membersPerSite: members,
    sites: sites.filter((s) => s.id === 'default'),
    batchSize: 5_000,
  });
  await database.db.execute(sql`vacuum analyze`);
  const [row] = rowsOf<{ n: unknown }>(
    await database.db.execute(sql`select count(*) as n from profiles where site_id = 'default'`),
  );
  return {
    database,
    config,
    members: Number(row?.n ?? 0),
    seedSeconds: result.skipped ? null : result.seconds,
    reused: result.skipped,
    dir,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface SearchBenchOptions {
  members?: number;
  /** Measure on this PostgreSQL server instead of the cached PGlite world. */
  databaseUrl?: string;
  requests?: number;
  log?: (line: string) => void;
}

/**
 * Runs the search measurements; answers table rows [area, measurement, p50, p95, p99,
 * throughput] for scripts/bench.ts.
 */
export async function runSearchBench(options: SearchBenchOptions = {}): Promise<string[][]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const members = options.members ?? DEFAULT_SEARCH_MEMBERS;
  const requests = options.requests ?? 500;
  const world = options.databaseUrl
    ? await openPostgresWorld(options.databaseUrl, members, log)
    : await openSearchWorld(members, log);
  const { database, config } = world;
  const engine = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const size = `${(world.members / 1_000_000).toLocaleString('en', { maximumFractionDigits: 2 })}M members`;
  const rows: string[][] = [];
  rows.push([
    'search',
    `seed: ${world.members.toLocaleString('en')} members on one site (${engine})`,
    `${world.seedSeconds === null ? '?' : `${world.seedSeconds.toFixed(0)} s`}${world.reused ? ' (cached world reused)' : ''}`,
    '',
    '',
    '',
  ]);
  try {
    // The app under measurement: the clock is the real one, as the seeded ages assume.
    const { app } = composeApp(config, database);
    const [viewer] = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, 'free@demo.test'));
    if (!viewer) throw new Error('search bench: the demo login free@demo.test is missing');
    const token = await createSession(database.db, viewer.id, new Date());
    const member = { host: 'default.localhost', cookie: `${AUTH_COOKIE_NAME}=${token}` };
    const visitor = { host: 'default.localhost' };
    const regions = await regionIds(database.db, ['GB', 'US', 'DE', 'NL', 'FR']);
    const region = (key: string) => {
      const id = regions.get(key);
      if (id === undefined) throw new Error(`search bench: no region ${key}`);
      return id;
    };
    const countries = ['GB', 'US', 'DE', 'NL', 'FR'];
    const genders = ['female', 'male'];
    const base = 'source=members&hideNudity=0';
    // Each measurement rotates over a few filter combinations, not one cached query.
    const cases: { name: string; headers: Record<string, string>; path: (i: number) => string }[] = [
      {
        name: 'first request (auto_load=1: saved filters or defaults)',
        headers: member,
        path: () => `/api/search.php?auto_load=1&${base}`,
      },
      {
        name: 'common: gender + country + ages 26–55, page 0 (saves the filters)',
        headers: member,
        path: (i) =>
          `/api/search.php?manual_search=1&gender=${genders[i % 2]}&country=${countries[i % 5]}&min_age=26&max_age=55&page=0&${base}`,
      },
      {
        name: 'selective: gender + country + region + ages 46–55, page 0',
        headers: member,
        path: (i) =>
          `/api/search.php?manual_search=1&do_not_save=1&gender=${genders[i % 2]}&${
            [
              `country=GB&countryregion=${region('GB:LND')}`,
              `country=NL&countryregion=${region('NL:UT')}`,
              `country=DE&countryregion=${region('DE:HH')}`,
              `country=US&countryregion=${region('US:TX')}`,
              `country=FR&countryregion=${region('FR:OCC')}`,
            ][i % 5]
          }&min_age=46&max_age=55&page=0&${base}`,
      },
      {
        name: 'deep page: the common filter, page 200 (offset 2,400)',
        headers: member,
        path: (i) =>
          `/api/search.php?manual_search=1&do_not_save=1&gender=${genders[i % 2]}&country=${countries[i % 5]}&min_age=26&max_age=55&page=${200 + (i % 7)}&${base}`,
      },
      {
        name: 'similar: all regions, ages 21–60, page 3, do_not_save',
        headers: member,
        path: (i) =>
          `/api/search.php?manual_search=1&do_not_save=1&gender=${genders[i % 2]}&country=${countries[i % 5]}&countryregion=0&min_age=21&max_age=60&page=3&${base}`,
      },
      {
        name: 'visitor: both genders, all countries, page 10',
        headers: visitor,
        path: () => `/api/search.php?manual_search=1&page=10&${base}`,
      },
    ];
    for (const { name, headers, path } of cases) {
      // A case makes 540 searches, most of the hourly lookup limit of one account and one
      // address (600): the counters start over for each case, or the next one meets a 429.
      await database.db.delete(rateLimits).where(like(rateLimits.key, 'lookup-%'));
      // The match counts of the rotated combinations, for the table.
      const counts: { n: number; capped: boolean }[] = [];
      for (let i = 0; i < 10; i++) {
        const response = await app.request(path(i), { headers });
        if (!response.ok)
          throw new Error(`search bench: ${path(i)} answered ${response.status}: ${await response.text()}`);
        const { paging } = (await response.json()) as { paging: { num_results: number; capped: boolean } };
        counts.push({ n: paging.num_results, capped: paging.capped });
      }
      for (let i = 0; i < 30; i++) await (await app.request(path(i), { headers })).arrayBuffer();
      const times: number[] = [];
      const started = performance.now();
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        const response = await app.request(path(i), { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`search bench: ${path(i)} answered ${response.status}`);
        times.push(performance.now() - t0);
      }
      const total = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      const ms = (v: number) => `${v.toFixed(2)} ms`;
      const label = (c: { n: number; capped: boolean }) => `${c.n.toLocaleString('en')}${c.capped ? '+' : ''}`;
      counts.sort((a, b) => a.n - b.n || Number(a.capped) - Number(b.capped));
      const low = counts[0];
      const high = counts.at(-1);
      const matches =
        low && high && label(low) !== label(high)
          ? `${label(low)} to ${label(high)} matches`
          : `${label(high ?? { n: 0, capped: false })} matches`;
      rows.push([
        'search',
        `GET /api/search.php ${name}; ${size}, ${engine}, ${matches}`,
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        ms(percentile(times, 99)),
        `${Math.round(requests / total)} req/s`,
      ]);
      log(rows.at(-1)?.join(' | ') ?? '');
    }
  } finally {
    await database.close();
    if (options.databaseUrl) rmSync(world.dir, { recursive: true, force: true });
  }
  return rows;
}

// Run on its own (`npx tsx scripts/bench-search.ts [members]`): print the rows only.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const members = Number(process.argv[2] ?? DEFAULT_SEARCH_MEMBERS);
  const rows = await runSearchBench({
    members,
    ...(process.env['DATABASE_URL'] ? { databaseUrl: process.env['DATABASE_URL'] } : {}),
  });
  console.log(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
}
