/**
 * The realtime benchmark (`runRealtimeBench`, rows for scripts/bench.ts's table): how long an
 * event takes from being published to arriving on the recipient's open channel
 * (GET /api/events.php), with 1,000 channels open.
 *
 * - one process: one API process (bench-realtime-server.ts, forked) with the in-process hub;
 *   1,000 members each hold a channel; events go to them one by one (200 a second) and the
 *   time from the publish request to the event's arrival is measured.
 * - two processes through Redis: two API processes on one PostgreSQL and one Redis, half the
 *   channels on each; every event is published on the process its recipient is NOT connected
 *   to, so each one crosses Redis. Lost (never arrived within 5 s) and repeated events are
 *   counted.
 *
 * The channels are plain HTTP connections held by this process, apart from the servers; the
 * publish request goes over the fork's IPC channel, so the time includes it, the event log
 * insert, the delivery and the network hop. 'publishing' is the part until the server
 * answered that the event was written and announced (IPC both ways included). Both runs need a PostgreSQL server (the two
 * processes share the database; a fresh one is created and dropped); the second needs Redis.
 * Standalone: `npm exec tsx scripts/lib/bench-realtime.ts`.
 */
import './runtime.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createClient } from 'redis';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import { createMember, seedReferenceData } from '#src/server/seed/index.ts';

export interface RealtimeBenchOptions {
  /** A PostgreSQL server to create the bench database on (default: this machine's). */
  databaseUrl?: string;
  /** Redis for the two-process run (default: this machine's). */
  redisUrl?: string;
  /** Open channels (default 1,000). */
  clients?: number;
  /** Events per run (default 1,000: one per channel). */
  events?: number;
  /** Events a second (default 200). */
  rate?: number;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const SERVER_SCRIPT = new URL('./bench-realtime-server.ts', import.meta.url).pathname;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  port: number;
  /** When the server answered that it had published each event (log written, announced). */
  acknowledged: Map<number, number>;
  publish(accountId: number, seq: number): void;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = fork(SERVER_SCRIPT, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'ready' && message.port) resolve(message.port);
    });
  });
  child.removeAllListeners('exit');
  const acknowledged = new Map<number, number>();
  child.on('message', (message: { type: string; seq?: number }) => {
    if (message.type === 'published' && message.seq !== undefined) acknowledged.set(message.seq, performance.now());
  });
  return {
    port,
    acknowledged,
    publish: (accountId, seq) => child.send({ type: 'publish', accountId, seq }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' });
      }),
  };
}

/** An open channel: calls back with each `counters` event's seq as it arrives. */
function openChannel(
  agent: http.Agent,
  port: number,
  token: string,
  onEvent: (seq: number) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events.php',
        agent,
        headers: { host: 'default.localhost', accept: 'text/event-stream', cookie: `${AUTH_COOKIE_NAME}=${token}` },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events.php answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // The cursor frame (`id:` alone) comes once the channel listens and read the log.
            if (/^id: \d+$/.test(frame)) resolve(request);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (frame.startsWith('event: counters') && data) {
              onEvent((JSON.parse(data) as { total_unread: number }).total_unread);
            }
          }
        });
      },
    );
    request.on('error', reject);
  });
}

interface Member {
  accountId: number;
  token: string;
}

async function createBenchDatabase(adminUrl: string, clients: number) {
  const name = `bench_realtime_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
  await database.migrate();
  await seedReferenceData(database.db, sites);
  const now = new Date();
  const members: Member[] = [];
  for (let i = 0; i < clients; i += 1) {
    const { accountId } = await createMember(database.db, {
      siteId: 'default',
      email: `realtime${i}@bench.test`,
      name: `Bench${i}`,
      gender: 'female',
      seeking: 'male',
      birthdate: '1985-01-01',
      country: 'NL',
      now,
    });
    members.push({ accountId, token: await createSession(database.db, accountId, now) });
  }
  await database.close();
  return {
    url: url.toString(),
    members,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

interface RunResult {
  latencies: number[];
  /** From the publish request to the server's answer that it published (IPC both ways, the log write). */
  publishing: number[];
  lost: number;
  repeated: number;
  seconds: number;
}

/**
 * Opens one channel per member on the server `homeOf` names, then publishes `events` events
 * round the members at `rate` a second, each on the server `publisherOf` names.
 */
async function measure(
  servers: Server[],
  members: Member[],
  homeOf: (index: number) => number,
  publisherOf: (index: number) => number,
  events: number,
  rate: number,
): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const sentAt = new Map<number, number>();
  const received = new Map<number, number>();
  let repeated = 0;
  const requests: http.ClientRequest[] = [];
  const serverOf = (index: number) => {
    const server = servers[index];
    if (!server) throw new Error(`bench: no server ${index}`);
    return server;
  };
  // Open the channels 50 at a time.
  for (let start = 0; start < members.length; start += 50) {
    const batch = members.slice(start, start + 50).map((member, offset) => {
      return openChannel(agent, serverOf(homeOf(start + offset)).port, member.token, (seq) => {
        if (received.has(seq)) repeated += 1;
        else received.set(seq, performance.now());
      });
    });
    requests.push(...(await Promise.all(batch)));
  }
  await sleep(500);
  const started = performance.now();
  for (let seq = 0; seq < events; seq += 1) {
    const index = seq % members.length;
    const member = members[index];
    if (!member) throw new Error(`bench: no member ${index}`);
    sentAt.set(seq, performance.now());
    serverOf(publisherOf(index)).publish(member.accountId, seq);
    const due = started + ((seq + 1) * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const deadline = performance.now() + 5000;
  while (received.size < events && performance.now() < deadline) await sleep(50);
  const seconds = (performance.now() - started) / 1000;
  await sleep(200);
  for (const request of requests) request.destroy();
  agent.destroy();
  const latencies = [...received].map(([seq, at]) => at - (sentAt.get(seq) ?? at)).sort((a, b) => a - b);
  const publishing = servers
    .flatMap((server) => [...server.acknowledged])
    .map(([seq, at]) => at - (sentAt.get(seq) ?? at))
    .sort((a, b) => a - b);
  for (const server of servers) server.acknowledged.clear();
  return { latencies, publishing, lost: events - received.size, repeated, seconds };
}

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

/** Rows of the bench table: area, measurement, p50, p95, p99, the rest. */
export async function runRealtimeBench(options: RealtimeBenchOptions = {}): Promise<string[][]> {
  const adminUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const clients = options.clients ?? 1000;
  const events = options.events ?? clients;
  const rate = options.rate ?? 200;
  const pgUp = await reachable(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.end();
  });
  if (!pgUp) return [['realtime', `skipped: no PostgreSQL at ${adminUrl}`, '', '', '', '']];
  const redisUp = await reachable(async () => {
    const client = createClient({ url: redisUrl, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
    client.on('error', () => {});
    await client.connect();
    await client.close();
  });

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const row = (name: string, result: RunResult) => [
    'realtime',
    name,
    ms(percentile(result.latencies, 50)),
    ms(percentile(result.latencies, 95)),
    ms(percentile(result.latencies, 99)),
    `${events} events at ${rate}/s; lost ${result.lost}, repeated ${result.repeated}; publishing p50 ${ms(percentile(result.publishing, 50))}`,
  ];

  const bench = await createBenchDatabase(adminUrl, clients);
  const rows: string[][] = [];
  try {
    const single = await startServer({ DATABASE_URL: bench.url });
    try {
      const result = await measure(
        [single],
        bench.members,
        () => 0,
        () => 0,
        events,
        rate,
      );
      rows.push(
        row(`publish → channel, one process, ${clients.toLocaleString('en')} channels open (PostgreSQL)`, result),
      );
    } finally {
      await single.stop();
    }
    if (!redisUp) {
      rows.push(['realtime', `two processes: skipped, no Redis at ${redisUrl}`, '', '', '', '']);
    } else {
      const env = {
        DATABASE_URL: bench.url,
        BENCH_REDIS_URL: redisUrl,
        BENCH_REDIS_CHANNEL: `flirt:bench:${randomBytes(4).toString('hex')}`,
      };
      const pair = [await startServer(env), await startServer(env)];
      try {
        const result = await measure(
          pair,
          bench.members,
          (i) => i % 2,
          (i) => (i + 1) % 2,
          events,
          rate,
        );
        rows.push(
          row(
            `publish on one process → channel on the other through Redis, ${clients.toLocaleString('en')} channels open (half on each)`,
            result,
          ),
        );
      } finally {
        await Promise.all(pair.map((server) => server.stop()));
      }
    }
  } finally {
    await bench.drop();
  }
  return rows;
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const rate = process.argv.find((a) => a.startsWith('--rate='))?.slice(7);
  const rows = await runRealtimeBench(rate ? { rate: Number(rate) } : {});
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
