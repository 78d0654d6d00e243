/**
 * Who may call what (SPEC §6): walks every endpoint exported from src/contract (every module
 * of the folder, so a new one is walked too) and proves route() enforces its declared
 * `roles` before any handler runs: without a session every endpoint that is not public
 * answers 403 authentication_required. Also: every endpoint declares its roles and only
 * declared error codes, the calls of the staff consoles are staff-only, and the member sites
 * have no staff call left (the back office's are walked by staff-roles.test.ts with members'
 * sessions and every staff role).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaffOnly, type Endpoint } from '#src/contract/define.ts';
import { declaredError } from '#src/contract/errors.ts';
import { isStaffApiPath } from '#src/contract/staff.ts';
import { createTestApp, errorAnswerOf, seedSiteData, send, type TestApp } from './harness.ts';

/**
 * The paths of the staff consoles' calls (moderation, operator inbox, the complaints list,
 * and the back office's areas): whatever is declared there must be staff-only. A new staff
 * area adds its path here.
 */
const STAFF_PATHS = [
  /^\/api\/moderation\//,
  /^\/api\/operator-/,
  /^\/api\/complaints\.php$/,
  /^\/api\/(admin|finance|marketing|staff|backoffice)[/-]/,
];

const CONTRACT_DIR = join(import.meta.dirname, '../../src/contract');

interface Named {
  name: string;
  endpoint: Endpoint;
}

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    'errors' in value
  );
}

/** Every endpoint exported by a module of src/contract, by module and export name. */
async function contractEndpoints(): Promise<Named[]> {
  const found: Named[] = [];
  for (const file of readdirSync(CONTRACT_DIR)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const module = (await import(join(CONTRACT_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isEndpoint(value)) found.push({ name: `${file}: ${name}`, endpoint: value });
    }
  }
  return found;
}

/**
 * A query the endpoint's `matches` accepts (calls told apart by their query: the request must
 * reach this one): the query keys `matches` reads, set to '1', in the first combination it takes.
 */
function matchingQuery(endpoint: Endpoint): Record<string, string> {
  const matches = endpoint.matches;
  if (!matches) return {};
  const read = new Set<string>();
  matches(new Proxy({}, { get: (_, key) => (read.add(String(key)), undefined) }));
  const keys = [...read];
  for (let mask = 0; mask < 2 ** keys.length; mask += 1) {
    const query = Object.fromEntries(keys.filter((_, i) => mask & (2 ** i)).map((key) => [key, '1']));
    if (matches(query)) return query;
  }
  throw new Error(`${endpoint.method} ${endpoint.path}: no query of ${keys.join(', ')} matches`);
}

/** The endpoint called with a session (or none): status and error code. */
async function answerOf(t: TestApp, endpoint: Endpoint, session?: string, host?: string) {
  const query = new URLSearchParams(matchingQuery(endpoint));
  const response = await send(
    t,
    { ...endpoint, path: query.size ? `${endpoint.path}?${query}` : endpoint.path },
    {
      ...(session ? { session } : {}),
      ...(host ? { host } : {}),
      headers: { 'x-request-type': 'client' },
    },
  );
  if (response.ok) return { status: response.status, code: null };
  const text = await response.text();
  let code: string | null = null;
  try {
    code = (await errorAnswerOf(new Response(text))).error.code;
  } catch {
    // Not an error body (a redirect, a file): no code.
  }
  return { status: response.status, code };
}

const endpoints = await contractEndpoints();
/** The back office's calls take staff sessions of the staff origin: staff-roles.test.ts walks them. */
const backOffice = endpoints.filter(({ endpoint }) => isStaffApiPath(endpoint.path));
const staffOnly = endpoints.filter(
  ({ endpoint }) => isStaffOnly(endpoint.roles) && !backOffice.some((b) => b.endpoint === endpoint),
);
const forMembers = endpoints.filter(({ endpoint }) => endpoint.roles !== 'public' && !isStaffOnly(endpoint.roles));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

describe('the contract', () => {
  it('has endpoints of every kind to walk', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    expect(backOffice.length).toBeGreaterThan(30);
    expect(forMembers.length).toBeGreaterThan(30);
  });

  it('has no staff call on the member sites: every one is the back office’s, on the staff origin', () => {
    // The member sites' moderation console and chat-pal inbox moved there (docs/staff.md);
    // staff-roles.test.ts walks those calls with members' and every role's sessions.
    expect(staffOnly.map(({ name }) => name)).toEqual([]);
  });

  it.each(endpoints)('$name declares its roles and only declared error codes', ({ endpoint }) => {
    const roles: unknown = endpoint.roles;
    expect(roles === 'public' || (Array.isArray(roles) && roles.length > 0)).toBe(true);
    for (const code of endpoint.errors) expect(declaredError(code), code).toBeDefined();
  });

  it.each(
    endpoints.filter(
      ({ endpoint }) =>
        STAFF_PATHS.some((path) => path.test(endpoint.path)) && !backOffice.some((b) => b.endpoint === endpoint),
    ),
  )('$name is a staff console call, so staff-only', ({ endpoint }) => {
    expect(isStaffOnly(endpoint.roles)).toBe(true);
  });
});

describe('member endpoints', () => {
  it.each(forMembers)('$name answers authentication_required without a session', async ({ endpoint }) => {
    expect(await answerOf(t, endpoint)).toEqual({ status: 403, code: 'authentication_required' });
  });
});
