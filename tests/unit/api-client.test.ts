import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT, MAX_RETRIES, createApiClient, retryDelay, ApiError, withQuery } from '#src/client/api.ts';
import { getInterests, getRegions } from '#src/contract/site.ts';
import { getUser } from '#src/contract/user.ts';
import { postActivationMail } from '#src/contract/accounts.ts';
import { $session, loadSession, onAuthenticationRequired } from '#src/stores/session.ts';
import { testEnvironment } from './test-environment.ts';

type Call = { url: string; headers: Headers; method: string };

/** A fetch that answers from a script of responses and records what it was asked. */
function scriptedFetch(responses: (() => Response)[]) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, headers: request.headers, method: request.method });
    const next = responses.shift();
    if (!next) return Promise.reject(new Error('no more responses'));
    return Promise.resolve(next());
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const authRequired = json(403, { error: { code: 'authentication_required', message: 'Please log in to continue.' } });
const user = {
  id: 'u1',
  name: 'Anna',
  email: 'anna@example.com',
  credits: 5,
  paid_user: false,
  status: 'confirmed',
  role: 'member',
  signup_date: '2026-01-01T00:00:00.000Z',
  notifications_disabled: [],
  fictional_icon: 'mask',
  language: 'en',
  profile: { id: 'p1', name: 'Anna', country: 'NL', status: 'active', main_image: null },
};

afterEach(() => $session.set({ status: 'loading' }));

describe('API client', () => {
  it('asks for JSON and grows the delay between five retries', async () => {
    const { fetch, calls } = scriptedFetch([
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(200, { regions: { NL: [{ id: 1, name: 'Drenthe' }] } }),
    ]);
    const delays: number[] = [];
    const api = createApiClient({ baseURL: 'http://site.test', fetch, delay: (n) => (delays.push(retryDelay(n)), 0) });
    const answer = await api.call(getRegions);
    expect(answer.regions['NL']?.[0]?.name).toBe('Drenthe');
    expect(calls).toHaveLength(MAX_RETRIES + 1);
    expect(calls[0]?.headers.get('accept')).toBe(ACCEPT);
    expect(delays).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('gives up after five retries with the error of the last answer', async () => {
    const { fetch, calls } = scriptedFetch(
      Array.from({ length: 6 }, () => json(503, { error: { code: 'internal', message: 'down' } })),
    );
    const api = createApiClient({ baseURL: 'http://site.test', fetch, delay: () => 0 });
    await expect(api.call(getInterests)).rejects.toMatchObject({ status: 503, code: 'internal', message: 'down' });
    expect(calls).toHaveLength(6);
  });

  it('shows a limit at once: a 429 answer is not asked again, read or write', async () => {
    const limit = json(429, { error: { code: 'daily_limit', message: 'You can give out 4 Likes per day.' } });
    const { fetch, calls } = scriptedFetch([limit, limit]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch, delay: () => 0 });
    await expect(api.call(getInterests)).rejects.toMatchObject({ status: 429, code: 'daily_limit' });
    await expect(api.call(postActivationMail, { body: {} })).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(2);
  });

  it('marks user.php requests as client requests, and only those', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { user }), json(200, { interests: [] })]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch });
    await api.call(getUser);
    await api.call(getInterests);
    expect(calls[0]?.headers.get('x-request-type')).toBe('client');
    expect(calls[1]?.headers.get('x-request-type')).toBeNull();
  });

  it('marks writes as client requests, so a write without a body passes the CSRF guard', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { sent: true })]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch });
    await api.call(postActivationMail);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('x-request-type')).toBe('client');
  });

  it('rejects an answer that breaks the contract', async () => {
    const { fetch } = scriptedFetch([json(200, { interests: [{ key: 'sex' }] })]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch });
    await expect(api.call(getInterests)).rejects.toThrow();
  });
});

describe('requests as fetch sends them', () => {
  it('writes the query as the server reads it', () => {
    expect(withQuery('/api/search.php', { a: 'x y', b: 2, c: true, d: undefined, e: '', f: null, g: ['1', '2'] })).toBe(
      '/api/search.php?a=x%20y&b=2&c=true&e&f&g=1&g=2',
    );
    expect(withQuery('/api/x.php', {})).toBe('/api/x.php');
    expect(new URL(withQuery('http://x/p', { q: 'ä&=+' })).searchParams.get('q')).toBe('ä&=+');
  });

  it('sends a body as JSON and parses the answer', async () => {
    const seen: { type: string | null; body: string }[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push({ type: request.headers.get('content-type'), body: await request.text() });
      return json(200, { sent: true })();
    });
    const api = createApiClient({ baseURL: 'http://site.test', fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(api.call(postActivationMail, { body: {} })).resolves.toEqual({ sent: true });
    expect(seen).toEqual([{ type: 'application/json', body: '{}' }]);
  });

  it('asks again when no answer came to a read, not to a write; an aborted call is not asked again', async () => {
    let calls = 0;
    const offline = vi.fn(() => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const api = createApiClient({ fetch: offline as unknown as typeof globalThis.fetch, delay: () => 0 });
    await expect(api.call(getInterests)).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(calls).toBe(MAX_RETRIES + 1);
    calls = 0;
    await expect(api.call(postActivationMail, { body: {} })).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(calls).toBe(1);
    calls = 0;
    const aborted = vi.fn(() => {
      calls += 1;
      return Promise.reject(new DOMException('replaced', 'AbortError'));
    });
    const abortable = createApiClient({ fetch: aborted as unknown as typeof globalThis.fetch, delay: () => 0 });
    await expect(abortable.call(getInterests)).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(calls).toBe(1);
  });

  it('keeps an error answer that is not JSON as an internal error with its status', async () => {
    const { fetch } = scriptedFetch([
      () => new Response('Bad gateway', { status: 400, headers: { 'content-type': 'text/html' } }),
    ]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch });
    await expect(api.call(getInterests)).rejects.toMatchObject({ status: 400, code: 'internal' });
  });
});

describe('session and the 403 rule', () => {
  it('logs a member out on 403 authentication_required from any path but user.php', async () => {
    const { fetch } = scriptedFetch([json(200, { user }), authRequired]);
    const api = createApiClient({ baseURL: 'http://site.test', fetch, onAuthenticationRequired });
    testEnvironment({ api });
    await loadSession();
    expect($session.get()).toMatchObject({ status: 'member', user: { name: 'Anna' } });
    await expect(api.call(getInterests)).rejects.toBeInstanceOf(ApiError);
    expect($session.get()).toEqual({ status: 'guest' });
  });

  it('treats 403 on user.php as a guest, without the logout rule', async () => {
    const onAuth = vi.fn();
    const { fetch } = scriptedFetch([authRequired]);
    testEnvironment({ api: createApiClient({ baseURL: 'http://site.test', fetch, onAuthenticationRequired: onAuth }) });
    await loadSession();
    expect($session.get()).toEqual({ status: 'guest' });
    expect(onAuth).not.toHaveBeenCalled();
  });
});

describe('session without the login marker', () => {
  it('is a guest at once, without asking the server', async () => {
    const { fetch, calls } = scriptedFetch([]);
    testEnvironment({ api: createApiClient({ baseURL: 'http://site.test', fetch }) });
    await loadSession({ cookies: 'locale=nl; country=NL' });
    expect($session.get()).toEqual({ status: 'guest' });
    expect(calls).toHaveLength(0);
  });

  it('asks the server when the marker is there', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { user })]);
    testEnvironment({ api: createApiClient({ baseURL: 'http://site.test', fetch }) });
    await loadSession({ cookies: 'locale=nl; auth.loggedIn=1' });
    expect($session.get()).toMatchObject({ status: 'member' });
    expect(calls).toHaveLength(1);
  });
});
