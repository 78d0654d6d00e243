/**
 * /healthz and /readyz (docs/operations.md "Health endpoints"): alive without asking any
 * dependency; ready only when the database, Redis (with REDIS_URL) and photo storage answer,
 * else 503 naming the failed check; 503 draining once the process shuts down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/server/db/client.ts';
import { markDraining } from '#src/server/platform/health.ts';
import { createTestApp, type TestApp } from './harness.ts';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'];

const brokenDb = new Proxy(Object.create(null) as object, {
  get() {
    throw new Error('connection to db-internal.example:5432 refused');
  },
}) as Db;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * /readyz of an app after a first call that opens its pool connection and loads the checks:
 * on a loaded machine that first call alone can pass the 2 s a check may take.
 */
async function readyz(app: TestApp): Promise<Response> {
  await (await app.request('/readyz')).arrayBuffer();
  return app.request('/readyz');
}

async function body(response: Response): Promise<{ status: string; checks?: Record<string, string> }> {
  return (await response.json()) as { status: string; checks?: Record<string, string> };
}

describe('/healthz', () => {
  it('answers alive, uncached, without asking the database', async () => {
    const broken = await createTestApp({ deps: (deps) => ({ ...deps, database: { ...deps.database, db: brokenDb } }) });
    try {
      const response = await broken.request('/healthz');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await body(response)).toEqual({ status: 'alive' });
    } finally {
      await broken.close();
    }
  });
});

describe('/readyz', () => {
  it('answers ready when the database and storage answer (Redis skipped without REDIS_URL)', async () => {
    await readyz(t);
    const response = await t.request('/readyz', { host: 'unknown.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await body(response)).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'skipped', storage: 'ok' },
    });
  });

  it('answers 503 naming the database when it fails, without the reason', async () => {
    const broken = await createTestApp({ deps: (deps) => ({ ...deps, database: { ...deps.database, db: brokenDb } }) });
    try {
      const response = await readyz(broken);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', redis: 'skipped', storage: 'ok' },
      });
      expect(text).not.toContain('db-internal');
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming storage when photos cannot be written', async () => {
    const broken = await createTestApp({
      deps: (deps) => ({
        ...deps,
        photoStorage: { ...deps.photoStorage, put: () => Promise.reject(new Error('EROFS: read-only file system')) },
      }),
    });
    try {
      const response = await readyz(broken);
      expect(response.status).toBe(503);
      expect((await body(response)).checks).toEqual({ database: 'ok', redis: 'skipped', storage: 'failed' });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming Redis when REDIS_URL points nowhere', async () => {
    const broken = await createTestApp({
      deps: (deps) => ({ ...deps, config: { ...deps.config, redisUrl: 'redis://127.0.0.1:1' } }),
    });
    try {
      const response = await readyz(broken);
      expect(response.status).toBe(503);
      // Refused at once, or (on a starved machine) not answered in time: either way not ready.
      const { checks } = await body(response);
      expect(checks).toMatchObject({ database: 'ok', storage: 'ok' });
      expect(['failed', 'timeout']).toContain(checks?.['redis']);
    } finally {
      await broken.close();
    }
  });

  it.skipIf(!REDIS_URL)('pings Redis when REDIS_URL is set (needs TEST_REDIS_URL)', async () => {
    const withRedis = await createTestApp({
      deps: (deps) => ({ ...deps, config: { ...deps.config, redisUrl: REDIS_URL } }),
    });
    try {
      const response = await readyz(withRedis);
      expect((await body(response)).checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
    } finally {
      await withRedis.close();
    }
  });

  it('answers 503 draining once the process shuts down, while /healthz stays alive', async () => {
    const closing = await createTestApp();
    try {
      markDraining(closing.deps);
      const response = await readyz(closing);
      expect(response.status).toBe(503);
      expect((await body(response)).status).toBe('draining');
      expect((await closing.request('/healthz')).status).toBe(200);
    } finally {
      await closing.close();
    }
  });
});
