/**
 * The database is away (docs/operations.md "Faults"): a request whose query could not reach
 * PostgreSQL (connection refused or cut, the server shutting down or starting up, no pooled
 * connection within the pool's 3 s: src/server/db/client.ts) answers 503 `unavailable` with `Retry-After`,
 * never 500: it is no bug, and it passes by itself. The browser's API client asks again after
 * a 503 (src/client/api.ts); a load balancer reads /readyz (platform/health.ts) meanwhile.
 * The one place that tells these errors apart: the app's error handler calls it.
 */
import type { Context } from 'hono';
import { errorResponse, fail } from '#src/server/http/errors.ts';
import { StorageUnavailableError } from '#src/server/providers/storage/index.ts';
import { log } from './log.ts';

/** Seconds a client is asked to wait before it tries again. */
export const RETRY_AFTER_S = 5;

/** Socket errors of a server that is not there (or went away). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01–57P03
 * (shut down by an administrator or a crash, cannot connect now: starting up or shutting
 * down), 53300 (too many connections).
 */
function unavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres and its pool say so in words only. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether the error (or one of its causes) means the database or the photo storage could not
 * be reached (a StorageUnavailableError of the storage providers; an upload that knows it
 * answers its own `storage_unavailable` first).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof StorageUnavailableError) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || unavailableState(code))) return true;
    if (LOST_CONNECTION.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

let lastLogged = 0;

/** The 503 answer; the reason is logged (at most every few seconds: an outage repeats it). */
export function unavailableResponse(c: Context, error: unknown): Response {
  const now = Date.now();
  if (now - lastLogged > RETRY_AFTER_S * 1000) {
    lastLogged = now;
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : 'unknown';
    const service = error instanceof StorageUnavailableError ? 'photo storage' : 'database';
    log.warn({ area: 'api', method: c.req.method, path: c.req.path, reason }, `${service} unavailable; answering 503`);
  }
  c.header('Retry-After', String(RETRY_AFTER_S));
  c.header('Cache-Control', 'no-store');
  return errorResponse(c, fail('unavailable'));
}
