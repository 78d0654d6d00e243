/**
 * The processes benchmark (`npm run bench -- --processes`): `npm run serve` with 1, 2 and 4
 * worker processes (WEB_CONCURRENCY; node:cluster sharing one port) on PostgreSQL and Redis,
 * under 50 connections, beside a bare Hono process of the same run (docs/operations.md
 * "Several processes").
 *
 * - The database (`--processes-database-url=URL`, else DATABASE_URL; a database named `test`
 *   is refused: the test suites own it) is migrated and, when it has no members, seeded with
 *   `--processes-members=N` members per site (default 500) on the default site only. 100 of
 *   its confirmed members become paid members with credits enough for the run: 50 senders,
 *   each in a conversation with one of the other 50. Redis: `--processes-redis-url=URL`, else
 *   REDIS_URL (without it each process delivers only its own events, as in production).
 * - Rows per process count: GET user.php and chats.php of the senders, GET search.php
 *   (auto_load) of 200 searchers, and POST chat.php (a paid text message, a new client_id per
 *   request: `[<id>]`), each loaded for `--processes-seconds=N` (default 5) after a 2 s
 *   warm-up by autocannon in a process of its own (bench-load-client.ts), with
 *   `--processes-connections=N` (default 50). The bare Hono process (bench-load-hono.ts) is
 *   measured for 3 s before each process count. Scaling efficiency: req/s with N processes
 *   divided by N times the req/s of one. After each count: the resident memory of each worker.
 *
 * Standalone: `npm exec tsx -- scripts/lib/bench-processes.ts --processes-database-url=URL`
 * prints the rows without writing docs/benchmarks.md.
 */
import './runtime.ts';
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { openDatabase, type Database } from '#src/server/db/client.ts';
import { accounts, profiles, rateLimits } from '#src/server/db/schema.ts';
import { loadConfig } from '#src/server/env.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { SERVE_V8_FLAGS } from '#src/server/platform/cluster.ts';
import { seed } from '#src/server/seed/index.ts';
import type { LoadResult, LoadSpec } from './bench-load-client.ts';
import { load, markdownTable, residentMiB, sectionOf, startProcess } from './bench-load.ts';

const root = resolve(import.meta.dirname, '../..');
const BASELINE = join(import.meta.dirname, 'bench-load-hono.ts');
const SERVE = join(root, 'scripts/serve.ts');

export interface ProcessesBenchOptions {
  databaseUrl: string;
  redisUrl?: string;
  counts?: number[];
  connections?: number;
  seconds?: number;
  membersPerSite?: number;
  log?: (line: string) => void;
}

export const PROCESSES_HEADER = [
  'processes',
  'route',
  'req/s',
  'scaling efficiency',
  'vs bare Hono',
  'p50',
  'p95',
  'p99',
  'failed',
];

const SENDERS = 50;
const SEARCHERS = 200;

interface Prepared {
  members: number;
  senders: { cookie: string; partner: string }[];
  searchers: string[];
  /** A sender and the member they write to, outside the load: the delivery probe. */
  probe: { cookie: string; partner: string; partnerCookie: string };
}

async function countMembers(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.type, 'member'));
  return row?.n ?? 0;
}

async function prepare(options: ProcessesBenchOptions, log: (line: string) => void): Promise<Prepared> {
  const name = new URL(options.databaseUrl).pathname.slice(1);
  if (name === 'test') throw new Error('processes bench: the database "test" belongs to the test suites; name another');
  const dir = mkdtempSync(join(tmpdir(), 'flirt-bench-processes-'));
  const database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
  try {
    await database.migrate();
    log(`processes bench: PostgreSQL database ${name}, seeding unless members exist…`);
    const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }), sitesDir: join(root, 'dist/sites') };
    await seed(database, config, {
      membersPerSite: options.membersPerSite ?? 500,
      sites: sites.filter((site) => site.id === 'default'),
    });
    await database.db.delete(rateLimits).where(like(rateLimits.key, 'lookup-%'));
    const confirmed = (gender: 'male' | 'female', limit: number) =>
      database.db
        .select({ id: accounts.id, publicId: profiles.publicId })
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(
          and(
            eq(profiles.siteId, 'default'),
            eq(profiles.type, 'member'),
            eq(profiles.status, 'active'),
            eq(profiles.invisible, false),
            eq(profiles.privacyMode, false),
            eq(profiles.gender, gender),
            eq(accounts.status, 'confirmed'),
          ),
        )
        .orderBy(accounts.id)
        .limit(limit);
    // Senders (men) each write to a woman: a conversation both may see.
    const men = await confirmed('male', SEARCHERS);
    const women = await confirmed('female', SENDERS + 1);
    if (men.length < SEARCHERS || women.length < SENDERS + 1)
      throw new Error('processes bench: too few confirmed members of the default site');
    const rows = men;
    const now = new Date();
    const cookieOf = async (id: number) => `${AUTH_COOKIE_NAME}=${await createSession(database.db, id, now)}`;
    /** A paid member with credits enough for the run. */
    const paying = async (id: number) => {
      await database.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, id));
      await database.db.transaction((tx) =>
        applyCredits(tx, {
          accountId: id,
          delta: 1_000_000,
          reason: 'correction',
          reference: `bench-processes:${id}:${now.getTime()}`,
          now,
        }),
      );
    };
    const senders: Prepared['senders'] = [];
    for (const [i, sender] of rows.slice(0, SENDERS).entries()) {
      await paying(sender.id);
      senders.push({ cookie: await cookieOf(sender.id), partner: women[i]?.publicId ?? '' });
    }
    const searchers = await Promise.all(rows.slice(0, SEARCHERS).map((row) => cookieOf(row.id)));
    // The probe: the next man writes to the next woman while the load runs.
    const [prober, probed] = [rows[SENDERS], women[SENDERS]];
    if (!prober || !probed) throw new Error('processes bench: too few confirmed members of the default site');
    await paying(prober.id);
    const probe = {
      cookie: await cookieOf(prober.id),
      partner: probed.publicId,
      partnerCookie: await cookieOf(probed.id),
    };
    return { members: await countMembers(database), senders, searchers, probe };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A GET (or with `body` a POST) on the API as the member's browser (autocannon sets Host
 * itself; node:http for setup and the probe): the answer's JSON and when it arrived.
 */
function requestJson(
  port: number,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ answer: unknown; at: number }> {
  return new Promise((resolveAnswer, reject) => {
    const headers: Record<string, string> = { host: 'default.localhost', cookie, accept: 'application/json' };
    if (body !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'x-request-type': 'client',
        'x-forwarded-for': '10.3.0.1',
      });
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolveAnswer({ answer: JSON.parse(text), at: Date.now() })
            : reject(new Error(`${path} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Delivery under load: while the senders' load runs, the probe sends a message every 100 ms
 * and its partner's realtime channel (GET /api/events.php) receives it. Each delay is from
 * the send's answer to the event's arrival (0 when the event came first). With N workers the
 * stream and the send meet on one worker about 1 in N times (node:cluster deals connections
 * round-robin), so most probes cross processes through Redis.
 */
function startProbe(port: number, prepared: Prepared, conversation: string): { stop: () => Promise<number[]> } {
  const arrivals = new Map<string, number>();
  const acks = new Map<string, number>();
  const stream = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/api/events.php',
    headers: {
      host: 'default.localhost',
      cookie: prepared.probe.partnerCookie,
      accept: 'text/event-stream',
      'x-forwarded-for': '10.3.0.2',
    },
  });
  stream.on('response', (response) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const at = Date.now();
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: message$/m.test(frame) ? /^data: (.*)$/m.exec(frame)?.[1] : undefined;
        if (data) arrivals.set((JSON.parse(data) as { message: { id: string } }).message.id, at);
      }
    });
    response.on('error', () => {});
  });
  stream.on('error', () => {});
  stream.end();
  let running = true;
  let n = 0;
  const sending = (async () => {
    // The channel opens before the first probe.
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    while (running) {
      n += 1;
      const sent = await requestJson(port, '/api/chat.php', prepared.probe.cookie, {
        conversation,
        client_id: `probe-${Date.now()}-${n}`,
        text: 'Probe',
      }).catch(() => null);
      const id = (sent?.answer as { message?: { id?: string } } | undefined)?.message?.id;
      if (sent && id) acks.set(id, sent.at);
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await sending;
      // The last probes' events still on their way.
      await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
      stream.destroy();
      const delays = [...acks].map(([id, ack]) => {
        const arrived = arrivals.get(id);
        return arrived === undefined ? Number.POSITIVE_INFINITY : Math.max(0, arrived - ack);
      });
      return delays.sort((a, b) => a - b);
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The worker processes of a primary (its children), or the process itself without any. */
function workerPids(pid: number): number[] {
  const path = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(path) ? readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return children.length > 0 ? children : [pid];
}

interface Route {
  name: string;
  requests: NonNullable<LoadSpec['requests']>;
  idReplacement?: boolean;
}

function routes(prepared: Prepared, conversations: string[]): Route[] {
  const host = 'default.localhost';
  const bySender = (path: string) => prepared.senders.map(({ cookie }) => ({ path, headers: { host, cookie } }));
  return [
    { name: 'GET /api/user.php (member)', requests: bySender('/api/user.php') },
    {
      name: `GET /api/search.php (auto_load; ${prepared.searchers.length} members)`,
      requests: prepared.searchers.map((cookie, i) => ({
        path: '/api/search.php?auto_load=1&source=members&hideNudity=0',
        headers: { host, cookie, 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
      })),
    },
    { name: 'GET /api/chats.php', requests: bySender('/api/chats.php') },
    {
      name: 'POST /api/chat.php (a paid text message)',
      idReplacement: true,
      requests: prepared.senders.map(({ cookie }, i) => ({
        path: '/api/chat.php',
        method: 'POST' as const,
        headers: { host, cookie, 'content-type': 'application/json', 'x-request-type': 'client' },
        body: JSON.stringify({ conversation: conversations[i], client_id: 'bench-[<id>]', text: 'Hello there' }),
      })),
    },
  ];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
let startLoad = 0;

export interface ProcessesResult {
  rows: string[][];
  /** Members in the database (its size). */
  members: number;
}

export async function runProcessesBench(options: ProcessesBenchOptions): Promise<ProcessesResult> {
  startLoad = loadavg()[0] ?? 0;
  const log = options.log ?? ((line: string) => console.log(line));
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 5;
  const counts = options.counts ?? [1, 2, 4];
  const prepared = await prepare(options, log);
  const dataDir = mkdtempSync(join(tmpdir(), 'flirt-bench-processes-data-'));
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  delete baseEnv['DATABASE_URL'];
  delete baseEnv['REDIS_URL'];
  delete baseEnv['METRICS_PORT'];
  const baseline = await startProcess(['--import', 'tsx', BASELINE], baseEnv, /listening (\d+)/);
  const rows: string[][] = [];
  const single = new Map<string, number>();
  const conversations: string[] = [];
  let probeConversation = '';
  try {
    for (const count of counts) {
      const api = await startProcess(
        // As npm run serve starts it (package.json).
        [...SERVE_V8_FLAGS, '--import', 'tsx', SERVE],
        {
          ...baseEnv,
          NODE_ENV: 'development',
          DATABASE_URL: options.databaseUrl,
          ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
          WEB_CONCURRENCY: String(count),
          TRUST_PROXY: '1',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SITES_DIR: join(root, 'dist/sites'),
        },
        /Serving on http:\/\/localhost:(\d+)/,
      );
      try {
        if (conversations.length === 0) {
          /** Opens (or finds) the conversation of `cookie`'s member with the profile `partner`. */
          const conversationWith = async (partner: string, cookie: string) =>
            ((await requestJson(api.port, `/api/chat.php?profile=${partner}`, cookie)).answer as { id: string }).id;
          probeConversation = await conversationWith(prepared.probe.partner, prepared.probe.cookie);
          for (const sender of prepared.senders)
            conversations.push(await conversationWith(sender.partner, sender.cookie));
        }
        log(`processes bench: ${count} process${count > 1 ? 'es' : ''}: bare Hono…`);
        const spec = (port: number, seconds_: number): LoadSpec => ({
          url: `http://127.0.0.1:${port}/`,
          connections,
          seconds: seconds_,
          headers: { host: 'localhost' },
        });
        await load(spec(baseline.port, 2));
        const hono = await load(spec(baseline.port, 3));
        rows.push([
          String(count),
          'bare Hono: GET / → {"hello":"world"} (one process, 3 s just before)',
          Math.round(hono.perSecond).toLocaleString('en'),
          '',
          '',
          ms(hono.p50),
          ms(hono.p95),
          ms(hono.p99),
          String(hono.failed),
        ]);
        for (const route of routes(prepared, conversations)) {
          log(`processes bench: ${count} × ${route.name}…`);
          const routeSpec: LoadSpec = {
            url: `http://127.0.0.1:${api.port}${route.requests[0]?.path ?? '/'}`,
            connections,
            seconds,
            headers: { host: 'default.localhost' },
            requests: route.requests,
            ...(route.idReplacement ? { idReplacement: true } : {}),
          };
          await load({ ...routeSpec, seconds: 2 });
          const probe = route.idReplacement ? startProbe(api.port, prepared, probeConversation) : null;
          const result: LoadResult = await load(routeSpec);
          const delays = probe ? await probe.stop() : [];
          if (result.failed > 0) log(`  ${result.failed} failed answers: ${JSON.stringify(result.statuses)}`);
          if (count === counts[0]) single.set(route.name, result.perSecond / count);
          const one = single.get(route.name) ?? result.perSecond;
          rows.push([
            String(count),
            route.name,
            Math.round(result.perSecond).toLocaleString('en'),
            `${((100 * result.perSecond) / (count * one)).toFixed(0)} %`,
            `${((100 * result.perSecond) / hono.perSecond).toFixed(1)} %`,
            ms(result.p50),
            ms(result.p95),
            ms(result.p99),
            String(result.failed),
          ]);
          if (probe) {
            const lost = delays.filter((delay) => delay === Number.POSITIVE_INFINITY).length;
            rows.push([
              String(count),
              `delivery during those sends: a probe message every 100 ms, its answer to its arrival on the partner's event stream (${delays.length} probes)`,
              '',
              '',
              '',
              ms(percentile(delays, 50)),
              ms(percentile(delays, 95)),
              ms(percentile(delays, 99)),
              `${lost} not delivered`,
            ]);
          }
        }
        const resident = workerPids(api.pid).map((pid) => residentMiB(pid));
        rows.push([
          String(count),
          'memory: RSS of each worker process after the run',
          resident.map((mib) => `${mib.toFixed(0)} MiB`).join(', '),
          '',
          '',
          '',
          '',
          '',
          '',
        ]);
      } finally {
        await api.stop();
      }
    }
  } finally {
    await baseline.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, members: prepared.members };
}

export function processesTable(rows: string[][]): string {
  return markdownTable(PROCESSES_HEADER, rows);
}

export const PROCESSES_HEADING = '## Several processes';

export function processesSectionOf(doc: string): string {
  return sectionOf(doc, PROCESSES_HEADING);
}

/** Where the section's hand-written notes begin: a new run keeps them (they say what the numbers mean). */
const NOTES_MARKER = '<!-- processes: notes (kept by npm run bench -- --processes) -->';

/** The section's text: how it was measured and the table. */
export function processesSection(result: ProcessesResult, options: ProcessesBenchOptions): string {
  const cpu = cpus();
  return `${PROCESSES_HEADING}

Written by \`npm run bench -- --processes\` (scripts/lib/bench-processes.ts) on ${new Date().toISOString().slice(0, 10)}, on ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores,
${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${startLoad.toFixed(1)} at the start. \`npm run serve\` with WEB_CONCURRENCY
workers (node:cluster, one port) on PostgreSQL${options.redisUrl ? ' and Redis' : ''} (NODE_ENV=development), PostgreSQL and the load generator
(autocannon, ${options.connections ?? 50} connections, ${options.seconds ?? 5} s per row after a 2 s warm-up, in its own process) on the same machine;
the bare Hono process is measured just before each process count. Scaling efficiency: req/s ÷ (processes × req/s of one).
Database: ${result.members.toLocaleString('en')} members.

${processesTable(result.rows)}
`;
}

/** Replaces (or appends) the section in docs/benchmarks.md. */
export function writeProcessesSection(docPath: string, section: string): void {
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const old = processesSectionOf(doc);
  const notes = old.includes(NOTES_MARKER) ? old.slice(old.indexOf(NOTES_MARKER)) : NOTES_MARKER;
  const text = `${section.trimEnd()}\n\n${notes}`;
  writeFileSync(docPath, old ? doc.replace(old, text) : `${doc.trimEnd()}\n\n${text}\n`);
}

export function processesOptionsFromArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ProcessesBenchOptions {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const databaseUrl = arg('processes-database-url') ?? env['DATABASE_URL'];
  if (!databaseUrl) throw new Error('processes bench: needs --processes-database-url=URL (or DATABASE_URL)');
  const redisUrl = arg('processes-redis-url') ?? env['REDIS_URL'];
  return {
    databaseUrl,
    ...(redisUrl ? { redisUrl } : {}),
    ...(arg('processes-seconds') ? { seconds: Number(arg('processes-seconds')) } : {}),
    ...(arg('processes-connections') ? { connections: Number(arg('processes-connections')) } : {}),
    ...(arg('processes-members') ? { membersPerSite: Number(arg('processes-members')) } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(processesTable((await runProcessesBench(processesOptionsFromArgs(process.argv, process.env))).rows));
}
