/**
 * A graceful shutdown of one server process (docs/operations.md "Several processes"; /readyz
 * answering 503 draining meanwhile: ops-health.test.ts): open event streams end (their browsers reconnect after the `retry:` hint
 * each stream opened with, and replay from their cursor), the server stops accepting, and
 * everything is closed well within the 10 s an orchestrator allows; the open-streams gauge
 * follows the streams.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { createSession } from '#src/server/features/accounts/sessions.ts';
import { startServer, type RunningServer } from '#src/server/main.ts';
import { metricsText } from '#src/server/platform/metrics.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let server: RunningServer;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  // The test app closes the database itself, after the server is gone.
  const database = { ...t.database, close: () => Promise.resolve() };
  server = await startServer({ ...t.config, port: 0, host: '127.0.0.1' }, database);
});
afterAll(() => t.close());

function openStreams(text: string): number {
  const line = text.split('\n').find((l) => l.startsWith('events_open_streams '));
  return Number(line?.split(' ')[1] ?? 'NaN');
}

/** Opens the member's event stream; resolves with what it received once the server ends it. */
function openStream(token: string): Promise<{ firstChunk: Promise<string>; ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/events.php',
        headers: { host: 'default.localhost', cookie: `${AUTH_COOKIE_NAME}=${token}`, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`events.php answered ${response.statusCode}`));
        let received = '';
        let first!: (chunk: string) => void;
        const firstChunk = new Promise<string>((r) => (first = r));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          first(received);
        });
        resolve({ firstChunk, ended: new Promise((r) => response.on('end', () => r(received))) });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the server', () => {
  it('answers every request with one X-Request-Id, the sane incoming one kept', async () => {
    const kept = await fetch(`http://127.0.0.1:${server.port}/healthz`, {
      headers: { 'x-request-id': 'lb-0123456789' },
    });
    expect(kept.headers.get('x-request-id')).toBe('lb-0123456789');
    const made = await fetch(`http://127.0.0.1:${server.port}/no-such-file.txt`, { headers: { host: 'localhost' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a graceful shutdown', () => {
  it('ends event streams with their reconnect hint sent, refuses new connections and closes within 10 s', async () => {
    const member = await createTestMember(t);
    // The server runs on the real clock (the test app's is fixed in the past).
    const stream = await openStream(await createSession(t.db, member.accountId, new Date()));
    // The hint comes first: the browser knows how long to wait before it comes back.
    expect(await stream.firstChunk).toMatch(/^retry: \d+\n\n/);
    expect(openStreams(await metricsText())).toBe(1);

    const started = Date.now();
    const closing = server.close();
    await stream.ended;
    await closing;
    // Well within 10 s, and not waiting for the ended stream's keep-alive connection (5 s).
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(openStreams(await metricsText())).toBe(0);
    // No new connections once it closed.
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
  });
});
