/**
 * The back office's console stores (src/staff/): the login stages, the sections a staff
 * member's roles open, the members search forgotten at logout, and a money action that asks
 * for a fresh second factor instead of failing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sectionAt, sectionsFor } from '#src/staff/sections.ts';
import { $results, creditsForm, searchForm } from '#src/staff/members/members-store.ts';
import { $me, $reauthNeeded, $stage, loginForm, logout, secondFactorForm } from '#src/staff/session-store.ts';
import { scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const STAFF = { id: 1, email: 'fin@staff.test', name: 'Fin', roles: ['finance'], second_factor_at: null };
const ROW = {
  id: 7,
  site: 'default',
  email: 'a@b.test',
  name: 'Anna',
  status: 'confirmed',
  credits: 20,
  signup_date: '2026-01-01',
  notes: { count: 1, latest: 'Asked for a refund twice' },
};

function api(handler: Handler) {
  const scripted = scriptedApi(handler);
  testEnvironment({ api: scripted.api });
  return scripted.requests;
}

beforeEach(() => {
  $stage.set({ name: 'loading' });
  $me.set(null);
  $results.set(null);
  $reauthNeeded.set(false);
});

describe('sections by role', () => {
  it('opens the members section to finance, moderators and admins, moderation to moderators, everyone their account', () => {
    const paths = (roles: string[]) => sectionsFor(roles).map((s) => s.path);
    // Finance also sees the dashboards (and the money section); admins alone the sites' settings.
    expect(paths(['finance'])).toEqual(expect.arrayContaining(['/members', '/dashboards', '/account']));
    expect(paths(['finance'])).not.toContain('/sites');
    expect(paths(['marketing'])).toEqual(expect.arrayContaining(['/dashboards', '/account']));
    expect(paths(['marketing'])).not.toContain('/members');
    expect(paths(['moderator', 'operator'])).toEqual(expect.arrayContaining(['/members', '/moderation', '/account']));
    expect(paths(['moderator', 'operator'])).not.toContain('/money');
    // Every staff member manages their own passkeys, whatever their roles.
    expect(paths(['operator'])).toContain('/account');
    expect(paths(['operator'])).not.toContain('/members');
  });

  it('finds the section of a deeper path and falls back to the first allowed one', () => {
    const allowed = sectionsFor(['admin']);
    expect(sectionAt('/members/7', allowed)?.path).toBe('/members');
    expect(sectionAt('/nowhere', allowed)?.path).toBe('/members');
    expect(sectionAt('/members', [])).toBeUndefined();
  });
});

describe('login stages', () => {
  it('goes from the password to the code (a passkey offered first) to the console', async () => {
    api(({ path }) =>
      path === '/api/staff/login'
        ? { status: 200, body: { next: 'totp', passkey: true } }
        : { status: 200, body: { staff: STAFF } },
    );
    await loginForm.submit('fin@staff.test', 'secret password');
    expect($stage.get()).toEqual({ name: 'second_factor', recovery: false, passkey: true });
    await secondFactorForm.submit('123456', false);
    expect($stage.get()).toEqual({ name: 'console' });
    expect($me.get()?.roles).toEqual(['finance']);
  });

  it('starts over at the password when the second step timed out', async () => {
    $stage.set({ name: 'second_factor', recovery: false, passkey: false });
    api(() => ({ status: 401, body: { error: { code: 'staff_login_expired', message: 'Log in again.' } } }));
    await secondFactorForm.submit('123456', false);
    expect($stage.get()).toEqual({ name: 'login' });
  });
});

describe('members section', () => {
  it('forgets the search results when the staff member logs out', async () => {
    api(({ path }) =>
      path === '/api/staff/members'
        ? { status: 200, body: { members: [ROW], next: null } }
        : { status: 200, body: { ok: true } },
    );
    await searchForm.submit('anna', '');
    expect($results.get()?.members).toHaveLength(1);
    await logout();
    expect($results.get()).toBeNull();
    expect($stage.get()).toEqual({ name: 'login' });
  });

  it('asks for a fresh second factor when a credit correction needs one, without an error', async () => {
    const requests = api(() => ({
      status: 403,
      body: { error: { code: 'staff_reauth_required', message: 'Confirm with a new code.' } },
    }));
    await creditsForm.submit(7, 10, 'goodwill for a failed send');
    expect($reauthNeeded.get()).toBe(true);
    expect(creditsForm.$error.get()).toBeFalsy();
    expect(requests.map((r) => r.path)).toEqual(['/api/staff/member/credits']);
  });
});
