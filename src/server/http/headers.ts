/**
 * Answer headers shared by the app's middleware and handlers.
 *
 * Headers set by middleware after the handler answered (`await next()`): Hono's c.header()
 * at that point copies the finished answer into a new Response with a streamed body, which
 * @hono/node-server then writes on its slow path (a profile of the load benchmark showed
 * about a sixth of the CPU there). Setting the header on the answer itself costs nothing.
 */
/** What of a Hono context this needs (any route's context fits). */
interface Answering {
  res: Response;
  header(name: string, value: string): void;
}

/** Sets a header on the finished answer (falls back to c.header for an immutable one). */
export function setAnswerHeader(c: Answering, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * The compression a request's Accept-Encoding takes, brotli before gzip (what the static
 * server and the cached site answers offer); null for none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}
