/**
 * Who may call what (SPEC §6): walks every endpoint exported from src/contract (every module
 * of the folder, so a new one is walked too) and proves route() enforces its declared
 * `roles` before any handler runs: without a session every endpoint that is not public
 * answers 403 authentication_required; a plain member's session gets 403 forbidden from
 * every staff endpoint, and so does a staff session of another site (authentication_required)
 * and a staff account of a role the endpoint does not list. Also: every endpoint declares its
 * roles and only declared error codes, and the calls of the staff consoles are staff-only.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, isStaffOnly, type Endpoint, type Role } from '#src/contract/define.ts';
import { declaredError } from '#src/contract/errors.ts';
import { isStaffApiPath } from '#src/contract/staff.ts';
import { accounts } from '#src/server/db/schema.ts';
import { createTestApp, createTestMember, errorAnswerOf, seedSiteData, send, type TestApp } from './harness.ts';

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
let member: string;
/** A session per staff role (accounts of the default site). */
const staff = new Map<Role, string>();
/** An admin of another site than the requests' (default.localhost). */
let foreignAdmin: string;

async function withRole(role: Role, siteId = 'default'): Promise<string> {
  const { accountId } = await createTestMember(t, { siteId, invisible: true });
  // Roles the database enum does not list yet (finance, marketing) are set as plain text.
  await t.db
    .update(accounts)
    .set({ role: role as 'admin' })
    .where(eq(accounts.id, accountId));
  return t.login(accountId);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  member = await t.login((await createTestMember(t)).accountId);
  for (const role of STAFF_ROLES) staff.set(role, await withRole(role));
  const otherSite = t.deps.sites.find((site) => site.id !== 'default');
  if (!otherSite) throw new Error('the test sites have one site only');
  foreignAdmin = await withRole('admin', otherSite.id);
});
afterAll(async () => {
  await t.close();
});

describe('the contract', () => {
  it('has endpoints of every kind to walk', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    // The member sites' staff calls (the old moderation console); the chat-pal inbox moved to the back office.
    expect(staffOnly.length).toBeGreaterThan(3);
    expect(forMembers.length).toBeGreaterThan(30);
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

describe('staff endpoints', () => {
  it.each(staffOnly)('$name refuses visitors, members, other roles and other sites', async ({ endpoint }) => {
    expect(await answerOf(t, endpoint)).toEqual({ status: 403, code: 'authentication_required' });
    expect(await answerOf(t, endpoint, member)).toEqual({ status: 403, code: 'forbidden' });
    expect(await answerOf(t, endpoint, foreignAdmin)).toEqual({ status: 403, code: 'authentication_required' });
    const roles = endpoint.roles as readonly Role[];
    for (const role of STAFF_ROLES.filter((r) => !roles.includes(r))) {
      expect(await answerOf(t, endpoint, staff.get(role)), role).toEqual({ status: 403, code: 'forbidden' });
    }
    // The roles it lists get past the check (whatever the handler then says of the empty input).
    for (const role of roles) {
      const answer = await answerOf(t, endpoint, staff.get(role));
      expect(['authentication_required', 'forbidden'], role).not.toContain(answer.code);
    }
  });
});

describe('member endpoints', () => {
  it.each(forMembers)('$name answers authentication_required without a session', async ({ endpoint }) => {
    expect(await answerOf(t, endpoint)).toEqual({ status: 403, code: 'authentication_required' });
  });
});
