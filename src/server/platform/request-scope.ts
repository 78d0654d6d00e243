/**
 * The first middleware of every request: its id (a sane incoming `X-Request-Id`, else a new
 * UUID), echoed in the answer and held in ./log.ts's AsyncLocalStorage so every log line of
 * the request carries it; when it is answered, one access line (method, route pattern,
 * status, milliseconds: no path, query, address or body) and the request metrics.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '#src/server/http/context.ts';
import { setAnswerHeader } from '#src/server/http/headers.ts';
import { log, requestIds } from './log.ts';
import { httpDuration, httpRequests, paymentWebhooks } from './metrics.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's or client's request id may look like to be kept (no spaces, no `@`, short). */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the incoming header when sane, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  const trimmed = incoming?.trim();
  return trimmed && SANE_ID.test(trimmed) ? trimmed : randomUUID();
}

/** The pattern of the route that answered ('/api/*' for the API's not-found, '*' for pages). */
export function routePattern(c: Context<AppEnv>): string {
  return routePath(c) || 'unmatched';
}

const PAYMENT_WEBHOOK_PATH = '/api/payment-webhook.php';

export const requestScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = requestIdOf(c.req.header('x-request-id'));
  const started = performance.now();
  await requestIds.run(requestId, async () => {
    await next();
    setAnswerHeader(c, REQUEST_ID_HEADER, requestId);
    const route = routePattern(c);
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    httpRequests.inc({ method: c.req.method, route, status: String(status) });
    httpDuration.observe({ method: c.req.method, route }, seconds);
    if (route === PAYMENT_WEBHOOK_PATH) paymentWebhooks.inc({ status: String(status) });
    log.info({ method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
  });
};
