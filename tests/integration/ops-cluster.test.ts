/**
 * `npm run serve` with WEB_CONCURRENCY=2 on PostgreSQL (docs/operations.md "Several
 * processes"): two workers answer on one port; a worker killed with SIGKILL is replaced while
 * requests keep succeeding; the primary serves the workers' summed metrics; SIGTERM stops
 * everything within 10 s. Needs TEST_DATABASE_URL (a fresh database is created and dropped).
 * Without DATABASE_URL several workers are refused with a message naming the fix. Every way
 * of starting it gives the processes the V8 flags of SERVE_V8_FLAGS ("Memory of a process").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/env.ts';
import { SERVE_V8_FLAGS, workerCount, workerExecArgv } from '#src/server/platform/cluster.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const ROOT = join(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One request on a connection of its own (a pooled one could belong to the killed worker). */
function status(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.setTimeout(5_000, () => request.destroy(new Error('timeout')));
  });
}

/** The environment without REDIS_URL: realtime stays in each process (no Redis needed here). */
function withoutRedis(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'REDIS_URL'));
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('worker count', () => {
  it('refuses several workers on PGlite, naming DATABASE_URL', () => {
    expect(() => workerCount(loadConfig({ WEB_CONCURRENCY: '2' }))).toThrow(/needs DATABASE_URL.*PGlite/);
    expect(workerCount(loadConfig({}))).toBe(1);
    expect(workerCount(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://db/x' }))).toBe(3);
    expect(workerCount(loadConfig({ DATABASE_URL: 'postgres://db/x' }))).toBeGreaterThanOrEqual(1);
  });
});

describe('V8 flags of the serving processes', () => {
  it('gives workers the flags the primary lacks, and keeps those the operator set', () => {
    expect(SERVE_V8_FLAGS).toContain('--max-semi-space-size=16');
    const tsx = ['--import', 'tsx'];
    expect(workerExecArgv(tsx)).toEqual([...tsx, ...SERVE_V8_FLAGS]);
    expect(workerExecArgv([...tsx, ...SERVE_V8_FLAGS])).toEqual([...tsx, ...SERVE_V8_FLAGS]);
    expect(workerExecArgv(['--max_semi_space_size=64', ...tsx])).toEqual(['--max_semi_space_size=64', ...tsx]);
    expect(workerExecArgv(tsx, '--max-semi-space-size=64 --no-warnings')).toEqual(tsx);
  });

  it('starts npm run serve and the container with them', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    for (const flag of SERVE_V8_FLAGS) {
      expect(manifest.scripts['serve']?.split(' ')).toContain(flag);
      expect(JSON.parse(command ?? '[]')).toContain(flag);
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('npm run serve with two workers (needs TEST_DATABASE_URL)', () => {
  const name = `ops_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  let dataDir: string;
  let primary: ChildProcess;
  let port: number;
  let metricsPort: number;
  const lines: Record<string, unknown>[] = [];
  let output = '';
  let exited: Promise<number | null>;

  /** Waits for a log line matching `test` (checking those already seen). */
  function logLine(test: (line: Record<string, unknown>) => boolean, timeoutMs = 90_000) {
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const found = lines.find(test);
        if (found) return resolve(found);
        if (primary.exitCode !== null) return reject(new Error(`serve exited with ${primary.exitCode}`));
        if (Date.now() - started > timeoutMs) return reject(new Error('no such log line'));
        setTimeout(poll, 100);
      };
      poll();
    });
  }

  beforeAll(async () => {
    await admin(TEST_DATABASE_URL!, (c) => c.query(`create database "${name}"`));
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    dataDir = await mkdtemp(join(tmpdir(), 'flirt-cluster-'));
    [port, metricsPort] = [await freePort(), await freePort()];
    primary = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
      cwd: ROOT,
      env: {
        ...withoutRedis(process.env),
        NODE_ENV: 'test',
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        SITES_DIR: join(dataDir, 'sites'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
    let buffered = '';
    primary.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      output += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) {
        if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
    });
    primary.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const listening = (line: Record<string, unknown>) => line['msg'] === 'worker listening';
    await logLine((line) => listening(line) && lines.filter(listening).length >= 2);
  }, 120_000);

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    await admin(TEST_DATABASE_URL!, (c) => c.query(`drop database if exists "${name}" with (force)`));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on one port from two workers, replaces a killed one, and stops within 10 s', async () => {
    expect(await status(port, '/readyz')).toBe(200);
    expect(output).toContain(`Serving on http://localhost:${port} (test, 2 worker processes)`);
    const workers = lines.filter((line) => line['msg'] === 'worker listening').map((line) => line['workerPid']);
    expect(new Set(workers).size).toBe(2);
    // Started here without them, the primary gives its workers the V8 flags.
    for (const pid of workers) {
      const argv = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').split('\0');
      for (const flag of SERVE_V8_FLAGS) expect(argv).toContain(flag);
    }
    const victim = workers[0] as number;
    process.kill(victim, 'SIGKILL');
    // A connection handed to the worker in the instant it dies is lost with it (the proxy in
    // front retries: docs/operations.md "Several processes"); once the primary saw it die,
    // every request goes to the live worker.
    expect(await logLine((line) => line['msg'] === 'worker died; starting another')).toMatchObject({
      workerPid: victim,
      signal: 'SIGKILL',
    });

    // Requests keep succeeding while the replacement starts.
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      answers.push(await status(port, '/healthz'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answers.every((code) => code === 200)).toBe(true);
    const replacement = await logLine(
      (line) => line['msg'] === 'worker listening' && !workers.includes(line['workerPid']),
    );
    expect(replacement['workerPid']).not.toBe(victim);
    expect(await status(port, '/readyz')).toBe(200);

    // The primary sums the workers' metrics.
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const text = await metrics.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);

    const stopping = Date.now();
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 120_000);
});
