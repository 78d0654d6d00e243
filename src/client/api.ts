/**
 * The browser's API client (SPEC §7 "General request rules"): JSON Accept header, up to 5
 * retries with exponentially growing delay, `X-Request-Type: client` on user.php, and the
 * 403 `authentication_required` rule, reported through `onAuthenticationRequired` so the
 * session store decides what a logout means. Answers are parsed through the contract.
 * Plain fetch, not a fetch library: what the members app loads up front is budgeted
 * (docs/decisions.md "Members app: JavaScript a member downloads").
 */
import * as z from 'zod/mini';
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
  call<Q extends z.core.$ZodType, B extends z.core.$ZodType, R extends z.core.$ZodType>(
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

/**
 * The URL with its query, as the server reads it: absent values left out, numbers and booleans
 * as text, a blank or null value as its bare key, a list as the key repeated, objects as JSON.
 */
export function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  const encode = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  const parts = Object.entries(query ?? {}).flatMap(([key, raw]) => {
    const value = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    const name = encodeURIComponent(key);
    if (raw === undefined) return [];
    if (!value) return [name];
    return Array.isArray(value) ? value.map((item) => `${name}=${encode(item)}`) : [`${name}=${encode(value)}`];
  });
  return parts.length === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

/** A failed request: the answer's status (0 without an answer) and its body, parsed like an answer. */
class RequestFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** The body of an answer: JSON (or text that is not JSON) as the server sent it; undefined without one. */
async function bodyOf(response: Response): Promise<unknown> {
  if (!response.body || [101, 204, 205, 304].includes(response.status)) return undefined;
  const type = response.headers.get('content-type')?.split(';')[0] ?? '';
  const text = await response.text();
  if (type && !/^application\/(?:[\w!#$%&*.^`~-]*\+)?json$/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const delay = options.delay ?? retryDelay;
  // Bound at call time, so a page (or test) that replaces fetch later is respected.
  const fetchOf = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** One call with its retries; answers the parsed body of a successful answer. */
  async function request(url: string, init: RequestInit, retryStatuses: readonly number[]): Promise<unknown> {
    const label = `[${init.method ?? 'GET'}] ${JSON.stringify(url)}`;
    for (let attempt = 1; ; attempt += 1) {
      let failure: RequestFailure;
      try {
        const response = await fetchOf(url, init);
        const data = await bodyOf(response);
        if (response.status < 400 || response.status >= 600) return data;
        failure = new RequestFailure(response.status, data, `${label}: ${response.status} ${response.statusText}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failure = new RequestFailure(0, undefined, `${label}: <no response> ${message}`);
        // A newer request of the same kind replaced this one: nothing to ask again.
        if (error instanceof Error && error.name === 'AbortError') throw failure;
      }
      // No answer counts as a server error: a read is asked again, a write is not.
      if (attempt > MAX_RETRIES || !retryStatuses.includes(failure.status || 500)) throw failure;
      const ms = delay(attempt);
      if (ms > 0) await wait(ms);
    }
  }

  return {
    async call(endpoint, input = {}) {
      const headers = new Headers({ Accept: ACCEPT });
      // SPEC §7: user.php always carries it. Writes carry it too: it is the server's CSRF
      // proof for a write without a JSON body (a browser form cannot set the header).
      const write = endpoint.method !== 'GET';
      if (write || new URL(endpoint.path, 'http://x').pathname.endsWith('user.php'))
        headers.set('X-Request-Type', 'client');
      const init: RequestInit = { method: endpoint.method, credentials: 'same-origin', headers };
      // A newer request of the same kind cancels this one (the webcam search).
      if (input.signal) init.signal = input.signal;
      // The call outlives the page (sent while the page is being left).
      if (input.keepalive) init.keepalive = true;
      // 429 is never retried: a daily limit or a rate limit is the answer the member must
      // see now, not after five more refusals.
      let retryStatuses = READ_RETRY_STATUSES;
      if (input.body !== undefined && write) {
        init.body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
        headers.set('Content-Type', 'application/json');
        // POST/PUT/DELETE are retried too: the server's writes are idempotent per request
        // or guarded; a lost answer must not lose the member's action.
        retryStatuses = WRITE_RETRY_STATUSES;
      }
      const url = withQuery(`${options.baseURL ?? ''}${endpoint.path}`, input.query as Record<string, unknown>);
      try {
        const data = await request(url, init, retryStatuses);
        return z.parse(endpoint.response, data);
      } catch (error) {
        throw toApiError(error, endpoint.path, options.onAuthenticationRequired);
      }
    },
  };
}

function toApiError(error: unknown, path: string, onAuthRequired?: (path: string) => void): unknown {
  if (!(error instanceof RequestFailure)) return error;
  const status = error.status;
  const parsed = z.safeParse(errorBody, error.data);
  const code = parsed.success ? parsed.data.error.code : status === 0 ? 'network' : 'internal';
  const message = parsed.success ? parsed.data.error.message : error.message;
  if (status === 403 && code === 'authentication_required' && !path.endsWith('user.php')) onAuthRequired?.(path);
  return new ApiError(status, code, message, parsed.success ? parsed.data.error.field : undefined);
}
