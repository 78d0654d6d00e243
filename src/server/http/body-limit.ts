/**
 * The size limit of request bodies under /api/: every body is at most JSON_BODY_MAX_BYTES,
 * refused with 413 `payload_too_large` as soon as its declared size (Content-Length) or the
 * bytes streamed so far (chunked) pass it, before it is read whole or parsed, whatever its
 * content type. Only the upload endpoints (platform/multipart.ts, each declared here by
 * `acceptMultipart`) take a multipart POST past this limit: their route enforces its own,
 * larger one while the body streams in (docs/security.md). A 413 closes the connection, so
 * the rest of a large body is not read either.
 */
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { errorResponse, fail, HttpError } from './errors.ts';
import { setAnswerHeader } from './headers.ts';

/** The largest JSON body the API reads: far above any form, far below a memory problem. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

export const payloadTooLarge = () => fail('payload_too_large');

const limitJson = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** POST paths of the upload endpoints, whose multipart bodies keep their route's own limit. */
const multipartPaths = new Set<string>();

/** Declares `path` an upload endpoint: its multipart POSTs pass this limit (multipartRoute's). */
export function acceptMultipart(path: string): void {
  multipartPaths.add(path);
}

export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // GET and HEAD carry no body (the Node adapter gives them none); asking would build a
  // full Request object per read call for nothing (the CPU profile in docs/decisions.md
  // 'Throughput under load').
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (c.req.method === 'POST' && multipartPaths.has(c.req.path) && type.startsWith('multipart/form-data')) {
    return next();
  }
  try {
    await limitJson(c, next);
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'payload_too_large') throw error;
    c.res = errorResponse(c, error);
    setAnswerHeader(c, 'Connection', 'close');
  }
};
