/**
 * Prometheus metrics (docs/operations.md "Metrics"): on a port of their own, loopback by
 * default; requests counted and timed by route pattern (never the raw path), error answers by
 * code, payment webhooks, hourly job runs and the process's own metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/env.ts';
import { runHourlyTasks } from '#src/server/jobs/hourly.ts';
import { collectProcessMetrics, startMetricsServer } from '#src/server/platform/metrics.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let metrics: { port: number; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  collectProcessMetrics();
  metrics = await startMetricsServer(0, '127.0.0.1');
});
afterAll(async () => {
  await metrics.close();
  await t.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series, 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics server', () => {
  it('listens on loopback unless METRICS_HOST says otherwise, and is off without METRICS_PORT', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('answers /metrics only', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts requests by route pattern and status, times them, and counts errors by code', async () => {
    const series = 'http_requests_total{method="GET",route="/api/user.php",status="403"}';
    const before = await scrape();
    await t.request('/api/user.php?email=someone%40example.test');
    await t.request('/api/user.php');
    await t.request('/api/no-such-call-4711.php');
    const after = await scrape();
    expect(valueOf(after, series) - valueOf(before, series)).toBe(2);
    // Unknown calls count under the catch-all's pattern: the raw path is never a label.
    expect(after).toContain('route="/api/*"');
    expect(after).not.toContain('no-such-call-4711');
    expect(after).not.toContain('example.test');
    const authErrors = 'http_errors_total{code="authentication_required",status="403"}';
    expect(valueOf(after, authErrors) - valueOf(before, authErrors)).toBe(2);
    expect(valueOf(after, 'http_request_duration_seconds_count{method="GET",route="/api/user.php"}')).toBeGreaterThan(
      valueOf(before, 'http_request_duration_seconds_count{method="GET",route="/api/user.php"}'),
    );
  });

  it('counts payment webhooks by status', async () => {
    const before = await scrape();
    const response = await t.request('/api/payment-webhook.php', { method: 'POST', body: 'id=tr_unknown' });
    const after = await scrape();
    const series = `payment_webhooks_total{status="${response.status}"}`;
    expect(valueOf(after, series) - valueOf(before, series)).toBe(1);
  });

  it('counts hourly job runs by task and outcome, with their duration', async () => {
    const before = await scrape();
    await runHourlyTasks(
      t.deps,
      [
        { name: 'metrics-ok', run: () => Promise.resolve() },
        { name: 'metrics-broken', run: () => Promise.reject(new Error('disk full')) },
      ],
      () => undefined,
    );
    const after = await scrape();
    expect(valueOf(after, 'job_runs_total{job="metrics-ok",outcome="ok"}')).toBe(1);
    expect(valueOf(after, 'job_runs_total{job="metrics-broken",outcome="failed"}')).toBe(1);
    expect(valueOf(after, 'job_duration_seconds_count{job="metrics-ok"}')).toBe(1);
    expect(before).not.toContain('metrics-ok');
  });

  it("carries the process's own metrics and the gauges of streams and the database pool", async () => {
    const text = await scrape();
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'events_open_streams']) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect(text).toContain('# TYPE db_pool_connections gauge');
  });
});
