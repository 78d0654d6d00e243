/**
 * The browser's API client (SPEC §7 "General request rules"): JSON Accept header, up to 5
 * retries with exponentially growing delay, `X-Request-Type: client` on user.php, and the
 * 403 `authentication_required` rule, reported through `onAuthenticationRequired` so the
 * session store decides what a logout means. Answers are parsed through the contract.
 */
import { ofetch, FetchError, type $Fetch, type FetchOptions } from 'ofetch';
import type { z } from 'zod';
import { errorBody, type Endpoint } from '#src/contract/define.ts';

export const ACCEPT = 'application/json, text/plain, */*';
export const MAX_RETRIES = 5;

/** Delay before retry n (1-based): 250 ms, 500 ms, 1 s, 2 s, 4 s. */
export function retryDelay(attempt: number): number {
  return 250 * 2 ** Math.max(0, attempt - 1);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  /** Called on a 403 authentication_required answer from any path but user.php. */
  onAuthenticationRequired?: (path: string) => void;
  /** Injected for tests. */
  fetch?: typeof globalThis.fetch;
  /** Injected for tests: defaults to `retryDelay`. */
  delay?: (attempt: number) => number;
}

/** Answers worth asking again: timeouts, a gateway or server that may come back. */
const READ_RETRY_STATUSES = [408, 425, 500, 502, 503, 504];
/** A write is not repeated after a 500: it may have been carried out. */
const WRITE_RETRY_STATUSES = [408, 425, 502, 503, 504];

export interface ApiClient {
  call<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<Q, B, R>,
    input?: {
      query?: z.input<Q>;
      body?: z.input<B>;
      signal?: AbortSignal;
      /** The call outlives the page (sent while the page is being left). */
      keepalive?: boolean;
    },
  ): Promise<z.output<R>>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const delay = options.delay ?? retryDelay;
  const $fetch: $Fetch = ofetch.create(
    {
      baseURL: options.baseURL ?? '',
      credentials: 'same-origin',
      headers: { Accept: ACCEPT },
      retry: MAX_RETRIES,
      // ofetch decrements options.retry after asking for the delay: attempt = MAX - left + 1.
      retryDelay: (context) => delay(MAX_RETRIES - (Number(context.options.retry) || 0) + 1),
      onRequest({ request, options: o }) {
        const path = typeof request === 'string' ? request : request.url;
        // SPEC §7: user.php always carries it. Writes carry it too: it is the server's CSRF
        // proof for a write without a JSON body (a browser form cannot set the header).
        const write = (o.method ?? 'GET').toUpperCase() !== 'GET';
        if (write || new URL(path, 'http://x').pathname.endsWith('user.php')) {
          o.headers = new Headers(o.headers);
          o.headers.set('X-Request-Type', 'client');
        }
      },
    },
    // Bound at call time, so a page (or test) that replaces fetch later is respected.
    { fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) },
  );

  return {
    async call(endpoint, input = {}) {
      // 429 is never retried: a daily limit or a rate limit is the answer the member must
      // see now, not after five more refusals.
      const init: FetchOptions<'json'> = { method: endpoint.method, retryStatusCodes: READ_RETRY_STATUSES };
      if (input.query) init.query = input.query as Record<string, unknown>;
      // A newer request of the same kind cancels this one (the webcam search).
      if (input.signal) init.signal = input.signal;
      if (input.keepalive) init.keepalive = true;
      if (input.body !== undefined && endpoint.method !== 'GET') {
        init.body = input.body as Record<string, unknown>;
        // POST/PUT/DELETE are retried too: the server's writes are idempotent per request
        // or guarded; a lost answer must not lose the member's action.
        init.retryStatusCodes = WRITE_RETRY_STATUSES;
      }
      try {
        const data: unknown = await $fetch(endpoint.path, init);
        return endpoint.response.parse(data);
      } catch (error) {
        throw toApiError(error, endpoint.path, options.onAuthenticationRequired);
      }
    },
  };
}

function toApiError(error: unknown, path: string, onAuthRequired?: (path: string) => void): unknown {
  if (!(error instanceof FetchError)) return error;
  const status = error.statusCode ?? 0;
  const parsed = errorBody.safeParse(error.data);
  const code = parsed.success ? parsed.data.error.code : status === 0 ? 'network' : 'internal';
  const message = parsed.success ? parsed.data.error.message : error.message;
  if (status === 403 && code === 'authentication_required' && !path.endsWith('user.php')) onAuthRequired?.(path);
  return new ApiError(status, code, message, parsed.success ? parsed.data.error.field : undefined);
}
