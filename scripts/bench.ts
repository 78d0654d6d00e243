/**
 * npm run bench [-- --builds] [--search [--search-members=N] [--search-database-url=URL]]:
 * speed and memory measurements, printed as a table and written to docs/benchmarks.md.
 * Never run as timed assertions in tests.
 *
 * - API latency: the real app in-process on PGlite seeded with the default demo world
 *   (7 × 2,000 members), 1,000 requests per call after a warm-up; p50/p95/p99 and req/s.
 * - Chat: send-message latency with the ledger transaction (scripts/lib/bench-chat.ts).
 * - Memory: RSS and heap after the run.
 * - Realtime: delivery latency to 1,000 open SSE channels, on one process and across two
 *   through Redis (scripts/lib/bench-realtime.ts; needs the local PostgreSQL and Redis;
 *   `-- --no-realtime` skips it).
 * - Page weight: compressed HTML of each static page type and the members shell's JS (up
 *   front, the largest later chunk, a member's first screen).
 * - Lighthouse (mobile, simulated throttling, Debian Chromium) per static page type, served
 *   by the same app on a local port (needs a build: `npm run build`).
 * - With --builds: the build strategies of docs/decisions.md (takes about a minute).
 * - With --search: the member search on one site of N members (default 1,000,000; the
 *   seeded world is cached, see scripts/bench-search.ts), on PGlite or the given PostgreSQL.
 * - With --load: only the load benchmark (scripts/lib/bench-load.ts): the API as a server
 *   process under concurrent load beside a bare Hono baseline, on PGlite, or on PostgreSQL
 *   with --load-database-url=URL (or DATABASE_URL); its own section of docs/benchmarks.md,
 *   which the other runs keep.
 * - With --build: only the static build (scripts/lib/bench-static-build.ts): the full build
 *   (median of three), each step's time, a rebuild after a style change and an unchanged one;
 *   its own section of docs/benchmarks.md, which the other runs keep.
 * - With --processes: only the processes benchmark (scripts/lib/bench-processes.ts): `npm run
 *   serve` with 1, 2 and 4 workers on PostgreSQL (--processes-database-url=URL or
 *   DATABASE_URL) and Redis (--processes-redis-url=URL or REDIS_URL) beside a bare Hono
 *   process; its own section of docs/benchmarks.md.
 * - With --floods: only the floods benchmark (scripts/lib/bench-floods.ts): one member's photo,
 *   push and event-stream floods against another member's latencies, and the memory of
 *   10,000 open streams; its own section of docs/benchmarks.md, which the other runs keep.
 * - With --staff-lists: only the back office's members search and orders list at scale
 *   (scripts/lib/bench-staff-lists.ts) on PostgreSQL (--staff-lists-database-url=URL or
 *   DATABASE_URL names the server; the bench makes and drops a database of its own there),
 *   --staff-lists-members=N (default 1,000,000, five orders each); its own section of
 *   docs/benchmarks.md, which the other runs keep.
 */
import './lib/runtime.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME, SWIPE_LANDER } from '#src/lib/constants.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { composeApp } from '#src/server/app.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { accounts, photos, profiles } from '#src/server/db/schema.ts';
import { loadConfig } from '#src/server/env.ts';
import { notificationMailsSettled } from '#src/server/features/notifications/index.ts';
import { pushesSettled } from '#src/server/features/push/index.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import { seed } from '#src/server/seed/index.ts';
import { runSearchBench } from './bench-search.ts';
import { measureBuilds } from './lib/bench-build.ts';
import {
  runStaticBuildBench,
  staticBuildSectionOf,
  staticBuildTable,
  writeStaticBuildSection,
} from './lib/bench-static-build.ts';
import { lazyChunks, upfrontScriptBytes } from './lib/shell-js.ts';
import { runLighthouse } from './lib/bench-lighthouse.ts';
import { runChatBench } from './lib/bench-chat.ts';
import { runRealtimeBench } from './lib/bench-realtime.ts';
import { landerPath } from '#src/landers/paths.ts';
import { loadOptionsFromArgs, loadSectionOf, loadTable, runLoadBench, writeLoadSection } from './lib/bench-load.ts';
import {
  floodsSectionOf,
  floodsTable,
  loadAverageNow,
  runFloodsBench,
  writeFloodsSection,
} from './lib/bench-floods.ts';
import {
  processesOptionsFromArgs,
  processesSection,
  processesSectionOf,
  processesTable,
  runProcessesBench,
  writeProcessesSection,
} from './lib/bench-processes.ts';
import {
  runStaffListsBench,
  staffListsOptionsFromArgs,
  staffListsSectionOf,
  staffListsTable,
  writeStaffListsSection,
} from './lib/bench-staff-lists.ts';

const root = resolve(import.meta.dirname, '..');
const REQUESTS = 1_000;

if (process.argv.includes('--load')) {
  const options = loadOptionsFromArgs(process.argv, process.env['DATABASE_URL']);
  const loadRows = await runLoadBench(options);
  console.log(loadTable(loadRows));
  // Some routes only (--load-only) would leave the engine's table half replaced: not written.
  if (!options.only) {
    writeLoadSection(join(root, 'docs/benchmarks.md'), loadRows, options);
    console.log('\nWritten to docs/benchmarks.md (load section)');
  }
  process.exit(0);
}

if (process.argv.includes('--processes')) {
  const options = processesOptionsFromArgs(process.argv, process.env);
  const result = await runProcessesBench(options);
  console.log(processesTable(result.rows));
  writeProcessesSection(join(root, 'docs/benchmarks.md'), processesSection(result, options));
  console.log('\nWritten to docs/benchmarks.md (processes section)');
  process.exit(0);
}

if (process.argv.includes('--build')) {
  const buildRows = runStaticBuildBench();
  console.log(staticBuildTable(buildRows));
  writeStaticBuildSection(join(root, 'docs/benchmarks.md'), buildRows);
  console.log('\nWritten to docs/benchmarks.md (static build section)');
  process.exit(0);
}

if (process.argv.includes('--floods')) {
  const loadAverage = loadAverageNow();
  const floodRows = await runFloodsBench();
  console.log(floodsTable(floodRows));
  writeFloodsSection(join(root, 'docs/benchmarks.md'), floodRows, loadAverage);
  console.log('\nWritten to docs/benchmarks.md (floods section)');
  process.exit(0);
}

if (process.argv.includes('--staff-lists')) {
  const options = staffListsOptionsFromArgs(process.argv, process.env);
  const result = await runStaffListsBench(options);
  console.log(staffListsTable(result.rows));
  writeStaffListsSection(join(root, 'docs/benchmarks.md'), result, options);
  console.log('\nWritten to docs/benchmarks.md (staff lists section)');
  process.exit(0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const rows: string[][] = [];
const add = (...cells: string[]) => rows.push(cells);

// API latency
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }), sitesDir: join(root, 'dist/sites') };
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const seeded = await seed(database, config, {});
add(
  'seed',
  `default demo world, ${seeded.members.toLocaleString('en')} members`,
  `${seeded.seconds.toFixed(1)} s`,
  '',
  '',
  '',
);
const { app } = composeApp(config, database);
const [free] = await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'free@demo.test'));
if (!free) throw new Error('bench: the demo login free@demo.test is missing');
const token = await createSession(database.db, free.id, new Date());
// A chat pal with an approved profile image: its profile page and photo as a member opens them.
const [sample] = await database.db
  .select({ id: profiles.publicId, photo: photos.publicId })
  .from(profiles)
  .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
  .where(and(eq(profiles.siteId, 'default'), eq(profiles.type, 'fictional'), eq(photos.status, 'active')))
  .limit(1);
if (!sample) throw new Error('bench: no chat pal with a photo on the default site');
const member = { cookie: `${AUTH_COOKIE_NAME}=${token}` };
// Member pages and searches count against each account's hourly lookup limit
// (LOOKUP_LIMITS: 600), fewer than a row's requests: those rows rotate over four members.
const lookupViewers = [
  member,
  ...(await Promise.all(
    (
      await database.db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(and(eq(profiles.siteId, 'default'), eq(profiles.type, 'member'), eq(accounts.status, 'confirmed')))
        .orderBy(accounts.id)
        .limit(3)
    ).map(async (r) => ({ cookie: `${AUTH_COOKIE_NAME}=${await createSession(database.db, r.id, new Date())}` })),
  )),
];
const rotating = (i: number) => lookupViewers[i % lookupViewers.length] ?? member;

const calls: [string, string, Record<string, string> | ((i: number) => Record<string, string>)][] = [
  ['GET /api/settings.php', '/api/settings.php?_force_domain=flirtmoment.nl', {}],
  ['GET /api/regions.php', '/api/regions.php', {}],
  ['GET /api/interests.php', '/api/interests.php', {}],
  ['GET /api/companyinfo.php', '/api/companyinfo.php', {}],
  ['GET /api/user.php (member)', '/api/user.php', member],
  ['GET /api/profile.php (own profile)', '/api/profile.php', member],
  ['GET /api/member.php (profile page + related; 4 members in turn)', `/api/member.php?id=${sample.id}`, rotating],
  ['GET /api/photo.php (thumb, viewer-checked)', `/api/photo.php?id=${sample.photo}&v=thumb`, member],
  [
    'GET /api/search.php (women 26–55 in GB, page 2, not saved; 4 members in turn)',
    '/api/search.php?manual_search=1&do_not_save=1&gender=female&country=GB&min_age=26&max_age=55&page=1&source=members&hideNudity=0',
    rotating,
  ],
  ['GET /api/likes.php (likes data)', '/api/likes.php', member],
  ['GET /api/swipe.php (next swipe cards)', '/api/swipe.php', member],
  ['GET /api/match-finder.php (18-35, sexy)', '/api/match-finder.php?age=18-35&appearance=sexy&race=other', member],
  ['GET /api/livecams/search.php (demo feed)', '/api/livecams/search.php?gender=female&min_age=26&max_age=35', member],
  ['GET / (static home page)', '/', {}],
];
for (const [name, path, headers] of calls) {
  const init = (i: number) => ({
    headers: { host: 'default.localhost', ...(typeof headers === 'function' ? headers(i) : headers) },
  });
  if (path === '/' && !existsSync(join(config.sitesDir, 'default/en/index.html'))) continue;
  for (let i = 0; i < 50; i++) await app.request(path, init(i));
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await app.request(path, init(i));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bench: ${path} answered ${response.status}`);
    times.push(performance.now() - t0);
  }
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  add(
    'api',
    name,
    ms(percentile(times, 50)),
    ms(percentile(times, 95)),
    ms(percentile(times, 99)),
    `${Math.round(REQUESTS / total)} req/s`,
  );
}
// Lighthouse per page type, before the database closes (the pages call the API).
if (existsSync(join(root, 'dist/sites/build.json'))) {
  const [teaser] = await database.db
    .select({ id: profiles.publicId })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.siteId, 'default'), eq(profiles.status, 'active'), eq(accounts.status, 'confirmed')))
    .limit(1);
  const byId = (id: string) => {
    const site = sites.find((s) => s.id === id);
    if (!site) throw new Error(`bench: no site ${id}`);
    return site;
  };
  // Scores move by several points from run to run on this 2-core machine (the API runs in
  // the same process): each page type is measured over several runs or several pages, and
  // the median and the lowest are reported.
  const landers = [...byId('default').landers, SWIPE_LANDER];
  const siteIds = sites.map((s) => s.id);
  const pages = [
    ...[0, 1, 2].map(() => ({ type: 'home', site: 'default', path: '/' })),
    ...landers.map((lander, i) => {
      const site = byId(siteIds[i % siteIds.length] ?? 'default');
      return {
        type: 'landers (each design once, on rotating sites)',
        site: site.id,
        path: lander === SWIPE_LANDER ? `/landers/${lander}` : landerPath(lander, site, 'en'),
      };
    }),
    ...[0, 1, 2].map(() => ({ type: 'legal (terms)', site: 'default', path: '/pages/terms' })),
    ...[0, 1].map(() => ({ type: '2257 statement', site: 'bdsm', path: `/${byId('bdsm').statement2257Token}` })),
    ...[0, 1].map(() => ({ type: 'pricing', site: 'milf', path: '/pricing' })),
    ...(teaser
      ? [0, 1].map(() => ({ type: 'profile lander', site: 'default', path: `/members/${teaser.id}/landing` }))
      : []),
  ];
  const results = await runLighthouse(app, pages);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
  for (const type of [...new Set(pages.map((p) => p.type))]) {
    const runs = results.filter((r) => r.type === type);
    const performance = runs.map((r) => r.performance);
    const accessibility = runs.map((r) => r.accessibility);
    add(
      'lighthouse',
      `${type}: ${[...new Set(runs.map((r) => `${r.site} ${r.path}`))].join(', ')} (mobile, ${runs.length} runs; performance / accessibility, median and lowest)`,
      `${median(performance)} / ${median(accessibility)}`,
      `lowest ${Math.min(...performance)} / ${Math.min(...accessibility)}`,
      `LCP ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}`,
      `${median(runs.map((r) => r.totalKb)).toFixed(0)} KB`,
    );
  }
}

// Chat: sending a message with its ledger transaction, in-process on the same app.
rows.push(...(await runChatBench(app, database.db)));

const memory = process.memoryUsage();
add(
  'memory',
  'API process after the run (PGlite in memory, 14k members)',
  `RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB`,
  `heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
  '',
  '',
);
// The chat rows leave notification mails and pushes running in the background.
await Promise.all([notificationMailsSettled(), pushesSettled()]);
await database.close();
rmSync(dataDir, { recursive: true, force: true });

// Page weight
const dist = join(root, 'dist/sites');
if (existsSync(join(dist, 'build.json'))) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const pages: [string, string][] = [
    ['home', 'index.html'],
    ['legal (terms)', 'pages/terms.html'],
    ['pricing', 'pricing.html'],
    ['404', '404.html'],
    ['members shell (HTML)', 'members.html'],
  ];
  const brotli = (bytes: Buffer) =>
    brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  for (const [name, file] of pages) {
    const files = sites.flatMap((s) => LOCALES.map((l) => readFileSync(join(dist, s.id, l, file))));
    const gzip = files.map((f) => gzipSync(f).length).sort((a, b) => a - b);
    const br = files.map((f) => brotli(f)).sort((a, b) => a - b);
    add(
      'weight',
      `${name}, brotli (gzip), over 77 variants`,
      `median ${kb(percentile(br, 50))} (${kb(percentile(gzip, 50))})`,
      `max ${kb(br.at(-1) ?? 0)} (${kb(gzip.at(-1) ?? 0)})`,
      '',
      '',
    );
  }
  const shellRoot = join(dist, 'default/en');
  const js = upfrontScriptBytes(shellRoot, 'members.html').gzipBytes;
  add('weight', 'members shell JavaScript loaded up front, gzip (budget 120 KB)', kb(js), '', '', '');
  // Each later chunk with what it adds when asked for (docs/pwa.md); the first screen of
  // /members for a member is the up-front part, the root, the layout and the search screen.
  const chunks = lazyChunks(shellRoot, 'members.html');
  const largest = chunks[0];
  if (largest)
    add(
      'weight',
      'members shell: largest later chunk, gzip (budget 50 KB)',
      `${kb(largest.gzipBytes)} (${largest.chunk.replace(/^\/_astro\/|\.[^.]+\.js$/g, '')})`,
      `${chunks.length} chunks`,
      '',
      '',
    );
  const firstScreen = ['MembersRoot', 'MembersLayout', 'SearchScreen'].reduce(
    (n, name) => n + (chunks.find((c) => c.chunk.startsWith(`/_astro/${name}.`))?.gzipBytes ?? 0),
    js,
  );
  add('weight', "members shell: a member's first screen of /members, gzip", kb(firstScreen), '', '', '');
}

// Build strategies
if (process.argv.includes('--builds')) {
  const b = measureBuilds(sites.length * LOCALES.length);
  add(
    'build',
    `one Astro build, all ${b.variants} variants (incl. split)`,
    `${b.oneBuildSeconds.toFixed(1)} s`,
    '',
    '',
    '',
  );
  add(
    'build',
    'one build per variant, sequential in one process',
    `${b.perVariantInProcessSeconds.toFixed(1)} s each`,
    `≈ ${(b.perVariantInProcessSeconds * b.variants).toFixed(0)} s for ${b.variants}`,
    '',
    '',
  );
  add(
    'build',
    'one build per variant, separate processes',
    `${b.perVariantProcessSeconds.toFixed(1)} s each`,
    `≈ ${(b.perVariantProcessSeconds * b.variants).toFixed(0)} s for ${b.variants}`,
    '',
    '',
  );
}

// Realtime delivery: 1,000 open channels on one process, and two processes through Redis
// (separate server processes on the local PostgreSQL and Redis; skipped rows without them).
if (!process.argv.includes('--no-realtime')) rows.push(...(await runRealtimeBench()));

// Member search at scale
const searchArg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
if (process.argv.includes('--search')) {
  const members = Number((searchArg('search-members') ?? '1000000').replaceAll('_', ''));
  if (!Number.isSafeInteger(members) || members < 1) throw new Error('--search-members must be a whole number');
  const databaseUrl = searchArg('search-database-url');
  rows.push(...(await runSearchBench({ members, ...(databaseUrl ? { databaseUrl } : {}) })));
}

const header = ['area', 'measurement', 'p50 / value', 'p95', 'p99', 'throughput'];
const table = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
console.log(table);
const doc = join(root, 'docs/benchmarks.md');
const previousBuilds = existsSync(doc)
  ? readFileSync(doc, 'utf8')
      .split('\n')
      .filter((l) => /^\|\s*build\s*\|/.test(l))
  : [];
const keptBuilds = process.argv.includes('--builds') ? [] : previousBuilds;
// Search rows of an earlier --search run stay until the next one on the same engine: a run
// on PGlite keeps the PostgreSQL rows (--search-database-url) and the other way round.
const searchEngine = searchArg('search-database-url') ? 'PostgreSQL' : 'PGlite';
const keptSearch = !existsSync(doc)
  ? []
  : readFileSync(doc, 'utf8')
      .split('\n')
      .filter((l) => /^\|\s*search\s*\|/.test(l))
      .filter((l) => !process.argv.includes('--search') || !l.includes(searchEngine));
// The load, floods, build, processes and staff lists sections (npm run bench -- --load, …) stay as their own runs wrote them.
const keptLoad = existsSync(doc)
  ? [loadSectionOf, floodsSectionOf, staticBuildSectionOf, processesSectionOf, staffListsSectionOf]
      .map((sectionOf) => sectionOf(readFileSync(doc, 'utf8')))
      .filter(Boolean)
      .join('\n\n')
  : '';
writeFileSync(
  doc,
  `# Benchmarks\n\nWritten by \`npm run bench\` (\`-- --builds\` adds the build strategies, \`-- --search\` the member search at scale) on ${new Date().toISOString().slice(0, 10)}, on this project's 2-core machine (Node ${process.version}). Latencies are in-process (\`app.request\`, no network), sequential, after 50 warm-up requests.${keptSearch.length > 0 || process.argv.includes('--search') ? ' Search rows: 500 requests each after 30 warm-ups, rotating over filter combinations (docs/decisions.md "Search at scale").' : ''}\n\n${[table, ...keptBuilds, ...keptSearch].join('\n')}\n${keptLoad ? `\n${keptLoad}\n` : ''}`,
);
console.log('\nWritten to docs/benchmarks.md');
