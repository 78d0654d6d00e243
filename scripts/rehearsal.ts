/**
 * The production topology rehearsed without containers (docs/operations.md "Rehearsal"):
 * compose.yaml's layout on this machine's PostgreSQL and Redis and a local S3-compatible
 * server, with a Chromium journey through it.
 *
 * - A fresh PostgreSQL database of its own (`rehearsal` on 127.0.0.1:5432; REHEARSAL_ADMIN_URL
 *   names another server's maintenance database), created, given the reference data by
 *   `npm run seed -- --reference-only` as a production deploy does, and dropped at the end.
 * - Redis at REDIS_URL (default redis://127.0.0.1:6379); photos in a bucket of s3rver (the
 *   S3-compatible server the S3 tests use) on a free loopback port (STORAGE=s3).
 * - Two API hosts: two `npm run serve`, each with WEB_CONCURRENCY=2 worker processes
 *   (REHEARSAL_WORKERS) on a port of its own, serving the built default/en site as well
 *   (dist/sites, built for that variant only when it is not current) and sharing one mail
 *   outbox folder, which stands in for the SMTP service. They run NODE_ENV=development only
 *   for the two stand-ins production refuses: the dev mail outbox and the sandbox payments.
 * - A round-robin balancer in front (scripts/lib/rehearsal-balancer.ts), as Caddy is.
 * - Chromium (Playwright, tests/rehearsal/journey.spec.ts) on http://default.localhost:<port>:
 *   signup, activation from the outbox, a photo upload, a chat, a sandbox purchase.
 *
 * It passes when the journey passes, both hosts answered the browser, every worker process of
 * both hosts answered API requests (their JSON log lines, by pid) and the bucket holds the
 * photo's objects. Everything is stopped and the database dropped afterwards, also on failure
 * or Ctrl-C. It gives up after 3 minutes (REHEARSAL_DEADLINE_S). When PostgreSQL or Redis is
 * unreachable it says so and exits 0 (skipped). Loopback only.
 *
 *   npx tsx scripts/rehearsal.ts        # REHEARSAL_PORT=4620 to pick the balancer's port
 */
import './lib/runtime.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { isBuildCurrent } from './lib/build-freshness.ts';
import { startBalancer, type Balancer } from './lib/rehearsal-balancer.ts';

const root = resolve(import.meta.dirname, '..');
const env = process.env;
const ADMIN_URL = env['REHEARSAL_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'rehearsal';
const REDIS_URL = env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const WORKERS = Number(env['REHEARSAL_WORKERS'] ?? 2);
const DEADLINE_MS = Number(env['REHEARSAL_DEADLINE_S'] ?? 180) * 1000;
const HOSTS = ['host-a', 'host-b'] as const;
const SITES_DIR = join(root, 'dist/sites');
/** s3rver checks request signatures against its fixed credentials. */
const S3_KEY = 'S3RVER';
const BUCKET = 'photos';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`rehearsal [${elapsed()}]: ${line}`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Why PostgreSQL cannot be used here, or null. */
async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${new URL(ADMIN_URL).host} is unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why Redis cannot be used here, or null: a PING over a plain socket. */
function redisProblem(): Promise<string | null> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const fail = (reason: string) => {
      socket.destroy();
      done(`Redis at ${hostname}:${port || 6379} is unreachable (${reason})`);
    };
    socket.setTimeout(2000, () => fail('no answer within 2 s'));
    socket.once('error', (error) => fail(error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      done(data.toString().startsWith('+PONG') ? null : `Redis answered ${JSON.stringify(data.toString().trim())}`);
    });
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = () => admin((client) => client.query(`drop database if exists ${DATABASE} with (force)`));

/** One `npm run serve` host: its log lines (JSON) kept as they come, and written to a file. */
interface Host {
  name: string;
  port: number;
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<void>;
}

function startHost(name: string, port: number, hostEnv: Record<string, string>, logs: WriteStream): Host {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: root,
    env: { ...hostEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    logs.write(chunk.toString().replace(/^(?=.)/gm, `${name} `));
    const complete = (rest + chunk.toString()).split('\n');
    rest = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A line that is not JSON (a banner) counts for nothing.
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => logs.write(chunk.toString().replace(/^(?=.)/gm, `${name} ! `)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { name, port, child, lines, exited };
}

async function waitReady(host: Host, until: number): Promise<void> {
  for (;;) {
    if (host.child.exitCode !== null) throw new Error(`${host.name} exited with ${host.child.exitCode} while starting`);
    const answer = await fetch(`http://127.0.0.1:${host.port}/readyz`).catch(() => null);
    if (answer?.ok) return;
    if (Date.now() > until)
      throw new Error(`${host.name} was not ready before the deadline: ${answer ? await answer.text() : 'no answer'}`);
    await sleep(250);
  }
}

async function stopHost(host: Host): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  host.child.kill('SIGTERM');
  const gone = await Promise.race([host.exited.then(() => true), sleep(12_000).then(() => false)]);
  if (!gone) {
    host.child.kill('SIGKILL');
    await host.exited;
  }
}

/** API requests answered per worker pid, from a host's `request` log lines. */
function apiRequestsByPid(host: Host): Map<number, number> {
  const counts = new Map<number, number>();
  for (const line of host.lines) {
    const route = line['route'];
    if (line['msg'] !== 'request' || typeof route !== 'string' || !route.startsWith('/api/')) continue;
    const pid = Number(line['pid']);
    counts.set(pid, (counts.get(pid) ?? 0) + 1);
  }
  return counts;
}

/** Runs `command` to its end, or kills it at `until`; its exit code (null: killed). */
function run(command: string, args: string[], runEnv: NodeJS.ProcessEnv, until: number): Promise<number | null> {
  const child = spawn(command, args, { cwd: root, env: runEnv, stdio: 'inherit' });
  const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(0, until - Date.now()));
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done(code);
    }),
  );
}

async function main(): Promise<number> {
  const unreachable = (await postgresProblem()) ?? (await redisProblem());
  if (unreachable) {
    console.log(`rehearsal skipped: ${unreachable}. It needs PostgreSQL and Redis on this machine.`);
    return 0;
  }

  // The static site: reuse dist/ when it is current for default/en, else build that variant only.
  if (!isBuildCurrent(SITES_DIR, ['default/en'])) {
    say('dist/sites is not current for default/en: building that variant (not counted in the deadline)…');
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-sites.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, BUILD_SITES: 'default', BUILD_LOCALES: 'en' },
    });
    if (build.status !== 0) throw new Error('the static build failed');
  }
  const deadline = Date.now() + DEADLINE_MS;

  const scratch = mkdtempSync(join(tmpdir(), 'flirt-rehearsal-'));
  const logPath = join(scratch, 'hosts.log');
  const logs = createWriteStream(logPath);
  const hosts: Host[] = [];
  let balancer: Balancer | null = null;
  let s3: S3rver | null = null;
  let created = false;
  let passed = false;
  const stopAll = async () => {
    await balancer?.close();
    await Promise.all(hosts.map(stopHost));
    await s3?.close();
    if (created) await dropDatabase().catch((error: unknown) => say(`could not drop ${DATABASE}: ${String(error)}`));
    logs.end();
  };
  const interrupted = () => {
    say('interrupted: stopping everything');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    // A database left by an interrupted run goes first: the rehearsal starts from nothing.
    await dropDatabase();
    await admin((client) => client.query(`create database ${DATABASE}`));
    created = true;
    const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString();

    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(scratch, 's3'),
      configureBuckets: [{ name: BUCKET }],
    });
    const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;

    // METRICS_PORT of the caller's environment would have both hosts bind the same port.
    const inherited = Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'METRICS_PORT'));
    const shared = {
      ...inherited,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      DATA_DIR: join(scratch, 'shared'),
      SITES_DIR,
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      DEV_INBOX: '1',
      PAYMENTS: 'sandbox',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: String(WORKERS),
    };

    say(`database ${DATABASE} created; reference data (npm run seed -- --reference-only)…`);
    const seeded = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', '--reference-only'],
      shared,
      deadline,
    );
    if (seeded !== 0) throw new Error(`the reference seed failed (exit ${seeded})`);

    say(`starting ${HOSTS.length} API hosts of ${WORKERS} worker processes each…`);
    for (const name of HOSTS) hosts.push(startHost(name, await freePort(), shared, logs));
    await Promise.all(hosts.map((host) => waitReady(host, deadline)));
    balancer = await startBalancer(
      hosts.map((host) => ({ name: host.name, port: host.port })),
      Number(env['REHEARSAL_PORT'] ?? 0),
    );
    say(`ready: http://default.localhost:${balancer.port}/ → ${hosts.map((h) => `${h.name} :${h.port}`).join(', ')}`);

    const journey = await run(
      join(root, 'node_modules/.bin/playwright'),
      ['test', '--config', 'tests/rehearsal/playwright.config.ts'],
      { ...env, REHEARSAL_PORT: String(balancer.port), REHEARSAL_TIMEOUT_MS: String(deadline - Date.now() - 5000) },
      deadline,
    );
    await sleep(300); // the last log lines on their way through the pipes

    const problems: string[] = [];
    if (journey === null) problems.push(`the journey did not finish before the ${DEADLINE_MS / 1000} s deadline`);
    else if (journey !== 0) problems.push('the Chromium journey failed (above)');
    for (const host of hosts) {
      const byPid = apiRequestsByPid(host);
      const answered = balancer.answered.get(host.name) ?? 0;
      say(
        `${host.name}: ${answered} requests through the balancer; API requests by worker pid: ${[...byPid].map(([pid, n]) => `${pid}: ${n}`).join(', ') || 'none'}`,
      );
      if (byPid.size < WORKERS)
        problems.push(`${host.name}: ${byPid.size} of its ${WORKERS} worker processes answered API requests`);
    }
    const client = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
    });
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).KeyCount ?? 0;
    client.destroy();
    say(`the bucket holds ${objects} objects`);
    // One photo is four objects (full, thumb, match, blur).
    if (objects < 4) problems.push(`the bucket holds ${objects} objects, fewer than one photo's four`);

    if (problems.length > 0) {
      say(`FAILED:\n  ${problems.join('\n  ')}\n  the hosts' logs: ${logPath}`);
      return 1;
    }
    passed = true;
    say('passed');
    return 0;
  } finally {
    await stopAll();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    say(`stopped${created ? `; database ${DATABASE} dropped` : ''}`);
    // The hosts' logs stay when something failed, for a look.
    rmSync(passed ? scratch : join(scratch, 's3'), { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`rehearsal failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
