/**
 * The size limit of request bodies under /api/: JSON (and every other non-multipart body) is
 * at most JSON_BODY_MAX_BYTES, refused with 413 `payload_too_large` before it is read whole or
 * parsed. Multipart uploads (photos) pass here: their routes set their own, larger limit.
 */
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { fail } from './errors.ts';

/** The largest JSON body the API reads: far above any form, far below a memory problem. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

export const payloadTooLarge = () => fail('payload_too_large');

const limitJson = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw payloadTooLarge();
  },
});

export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // GET and HEAD carry no body (the Node adapter gives them none); asking would build a
  // full Request object per read call for nothing (the CPU profile in docs/decisions.md
  // 'Throughput under load').
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data')) return next();
  return limitJson(c, next);
};
