/**
 * The operators' log (docs/operations.md "Logs"): JSON lines, each of a request carrying its
 * id (echoed in X-Request-Id), and no personal data in them even when an error message holds
 * an e-mail address.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '#src/server/http/context.ts';
import { log, logTo, routeConsoleToLog, scrub, setLogLevel } from '#src/server/platform/log.ts';
import { requestScope } from '#src/server/platform/request-scope.ts';
import { createTestApp, type TestApp } from './harness.ts';

const EMAIL = 'victim@example.test';

let t: TestApp;
let lines: Record<string, unknown>[] = [];
let restore: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function collect(): void {
  lines = [];
  restore = logTo({ write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  setLogLevel('info');
}
afterEach(() => {
  restore();
  setLogLevel('warn');
});

describe('request ids', () => {
  it('makes one per request, echoes it and puts it on the access line', async () => {
    collect();
    const first = await t.request('/api/user.php');
    const second = await t.request('/api/user.php');
    const [a, b] = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
    const access = lines.find((line) => line['requestId'] === a);
    expect(access).toMatchObject({ msg: 'request', method: 'GET', route: '/api/user.php', status: first.status });
  });

  it('keeps a sane incoming id and replaces one that is not', async () => {
    const kept = await t.request('/healthz', { headers: { 'x-request-id': 'edge-4f1c2a9b-77' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-4f1c2a9b-77');
    const replaced = await t.request('/healthz', { headers: { 'x-request-id': `${EMAIL} injected` } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives every line logged while serving a request that request's id, console lines too", async () => {
    collect();
    const unroute = routeConsoleToLog();
    const app = new Hono<AppEnv>();
    app.use('*', requestScope);
    app.get('/work', async (c) => {
      console.error('[demo] before a wait');
      await delay(5);
      log.warn('after a wait');
      return c.text('done');
    });
    try {
      console.error('[demo] outside any request');
      const [one, two] = await Promise.all([
        app.request('/work', { headers: { 'x-request-id': 'trace-0000000001' } }),
        app.request('/work', { headers: { 'x-request-id': 'trace-0000000002' } }),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
    } finally {
      unroute();
    }
    const outside = lines.find((line) => line['msg'] === 'outside any request');
    expect(outside).toMatchObject({ level: 'error', area: 'demo' });
    expect(outside).not.toHaveProperty('requestId');
    for (const id of ['trace-0000000001', 'trace-0000000002']) {
      const ofRequest = lines.filter((line) => line['requestId'] === id).map((line) => line['msg']);
      expect(ofRequest).toEqual(['before a wait', 'after a wait', 'request']);
    }
  });
});

describe('console lines of the features', () => {
  it('keep the keys of a JSON alert line and the area of a tagged one', () => {
    collect();
    const unroute = routeConsoleToLog();
    try {
      console.warn(JSON.stringify({ alert: 'sms_burst', by: 'prefix', prefix: '+31 6123', limit: 5 }));
      console.error('[billing] order %s: provider could not be asked', 'ord_1', new TypeError('boom'));
    } finally {
      unroute();
    }
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'alert', alert: 'sms_burst', prefix: '+31 6123', limit: 5 });
    expect(lines[1]).toMatchObject({ level: 'error', area: 'billing' });
    expect(String(lines[1]?.['msg'])).toMatch(/^order ord_1: provider could not be asked TypeError: boom/);
  });
});

describe('no personal data', () => {
  it('scrubs e-mail and IP addresses, tokens and URL credentials from messages and fields', () => {
    collect();
    log.error(
      { reason: `no account for ${EMAIL} from 203.0.113.7`, email: EMAIL, nested: { token: 'abc', ip: '2001:db8::1' } },
      `login of ${EMAIL} failed: postgres://app:s3cret@db:5432/x?token=abcdef Bearer eyJhbGciOi`,
    );
    const text = JSON.stringify(lines);
    for (const secret of [EMAIL, '203.0.113.7', '2001:db8::1', 's3cret', 'abcdef', 'eyJhbGciOi', '"abc"']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[email]');
    expect(scrub('at 12:00:00 on 2025-06-01T12:00:00.000Z')).toBe('at 12:00:00 on 2025-06-01T12:00:00.000Z');
  });

  it('logs an unexpected error of a request with its id, never the e-mail in its message', async () => {
    collect();
    const failing = await createTestApp({
      deps: (deps) => ({
        ...deps,
        database: {
          ...deps.database,
          db: new Proxy(deps.database.db, {
            get() {
              throw new Error(`duplicate key for ${EMAIL}`);
            },
          }),
        },
      }),
    });
    try {
      const response = await failing.request('/api/settings.php', { headers: { 'x-request-id': 'failing-request-1' } });
      expect(response.status).toBe(500);
      const failure = lines.find((line) => line['msg'] === 'request failed');
      expect(failure).toMatchObject({ level: 'error', requestId: 'failing-request-1', area: 'api' });
      expect(String(failure?.['error'])).toContain('duplicate key for [email]');
      expect(JSON.stringify(lines)).not.toContain(EMAIL);
    } finally {
      await failing.close();
    }
  });
});
