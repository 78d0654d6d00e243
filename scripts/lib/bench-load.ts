/**
 * The load benchmark (`npm run bench -- --load`): the API as a real server process under
 * concurrent HTTP load, beside a bare Hono app of the same run.
 *
 * - The database is prepared first in this process: on PGlite a fresh data folder with the
 *   default demo world (7 × 2,000 members); on PostgreSQL (`--load-database-url=URL`, or
 *   DATABASE_URL) the given database, migrated and seeded with the demo world when it has
 *   no members yet (a database named `test` is refused: the test suites own it). A session
 *   of the demo member free@demo.test is made for the member rows.
 * - The API runs as `npm run serve` does (scripts/serve.ts, NODE_ENV=development as
 *   `npm start`; `--load-env=production` to change it), the baseline as
 *   bench-load-hono.ts, each in its own process; the load generator (autocannon,
 *   bench-load-client.ts) runs in a third process per route: 20 connections for 10 s after
 *   a 2 s warm-up (`--load-connections=N`, `--load-seconds=N`).
 * - Each row: answers a second, its ratio to the bare Hono baseline measured for 3 s just
 *   before it (other work on the machine changes by the minute), and latency percentiles
 *   over every answer. The API process's resident memory is read from
 *   /proc/<pid>/status after the run. `--load-profile=DIR` writes the API process's V8 CPU
 *   profile there (`--cpu-prof`) when it stops.
 *
 * Standalone: `npm exec tsx -- scripts/lib/bench-load.ts [--load-database-url=URL]` prints the rows
 * without writing docs/benchmarks.md; it also takes `--load-seconds=N`, `--load-connections=N`,
 * `--load-profile=DIR`, `--load-env=production` and `--load-only=user.php,regions` (only the
 * routes whose name contains one of these), for profiling one route at a time.
 */
import './runtime.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { openDatabase, type Database } from '#src/server/db/client.ts';
import { accounts, profiles, rateLimits } from '#src/server/db/schema.ts';
import { loadConfig } from '#src/server/env.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import { SERVE_V8_FLAGS } from '#src/server/platform/cluster.ts';
import { seed } from '#src/server/seed/index.ts';
import type { LoadResult, LoadSpec } from './bench-load-client.ts';

const root = resolve(import.meta.dirname, '../..');
const CLIENT = join(import.meta.dirname, 'bench-load-client.ts');
const BASELINE = join(import.meta.dirname, 'bench-load-hono.ts');
const SERVE = join(root, 'scripts/serve.ts');

export interface LoadBenchOptions {
  /** Run on this PostgreSQL database instead of a fresh PGlite one. */
  databaseUrl?: string;
  connections?: number;
  seconds?: number;
  /** NODE_ENV of the API process (default development, as `npm start`). */
  env?: 'development' | 'production';
  /** Write the API process's CPU profile into this folder. */
  profileDir?: string;
  /** Only the routes whose name contains one of these (case-insensitive); default all. */
  only?: string[];
  log?: (line: string) => void;
}

/** The load table's columns. */
export const LOAD_HEADER = [
  'engine',
  'route',
  'req/s',
  'vs bare Hono (req/s just before)',
  'p50',
  'p95',
  'p97.5',
  'p99',
  'failed',
];

/** Searchers: search counts against per-account and per-IP limits, so the load comes from many. */
const SEARCHERS = 200;

interface Prepared {
  engine: string;
  members: number;
  env: Record<string, string>;
  /** The demo member's session cookie. */
  cookie: string;
  /** Session cookies of SEARCHERS confirmed members of the default site. */
  searchers: string[];
  cleanup(): void;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function memberSession(database: Database): Promise<string> {
  const [free] = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, 'free@demo.test'));
  if (!free) throw new Error('load bench: the demo login free@demo.test is missing (seed the demo world)');
  return `${AUTH_COOKIE_NAME}=${await createSession(database.db, free.id, new Date())}`;
}

async function searcherSessions(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(profiles.siteId, 'default'), eq(profiles.type, 'member'), eq(accounts.status, 'confirmed')))
    .orderBy(accounts.id)
    .limit(SEARCHERS);
  const now = new Date();
  return Promise.all(rows.map(async (r) => `${AUTH_COOKIE_NAME}=${await createSession(database.db, r.id, now)}`));
}

async function countMembers(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(await database.db.execute(sql`select count(*) as n from profiles`));
  return Number(row?.n ?? 0);
}

/** Migrates and seeds the database the API process will open; a member session for the rows. */
async function prepare(options: LoadBenchOptions, log: (line: string) => void): Promise<Prepared> {
  const dir = mkdtempSync(join(tmpdir(), 'flirt-bench-load-'));
  const dataDir = join(dir, 'data');
  const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }), sitesDir: join(root, 'dist/sites') };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  if (options.databaseUrl) {
    const name = new URL(options.databaseUrl).pathname.slice(1);
    if (name === 'test') throw new Error('load bench: the database "test" belongs to the test suites; name another');
    const database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
    try {
      await database.migrate();
      log(`load bench: PostgreSQL database ${name}, seeding the demo world unless members exist…`);
      await seed(database, config, {});
      // A run makes about 600 searches per searcher, the hourly limit of one account: counts
      // of an earlier run within the hour would turn this run's searches into 429s.
      await database.db.delete(rateLimits).where(like(rateLimits.key, 'lookup-%'));
      return {
        engine: 'PostgreSQL',
        members: await countMembers(database),
        env: { DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir },
        cookie: await memberSession(database),
        searchers: await searcherSessions(database),
        cleanup,
      };
    } finally {
      await database.close();
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await database.migrate();
    log('load bench: seeding the demo world into a fresh PGlite folder…');
    await seed(database, config, {});
    return {
      engine: 'PGlite',
      members: await countMembers(database),
      env: { DATA_DIR: dataDir },
      cookie: await memberSession(database),
      searchers: await searcherSessions(database),
      cleanup,
    };
  } finally {
    await database.close();
  }
}

interface Server {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a server script in its own process; resolves with the port it printed. */
export function startProcess(args: string[], env: NodeJS.ProcessEnv, portPattern: RegExp): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePort, reject) => {
    let output = '';
    const onExit = (code: number | null) => reject(new Error(`load bench: ${args.at(-1)} exited (${code}): ${output}`));
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = portPattern.exec(output)?.[1];
      if (!port || !child.pid) return;
      child.off('exit', onExit);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      const pid = child.pid;
      resolvePort({
        port: Number(port),
        pid,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Runs the load generator in its own process. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolveResult, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify(spec)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load bench: the load generator exited (${code})`));
      resolveResult(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as LoadResult);
    });
  });
}

/**
 * Loads a server and logs the CPU per answer of the server process and of the load
 * generator (which reads every answer's bytes): evidence less bound to the machine's other
 * work than answers a second.
 */
async function loadMeasured(pid: number, spec: LoadSpec, server: string): Promise<LoadResult> {
  const before = cpuSeconds(pid);
  const result = await load(spec);
  const perAnswer = (seconds: number) => `${((1e6 * seconds) / Math.max(1, result.requests)).toFixed(0)} µs`;
  console.error(
    `  CPU per answer: ${server} ${perAnswer(cpuSeconds(pid) - before)}, load generator ${perAnswer(result.cpuSeconds)}`,
  );
  return result;
}

/** CPU time (user + system) a process used so far, in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Route {
  name: string;
  path?: string;
  /** Requests each connection cycles through (instead of path). */
  requests?: { path: string; headers: Record<string, string> }[];
  member?: boolean;
  headers?: Record<string, string>;
}

const SEARCH_BASE = 'source=members&hideNudity=0';

function routes(searchers: readonly string[]): Route[] {
  const genders = ['female', 'male'];
  const countries = ['GB', 'US', 'DE', 'NL', 'FR'];
  // Each searcher asks from an address of its own (the server trusts one proxy hop here).
  const asSearcher = (path: (i: number) => string) =>
    searchers.map((cookie, i) => ({
      path: path(i),
      headers: { host: 'default.localhost', cookie, 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` },
    }));
  const list: Route[] = [
    { name: 'GET /api/settings.php', path: '/api/settings.php' },
    { name: 'GET /api/companyinfo.php', path: '/api/companyinfo.php' },
    { name: 'GET /api/interests.php', path: '/api/interests.php' },
    { name: 'GET /api/regions.php', path: '/api/regions.php' },
    { name: 'GET /api/user.php (member)', path: '/api/user.php', member: true },
    {
      name: `GET /api/search.php (auto_load: saved filters or defaults; ${searchers.length} members)`,
      requests: asSearcher(() => `/api/search.php?auto_load=1&${SEARCH_BASE}`),
    },
    {
      name: `GET /api/search.php (gender + country + ages 26–55, pages 0–2, not saved; ${searchers.length} members)`,
      requests: asSearcher(
        (i) =>
          `/api/search.php?manual_search=1&do_not_save=1&gender=${genders[i % 2]}&country=${countries[i % 5]}&min_age=26&max_age=55&page=${i % 3}&${SEARCH_BASE}`,
      ),
    },
  ];
  if (existsSync(join(root, 'dist/sites/default/en/index.html'))) {
    list.push({ name: 'GET / (static home, brotli)', path: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  }
  return list;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs the load benchmark on one engine; answers rows in LOAD_HEADER's columns. */
/** The machine's 1-minute load average when the run began (written with the table). */
let startLoad = 0;

export async function runLoadBench(options: LoadBenchOptions = {}): Promise<string[][]> {
  startLoad = loadavg()[0] ?? 0;
  const log = options.log ?? ((line: string) => console.log(line));
  const connections = options.connections ?? 20;
  const seconds = options.seconds ?? 10;
  const prepared = await prepare(options, log);
  const label = `${prepared.engine}, ${prepared.members.toLocaleString('en')} members (${new Date().toISOString().slice(0, 10)})`;
  const rows: string[][] = [];
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  delete baseEnv['DATABASE_URL'];
  delete baseEnv['REDIS_URL'];
  const baseline = await startProcess(['--import', 'tsx', BASELINE], baseEnv, /listening (\d+)/);
  const api = await startProcess(
    [
      ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.profileDir)}`] : []),
      // As npm run serve starts it (package.json).
      ...SERVE_V8_FLAGS,
      '--import',
      'tsx',
      SERVE,
    ],
    {
      ...baseEnv,
      ...prepared.env,
      NODE_ENV: options.env ?? 'development',
      // One process, as each row says (npm run serve runs one per core on PostgreSQL otherwise).
      WEB_CONCURRENCY: '1',
      TRUST_PROXY: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      SITES_DIR: join(root, 'dist/sites'),
    },
    /Serving on http:\/\/localhost:(\d+)/,
  );
  try {
    const run = async (port: number, route: Route): Promise<LoadResult> => {
      const spec: LoadSpec = {
        url: `http://127.0.0.1:${port}${route.path ?? route.requests?.[0]?.path ?? '/'}`,
        connections,
        seconds,
        headers: {
          host: 'default.localhost',
          ...(route.member ? { cookie: prepared.cookie } : {}),
          ...route.headers,
        },
        ...(route.requests ? { requests: route.requests } : {}),
      };
      await load({ ...spec, seconds: 2 });
      return loadMeasured(api.pid, spec, 'API process');
    };
    // The machine's other work changes from minute to minute: each row is compared with
    // the baseline measured just before it (3 s), not with one measured at the start.
    const baselineFor = async (): Promise<LoadResult> =>
      loadMeasured(
        baseline.pid,
        { url: `http://127.0.0.1:${baseline.port}/`, connections, seconds: 3, headers: { host: 'localhost' } },
        'bare Hono',
      );
    await load({ url: `http://127.0.0.1:${baseline.port}/`, connections, seconds: 2, headers: { host: 'localhost' } });
    const row = (name: string, result: LoadResult, ratio: string) => [
      label,
      name,
      Math.round(result.perSecond).toLocaleString('en'),
      ratio,
      ms(result.p50),
      ms(result.p95),
      ms(result.p97_5),
      ms(result.p99),
      String(result.failed),
    ];
    const measured: string[][] = [];
    const baselines: number[] = [];
    const only = options.only?.map((part) => part.toLowerCase());
    const chosen = routes(prepared.searchers).filter(
      (route) => !only || only.some((part) => route.name.toLowerCase().includes(part)),
    );
    for (const route of chosen) {
      log(`load bench: ${route.name}…`);
      const hono = await baselineFor();
      baselines.push(hono.perSecond);
      const result = await run(api.port, route);
      if (result.failed > 0) log(`  ${result.failed} failed answers: ${JSON.stringify(result.statuses)}`);
      measured.push(
        row(
          route.name,
          result,
          `${((100 * result.perSecond) / hono.perSecond).toFixed(1)} % of ${Math.round(hono.perSecond).toLocaleString('en')}`,
        ),
      );
    }
    const sorted = [...baselines].sort((a, b) => a - b);
    rows.push([
      label,
      `bare Hono: GET / → {"hello":"world"} (own process; 3 s before each row; median, lowest–highest)`,
      Math.round(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0).toLocaleString('en'),
      `${Math.round(sorted[0] ?? 0).toLocaleString('en')}–${Math.round(sorted.at(-1) ?? 0).toLocaleString('en')}`,
      '',
      '',
      '',
      '',
      '',
    ]);
    rows.push(...measured);
    rows.push([
      label,
      `memory: the API process's RSS after the load run (NODE_ENV=${options.env ?? 'development'})`,
      `${residentMiB(api.pid).toFixed(0)} MiB`,
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  } finally {
    await api.stop();
    await baseline.stop();
    prepared.cleanup();
  }
  return rows;
}

/** A markdown table: the header, its rule and the rows. */
export function markdownTable(header: readonly string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** The markdown table of load rows. */
export function loadTable(rows: string[][]): string {
  return markdownTable(LOAD_HEADER, rows);
}

export const LOAD_HEADING = '## Under concurrent load';

/** A section of docs/benchmarks.md ('' when it has none): from its heading to the next. */
export function sectionOf(doc: string, heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start + 1, next < 0 ? undefined : next).trimEnd();
}

/** The load section of docs/benchmarks.md. */
export function loadSectionOf(doc: string): string {
  return sectionOf(doc, LOAD_HEADING);
}

/**
 * Writes the rows into the load section of the document (after the in-process table),
 * keeping the rows of other engines and sizes from their own latest runs.
 */
export function writeLoadSection(docPath: string, rows: string[][], options: LoadBenchOptions): void {
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const section = loadSectionOf(doc);
  const engineOf = (label: string) => label.replace(/ \(\d{4}-\d{2}-\d{2}\)$/, '');
  const fresh = new Set(rows.map((r) => engineOf(r[0] ?? '')));
  const kept = section
    .split('\n')
    .filter((l) => /^\| (PGlite|PostgreSQL),/.test(l))
    .filter((l) => !fresh.has(engineOf(l.split(' | ')[0]?.slice(2) ?? '')));
  const cpu = cpus();
  const text = `${LOAD_HEADING}

Written by \`npm run bench -- --load\` (\`--load-database-url=URL\` for PostgreSQL; rows of each engine
and size stay from their latest run, dated in the first column) on ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores,
${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. The API runs as \`npm run serve\` in its own process
(NODE_ENV=${options.env ?? 'development'}, as \`npm start\`); the load generator (autocannon, ${options.connections ?? 20} connections,
${options.seconds ?? 10} s per route after a 2 s warm-up) in another; the baseline is a bare Hono app with one JSON
route in a third, measured for 3 s just before each row, so each ratio compares with the machine of that
moment. The load generator counts each answer's bytes but does not keep its body (autocannon would
decode every body into a string, which for the brotli home cost it more than the server spent).
Latencies over every answer; \`failed\` counts errors,
timeouts and answers other than 2xx/3xx. Targets (docs/benchmarks.md): hot reads (settings, companyinfo,
interests, regions) ≥ 25 % of bare Hono, user.php ≥ 10 %, static pages ≥ 25 %, search p95
≤ 50 ms on PostgreSQL and ≤ 100 ms on PGlite at 14,000 members, ≤ 100 ms at 1,000,000 on
PostgreSQL. The three processes share the machine's cores with whatever else runs, so the
baseline moves (compare each row with its own); the load average was ${startLoad.toFixed(1)} when the latest run
began. What the profiles
showed, what was fixed and what limits the database-bound rows (user.php, search): docs/decisions.md
"Throughput under load".

${loadTable([...kept.map((l) => l.slice(2, -2).split(' | ')), ...rows])}
`;
  const before = section ? doc.slice(0, doc.indexOf(section)).trimEnd() : doc.trimEnd();
  // Sections after this one (the floods of bench-floods.ts) stay as they are.
  const after = section ? doc.slice(doc.indexOf(section) + section.length).trim() : '';
  writeFileSync(docPath, `${before}\n\n${text}${after ? `\n${after}\n` : ''}`);
}

/** The options of a command line (`--load-database-url=URL`, `--load-seconds=N`, …). */
export function loadOptionsFromArgs(argv: readonly string[], fallbackDatabaseUrl?: string): LoadBenchOptions {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const databaseUrl = arg('load-database-url') ?? fallbackDatabaseUrl;
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(arg('load-seconds') ? { seconds: Number(arg('load-seconds')) } : {}),
    ...(arg('load-connections') ? { connections: Number(arg('load-connections')) } : {}),
    ...(arg('load-profile') ? { profileDir: arg('load-profile') } : {}),
    ...(arg('load-env') === 'production' ? { env: 'production' as const } : {}),
    ...(arg('load-only') ? { only: arg('load-only')?.split(',') } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(loadTable(await runLoadBench(loadOptionsFromArgs(process.argv))));
}
