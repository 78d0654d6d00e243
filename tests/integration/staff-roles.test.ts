/// <reference types="vite/client" />
/**
 * Who may call the back office (docs/staff.md "Roles"): walks every endpoint of the staff
 * contracts (src/contract/staff*.ts, one per section) and calls it without a session, with a member's session, with a
 * password-only (pending) staff session, with a staff session on a member site, and as each
 * staff role. Without an active staff session of the staff origin every call answers 401 or
 * 403 (never 404, never data); a role the endpoint does not list gets 403 forbidden; the
 * roles it lists get past the check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type Endpoint, type StaffRole } from '#src/contract/define.ts';
import { STAFF_API_PREFIX, postStaffLogout } from '#src/contract/staff.ts';
import { getStaffPrices, postStaffBundleCredits, postStaffPrices } from '#src/contract/staff-prices.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';
import { createTestStaff, passwordStep, STAFF_COOKIE, STAFF_HOST, staffLogin } from './staff-helpers.ts';

/** Every section's contract: src/contract/staff.ts and src/contract/staff-*.ts. */
const staffContracts = import.meta.glob<Record<string, unknown>>('../../src/contract/staff*.ts', { eager: true });
const endpoints = Object.values(staffContracts)
  .flatMap((contract) => Object.entries(contract))
  .filter(
    (entry): entry is [string, Endpoint] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'method' in entry[1] && 'roles' in entry[1],
  )
  .map(([name, endpoint]) => ({ name, endpoint }));
const staffOnly = endpoints.filter(({ endpoint }) => endpoint.roles !== 'public');
/** The login steps: public, but they need the login's pending session and answer no data without it. */
const LOGIN_STEPS = [
  'postStaffLogin',
  'postStaffSecondFactor',
  'postStaffPasskeyChallenge',
  'getStaffEnrolment',
  'postStaffEnrolment',
];

let t: TestApp;
let member: string;
let pending: string;
const byRole = new Map<StaffRole, string>();

interface Caller {
  host?: string;
  staff?: string;
  member?: string;
}

async function answerOf(endpoint: Endpoint, caller: Caller): Promise<{ status: number; code: string | null }> {
  const cookies: Record<string, string> = {};
  if (caller.staff) cookies[STAFF_COOKIE] = caller.staff;
  const response = await t.request(endpoint.path, {
    method: endpoint.method,
    host: caller.host ?? STAFF_HOST,
    headers: { 'x-request-type': 'client' },
    ...(endpoint.method !== 'GET' ? { json: {} } : {}),
    ...(caller.member ? { session: caller.member } : {}),
    cookies,
  });
  const text = await response.text();
  let code: string | null = null;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    // Not JSON (the CSV).
  }
  return { status: response.status, code };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  member = await t.login((await createTestMember(t)).accountId);
  for (const role of STAFF_ROLES) byRole.set(role, await staffLogin(t, await createTestStaff(t, [role])));
  pending = await passwordStep(t, await createTestStaff(t, ['admin']));
});
afterAll(async () => {
  await t.close();
});

describe('the back office contract', () => {
  it('has the login steps and the staff calls', () => {
    expect(endpoints.map((e) => e.name)).toEqual(expect.arrayContaining(LOGIN_STEPS));
    expect(staffOnly.length).toBeGreaterThan(8);
  });

  // Sections whose roles are pinned here besides the sweep below.
  it.each([
    { endpoint: getStaffPrices, roles: ['finance', 'admin'] },
    { endpoint: postStaffPrices, roles: ['finance'] },
    { endpoint: postStaffBundleCredits, roles: ['finance'] },
  ])('$endpoint.method $endpoint.path is swept with roles $roles', ({ endpoint, roles }) => {
    expect(staffOnly.map((e) => e.endpoint)).toContain(endpoint);
    expect([...(endpoint.roles as readonly string[])].sort()).toEqual([...roles].sort());
  });

  it.each(endpoints)('$name lives under /api/staff/ and is staff-only or a login step', ({ name, endpoint }) => {
    expect(endpoint.path.startsWith(STAFF_API_PREFIX)).toBe(true);
    if (endpoint.roles === 'public') expect(LOGIN_STEPS).toContain(name);
    else for (const role of endpoint.roles) expect(STAFF_ROLES).toContain(role);
  });
});

describe('every staff call', () => {
  it.each(staffOnly)(
    '$name: 403 without a staff session, for members, pending logins and on member sites',
    async ({ endpoint }) => {
      const refused = { status: 403, code: 'authentication_required' };
      expect(await answerOf(endpoint, {})).toEqual(refused);
      expect(await answerOf(endpoint, { member })).toEqual(refused);
      expect(await answerOf(endpoint, { staff: pending })).toEqual(refused);
      for (const role of STAFF_ROLES) {
        expect(await answerOf(endpoint, { staff: byRole.get(role), host: 'default.localhost' }), role).toEqual(refused);
        expect(await answerOf(endpoint, { staff: byRole.get(role), host: 'de.default.localhost' }), role).toEqual(
          refused,
        );
      }
    },
  );

  it.each(staffOnly)(
    '$name: 403 forbidden for the roles it does not list; those it lists pass',
    async ({ endpoint }) => {
      const roles = endpoint.roles as readonly StaffRole[];
      for (const role of STAFF_ROLES) {
        // Logout ends the session it is called with: it gets a session of its own.
        const staff =
          endpoint === postStaffLogout ? await staffLogin(t, await createTestStaff(t, [role])) : byRole.get(role);
        const answer = await answerOf(endpoint, { staff });
        if (roles.includes(role)) {
          expect(['authentication_required', 'forbidden'], role).not.toContain(answer.code);
          expect(answer.status, role).not.toBe(404);
        } else {
          expect(answer, role).toEqual({ status: 403, code: 'forbidden' });
        }
      }
    },
  );

  it.each(endpoints.filter(({ endpoint }) => endpoint.roles === 'public'))(
    '$name (a login step) answers 4xx without data when called alone',
    async ({ endpoint }) => {
      for (const caller of [{}, { member }, { host: 'default.localhost' }]) {
        const { status } = await answerOf(endpoint, caller);
        expect([400, 401, 403]).toContain(status);
      }
    },
  );
});
