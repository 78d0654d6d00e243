/**
 * The load balancer's and orchestrator's questions (docs/operations.md "Health endpoints"):
 * GET /healthz: the process is alive and answering (no dependency asked: a database outage
 * must not get every process restarted); GET /readyz: it can serve, i.e. the database answers
 * a query, Redis a PING (with REDIS_URL) and photo storage takes a write, each within
 * READY_TIMEOUT_MS; 503 naming the failed checks otherwise, and while the process shuts down.
 * Reasons go to the log, not into the answer (they name internal hosts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createClient } from 'redis';
import type { AppDeps, AppEnv } from '#src/server/http/context.ts';
import { log } from './log.ts';

/** How long one dependency may take to answer before it counts as failed. */
export const READY_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | 'failed' | 'timeout' | 'skipped';

/** Processes shutting down (their app's deps): /readyz answers 503 draining. */
const draining = new WeakSet<AppDeps>();

/** From now on /readyz of this app answers 503, so the load balancer stops sending requests. */
export function markDraining(deps: AppDeps): void {
  draining.add(deps);
}

async function within(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([check().then(() => 'ok' as const), timeout]);
    if (result === 'timeout') log.warn({ check: name }, 'readiness check timed out');
    return result;
  } catch (error) {
    log.warn({ check: name, reason: error instanceof Error ? error.message : 'unknown' }, 'readiness check failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

async function pingRedis(url: string): Promise<void> {
  // A connection of its own per check: no client to keep alive or reconnect between probes.
  const redis = createClient({ url, socket: { connectTimeout: READY_TIMEOUT_MS, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`Redis answered ${answer}`);
  } finally {
    if (redis.isOpen) redis.destroy();
  }
}

/**
 * A key the storage providers take (an object key, src/server/providers/storage/types.ts),
 * random per check: processes of several hosts share one bucket (and may share a pid).
 */
const probeKey = () => `readyprobe${randomBytes(8).toString('hex')}.jpg`;

async function probeStorage(deps: AppDeps): Promise<void> {
  const key = probeKey();
  const bytes = new TextEncoder().encode('ready');
  await deps.photoStorage.put(key, bytes, 'image/jpeg');
  let back: Uint8Array | null;
  try {
    back = await deps.photoStorage.get(key);
  } finally {
    await deps.photoStorage.delete(key);
  }
  if (!back || back.length !== bytes.length) throw new Error('storage did not give back what it took');
}

/** Every readiness check of an app: database, Redis (when configured), storage. */
export async function readiness(deps: AppDeps): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
  const { redisUrl } = deps.config;
  const [database, redis, storage] = await Promise.all([
    within('database', () => deps.database.db.execute(sql`select 1`)),
    redisUrl ? within('redis', () => pingRedis(redisUrl)) : Promise.resolve<CheckResult>('skipped'),
    within('storage', () => probeStorage(deps)),
  ]);
  const checks = { database, redis, storage };
  const ready = !draining.has(deps) && Object.values(checks).every((r) => r === 'ok' || r === 'skipped');
  return { ready, checks };
}

export function registerHealthRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'alive' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { ready, checks } = await readiness(deps);
    if (ready) return c.json({ status: 'ready', checks });
    const status = draining.has(deps) ? 'draining' : 'unavailable';
    return c.json({ status, checks }, 503);
  });
}
