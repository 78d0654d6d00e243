/**
 * What the fault tests (fault-*.test.ts) break on purpose: a PostgreSQL cluster and a Redis
 * server of their own, on free loopback ports, never the shared ones of this machine (other
 * tests and CI use those), and API processes started with the real entry point
 * (`scripts/serve.ts`, one process each, its own PORT). Everything started here is stopped
 * by `stop()`. `faultToolsMissing()` names a missing tool, so a test can skip saying why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';

const ROOT = join(import.meta.dirname, '../..');
const PG_BIN = [
  '/usr/local/bin',
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
];

function pgTool(name: string): string | null {
  for (const dir of PG_BIN) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

function onPath(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Why the fault tests cannot run here (a missing tool), or null. */
export function faultToolsMissing(): string | null {
  if (!pgTool('initdb') || !pgTool('pg_ctl')) return 'initdb/pg_ctl not found: no private PostgreSQL cluster';
  if (!onPath('redis-server')) return 'redis-server not found: no private Redis';
  // initdb refuses root: the cluster runs as the postgres user then.
  if (process.getuid?.() === 0 && (!onPath('runuser') || spawnSync('id', ['postgres']).status !== 0))
    return 'running as root without runuser or a postgres user: initdb refuses root';
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a PostgreSQL tool, as the postgres user when this process is root. */
function runPg(tool: string, args: string[]): void {
  const path = pgTool(tool);
  if (!path) throw new Error(`${tool} not found`);
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(asRoot ? 'runuser' : path, asRoot ? ['-u', 'postgres', '--', path, ...args] : args, {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export interface PrivatePostgres {
  /** The database the app uses. */
  url: string;
  port: number;
  /** Stops the server (fast: sessions are cut, as in a crash of the database host). */
  halt(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): Promise<void>;
}

/** initdb + pg_ctl start of a throwaway cluster (no fsync: nothing here must survive). */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'flirt-fault-pg-'));
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['postgres', dir]);
    await chmod(dir, 0o700);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  runPg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = () => runPg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database flirt');
  await admin.end();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/flirt`,
    port,
    halt() {
      runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    resume() {
      start();
      running = true;
    },
    async stop() {
      if (running) runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Kills the server and starts it again on the same port (empty: nothing is saved). */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i += 1) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
      await sleep(50);
    }
    throw new Error('the private Redis did not start');
  };
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs) {
      await kill();
      await sleep(downMs);
      await start();
    },
    stop: kill,
  };
}

export interface ApiProcess {
  port: number;
  child: ChildProcess;
  /** Every JSON log line so far. */
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `npm run serve` with one process on its own port (WEB_CONCURRENCY=1: no primary), as one of
 * several hosts behind a load balancer. Resolves once /healthz answers.
 */
export async function apiProcess(env: Record<string, string>, dataDir: string): Promise<ApiProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['REDIS_URL', 'DATABASE_URL', 'METRICS_PORT'].includes(key)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      WEB_CONCURRENCY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SITES_DIR: join(dataDir, 'sites'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('serve did not answer /healthz within 60 s');
    await sleep(100);
  }
  return {
    port,
    child,
    lines,
    exited,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

export interface FaultMember {
  accountId: number;
  profileId: number;
  publicId: string;
  session: string;
}

/**
 * The sites' reference data and `count` paid, confirmed members of the default site with
 * `credits` each (through the ledger) and a session on the real clock, written straight into
 * the database the processes will use (migrated here first). Run it before starting them.
 */
export async function seedFaultMembers(url: string, count: number, credits: number): Promise<FaultMember[]> {
  const { openDatabase } = await import('#src/server/db/client.ts');
  const { seedReferenceData, createMember, regionIds } = await import('#src/server/seed/index.ts');
  const { applyCredits } = await import('#src/server/features/credits/ledger.ts');
  const { createSession } = await import('#src/server/features/accounts/sessions.ts');
  const { accounts } = await import('#src/server/db/schema.ts');
  const { sites } = await import('#sites-config');
  const { eq } = await import('drizzle-orm');
  const database = await openDatabase({ kind: 'postgres', url, max: 2 });
  try {
    const { db } = database;
    // Before the processes start: they read the sites once, at start.
    await database.migrate();
    await seedReferenceData(db, sites);
    const regions = await regionIds(db, ['NL']);
    const now = new Date();
    const members: FaultMember[] = [];
    for (let i = 0; i < count; i += 1) {
      const created = await createMember(db, {
        siteId: 'default',
        email: `fault${i}.${process.pid}@example.test`,
        name: `Fault${i}`,
        gender: i % 2 === 0 ? 'male' : 'female',
        seeking: i % 2 === 0 ? 'female' : 'male',
        birthdate: '1980-04-12',
        country: 'NL',
        regionId: regions.get('NL:NH') ?? null,
        city: 'Amsterdam',
        photos: [],
        now,
      });
      await db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
      await db.transaction((tx) =>
        applyCredits(tx, {
          accountId: created.accountId,
          delta: credits,
          reason: 'correction',
          reference: `fault:${created.accountId}`,
          now,
        }),
      );
      members.push({ ...created, session: await createSession(db, created.accountId, now) });
    }
    return members;
  } finally {
    await database.close();
  }
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request to a local API process as a browser on a member site sends it (fetch
 * cannot set Host), on a connection of its own; fails on a connection error or after
 * `timeoutMs` without a complete answer.
 */
export function httpAsk(
  port: number,
  path: string,
  init: {
    method?: string;
    session?: string;
    json?: unknown;
    /** A form body (application/x-www-form-urlencoded). */
    form?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  const body = init.json === undefined ? init.form : JSON.stringify(init.json);
  const type = init.json === undefined ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          host: 'default.localhost',
          accept: 'application/json',
          'x-request-type': 'client',
          ...(init.session ? { cookie: `${AUTH_COOKIE_NAME}=${init.session}` } : {}),
          ...(body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) }),
          ...init.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.setTimeout(init.timeoutMs ?? 10_000, () => request.destroy(new Error('no answer in time')));
    request.end(body);
  });
}

/** The error code of an API error answer, or null. */
export function errorCodeOf(answer: HttpAnswer): string | null {
  try {
    return (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    return null;
  }
}

export interface StoredEvent {
  id: number;
  event: string;
  data: unknown;
}

/**
 * A member's event stream as the browser's EventSource keeps it: when the connection ends or
 * fails it comes back after `retryMs` to the port `portOf()` names now (the load balancer
 * sending it to a live process) with the last id seen as `Last-Event-ID`, and replays.
 */
export class ReconnectingStream {
  /** Stored events received, in order (typing and other unstored ones are left out). */
  readonly events: StoredEvent[] = [];
  lastId: string | null = null;
  connects = 0;
  private closed = false;
  private current: ClientRequest | null = null;

  constructor(
    private readonly session: string,
    private readonly portOf: () => number,
    private readonly retryMs = 300,
  ) {}

  /** Connects; resolves once the first connection got its cursor. */
  open(): Promise<void> {
    return new Promise((resolve) => this.connect(resolve));
  }

  private connect(onCursor?: () => void): void {
    if (this.closed) return;
    this.connects += 1;
    let buffer = '';
    let ended = false;
    // Once per connection: a cut connection reports itself as an error, an abort and a close.
    const again = () => {
      if (ended) return;
      ended = true;
      this.current = null;
      if (!this.closed) setTimeout(() => this.connect(onCursor), this.retryMs);
    };
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: this.portOf(),
        path: '/api/events.php',
        agent: false,
        headers: {
          host: 'default.localhost',
          accept: 'text/event-stream',
          cookie: `${AUTH_COOKIE_NAME}=${this.session}`,
          ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return again();
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.frame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (this.lastId !== null && onCursor) {
              onCursor();
              onCursor = undefined;
            }
          }
        });
        response.on('close', again);
        response.on('error', () => undefined);
      },
    );
    request.on('error', again);
    request.end();
    this.current = request;
  }

  private frame(frame: string): void {
    let event = 'message';
    let data: string | null = null;
    let id: string | null = null;
    for (const line of frame.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
      else if (line.startsWith('id: ')) id = line.slice(4);
    }
    if (id !== null) this.lastId = id;
    if (id !== null && data !== null) this.events.push({ id: Number(id), event, data: JSON.parse(data) as unknown });
  }

  close(): void {
    this.closed = true;
    this.current?.destroy();
  }
}

export interface TwoHosts {
  database: PrivatePostgres;
  redis: PrivateRedis;
  members: FaultMember[];
  /** Two `npm run serve` processes on the private PostgreSQL and Redis, as two hosts. */
  processes: [ApiProcess, ApiProcess];
  /** Stops everything started, in reverse order. */
  stop(): Promise<void>;
}

/**
 * A private PostgreSQL and Redis, `count` seeded members with `credits` each, and two API
 * processes on them (photo storage is local: these tests send no photos). Whatever started
 * before a failure is stopped again.
 */
export async function twoHosts(count: number, credits: number): Promise<TwoHosts> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const dataDir = await mkdtemp(join(tmpdir(), 'flirt-fault-hosts-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await privatePostgres();
    cleanups.push(() => database.stop());
    const redis = await privateRedis();
    cleanups.push(() => redis.stop());
    const members = await seedFaultMembers(database.url, count, credits);
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
    const first = await apiProcess(env, dataDir);
    cleanups.push(() => first.kill('SIGKILL'));
    const second = await apiProcess(env, dataDir);
    cleanups.push(() => second.kill('SIGKILL'));
    return { database, redis, members, processes: [first, second], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits (up to 10 s) until every member's stream has received its account's newest stored
 * event; answers per member the event ids received and those the log holds after the
 * stream's first cursor: equal when each stored event arrived exactly once and in order.
 */
export async function streamsAgainstLog(
  admin: pg.Client,
  members: readonly FaultMember[],
  streams: readonly ReconnectingStream[],
  cursors: readonly number[],
): Promise<{ received: number[][]; logged: number[][] }> {
  const logged: number[][] = [];
  for (const [i, member] of members.entries()) {
    const rows = await admin.query<{ id: string }>(
      'select id from account_events where account_id = $1 and id > $2 order by id',
      [member.accountId, cursors[i]],
    );
    logged.push(rows.rows.map((row) => Number(row.id)));
  }
  for (let wait = 0; wait < 100; wait += 1) {
    if (streams.every((stream, i) => (stream.events.at(-1)?.id ?? 0) >= (logged[i]?.at(-1) ?? 0))) break;
    await sleep(100);
  }
  return { received: streams.map((stream) => stream.events.map((e) => e.id)), logged };
}
