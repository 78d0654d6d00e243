/**
 * The back office (docs/staff.md): the staff login with its second factor (TOTP, replay,
 * recovery codes, enrolment), staff sessions (the staff origin only, idle and absolute ends,
 * re-authentication for money), the append-only audit log, and the members section (search,
 * ban with the member locked out, force logout, credit correction through the ledger).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '#src/contract/accounts.ts';
import {
  getStaffAudit,
  getStaffAuditCsv,
  getStaffEnrolment,
  getStaffMe,
  getStaffMember,
  getStaffMembers,
  postStaffEnrolment,
  postStaffLogout,
  postStaffMemberBan,
  postStaffMemberCredits,
  postStaffMemberLogout,
  postStaffMemberUnban,
  postStaffReauth,
  postStaffSecondFactor,
} from '#src/contract/staff.ts';
import { getUser } from '#src/contract/user.ts';
import { accounts, creditLedger, staffAuditLog } from '#src/server/db/schema.ts';
import { hashPassword } from '#src/server/features/accounts/index.ts';
import { createTestApp, createTestMember, errorAnswerOf, json, seedSiteData, send, type TestApp } from './harness.ts';
import {
  createTestStaff,
  passwordStep,
  staffCookieOf,
  staffLogin,
  staffRequest,
  STAFF_PASSWORD,
  totpNow,
  type TestStaff,
} from './staff-helpers.ts';

const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

async function codeOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: (await errorAnswerOf(response)).error.code };
}

async function auditActions(staffId: number): Promise<string[]> {
  const rows = await t.db
    .select({ action: staffAuditLog.action })
    .from(staffAuditLog)
    .where(eq(staffAuditLog.staffId, staffId))
    .orderBy(staffAuditLog.id);
  return rows.map((row) => row.action);
}

const me = (cookie: string | null) => staffRequest(t, getStaffMe.path, { cookie });

describe('the staff login', () => {
  let staff: TestStaff;
  beforeAll(async () => {
    staff = await createTestStaff(t, ['moderator']);
  });

  it('refuses a wrong password, and a right one alone opens nothing', async () => {
    const wrong = await staffRequest(t, '/api/staff/login', {
      method: 'POST',
      json: { email: staff.email, password: 'not-it' },
    });
    expect(await codeOf(wrong)).toEqual({ status: 401, code: 'staff_login_failed' });
    expect(staffCookieOf(wrong)).toBeNull();

    const pending = await passwordStep(t, staff);
    // Without the second factor the session is good for the second step only.
    expect(await codeOf(await me(pending))).toEqual({ status: 403, code: 'authentication_required' });
    expect(await auditActions(staff.id)).toContain('login_failed');
  });

  it('refuses a wrong TOTP code and a replayed one; each is in the audit log', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const pending = await passwordStep(t, staff);
    const right = await totpNow(t, staff.secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await staffRequest(t, postStaffSecondFactor.path, {
      method: 'POST',
      json: { code: wrongCode },
      cookie: pending,
    });
    expect(await codeOf(wrong)).toEqual({ status: 401, code: 'staff_code_invalid' });

    const ok = await staffRequest(t, postStaffSecondFactor.path, {
      method: 'POST',
      json: { code: right },
      cookie: pending,
    });
    expect(ok.status).toBe(200);
    const active = staffCookieOf(ok);
    expect(active).not.toBeNull();
    expect(active).not.toBe(pending);
    expect((await me(active)).status).toBe(200);
    // The pending token is worth nothing once the second step is done.
    expect((await me(pending)).status).toBe(403);

    // The same code again, within its 30 seconds, on a new login: refused.
    const again = await passwordStep(t, staff);
    const replay = await staffRequest(t, postStaffSecondFactor.path, {
      method: 'POST',
      json: { code: right },
      cookie: again,
    });
    expect(await codeOf(replay)).toEqual({ status: 401, code: 'staff_code_invalid' });
    const actions = await auditActions(staff.id);
    expect(actions.filter((a) => a === 'totp_failed')).toHaveLength(2);
    expect(actions).toContain('login');
  });

  it('locks the codes of an account after five wrong ones', async () => {
    const locked = await createTestStaff(t, ['operator']);
    const pending = await passwordStep(t, locked);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await staffRequest(t, postStaffSecondFactor.path, {
        method: 'POST',
        json: { code: '000000' },
        cookie: pending,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('enrols a second factor with a QR code; each recovery code works once', async () => {
    const fresh = await createTestStaff(t, ['marketing'], { enrolled: false });
    const pending = await passwordStep(t, fresh);
    const enrolment = await staffRequest(t, getStaffEnrolment.path, { cookie: pending });
    expect(enrolment.status).toBe(200);
    const { secret, otpauth_url, qr_svg } = await json<{ secret: string; otpauth_url: string; qr_svg: string }>(
      enrolment,
    );
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);

    const done = await staffRequest(t, postStaffEnrolment.path, {
      method: 'POST',
      json: { code: await totpNow(t, secret) },
      cookie: pending,
    });
    expect(done.status).toBe(200);
    const { recovery_codes } = await json<{ recovery_codes: string[] }>(done);
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);

    const firstCode = recovery_codes[0] ?? '';
    const withRecovery = async () =>
      staffRequest(t, postStaffSecondFactor.path, {
        method: 'POST',
        json: { recovery_code: firstCode },
        cookie: await passwordStep(t, fresh),
      });
    expect((await withRecovery()).status).toBe(200);
    expect(await codeOf(await withRecovery())).toEqual({ status: 401, code: 'staff_code_invalid' });
    expect(await auditActions(fresh.id)).toEqual(
      expect.arrayContaining(['totp_enrolled', 'login', 'recovery_code_failed']),
    );
  });

  it('ends a session after 30 idle minutes, and logout ends it at once', async () => {
    const cookie = await staffLogin(t, staff);
    t.clock.now = new Date(t.clock.now.getTime() + 29 * MINUTE);
    expect((await me(cookie)).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * MINUTE);
    expect(await codeOf(await me(cookie))).toEqual({ status: 403, code: 'authentication_required' });

    const other = await staffLogin(t, staff);
    expect((await staffRequest(t, postStaffLogout.path, { method: 'POST', cookie: other })).status).toBe(200);
    expect((await me(other)).status).toBe(403);
  });

  it('ends a session 12 hours after login, however busy', async () => {
    const cookie = await staffLogin(t, staff);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.now = new Date(t.clock.now.getTime() + 20 * MINUTE);
      expect((await me(cookie)).status, `after ${minutes} minutes`).toBe(200);
    }
    t.clock.now = new Date(t.clock.now.getTime() + 20 * MINUTE);
    expect((await me(cookie)).status).toBe(403);
  });
});

describe('the staff origin', () => {
  it('refuses a member session on the staff API, and serves no member calls there', async () => {
    const member = await createTestMember(t);
    const memberSession = await t.login(member.accountId);
    const onStaff = await send(t, getStaffMembers, { host: 'staff.localhost', session: memberSession });
    expect(await codeOf(onStaff)).toEqual({ status: 403, code: 'authentication_required' });
    const userOnStaff = await send(t, getUser, { host: 'staff.localhost', session: memberSession });
    expect(await codeOf(userOnStaff)).toEqual({ status: 404, code: 'not_found' });
  });

  it('refuses a staff session on a member site, on the staff API and the members API', async () => {
    const admin = await createTestStaff(t, ['admin']);
    const cookie = await staffLogin(t, admin);
    expect((await me(cookie)).status).toBe(200);
    const onMemberSite = await staffRequest(t, getStaffMembers.path, { cookie, host: 'default.localhost' });
    expect(await codeOf(onMemberSite)).toEqual({ status: 403, code: 'authentication_required' });
    const memberApi = await staffRequest(t, getUser.path, { cookie, host: 'default.localhost' });
    expect(await codeOf(memberApi)).toEqual({ status: 403, code: 'authentication_required' });
  });

  it('serves the console page on the staff origin only', async () => {
    const root = join(t.config.sitesDir, '_staff');
    await mkdir(join(root, '_astro'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Back office</title><script>go()</script>');
    await writeFile(join(root, '_astro', 'app.js'), 'export {};');
    const page = await t.request('/members/42', { host: 'staff.localhost' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Back office</title>');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect((await t.request('/_astro/app.js', { host: 'staff.localhost' })).headers.get('content-type')).toMatch(
      /javascript/,
    );
    // No member site serves it, not even by its folder's name.
    for (const path of ['/', '/_staff/index.html', '/_staff/']) {
      const onSite = await t.request(path, { host: 'default.localhost' });
      expect(await onSite.text()).not.toContain('<title>Back office</title>');
    }
  });

  it('sets the staff cookie host-only, HttpOnly and SameSite=Strict', async () => {
    const staff = await createTestStaff(t, ['admin']);
    const response = await staffRequest(t, '/api/staff/login', {
      method: 'POST',
      json: { email: staff.email, password: STAFF_PASSWORD },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('staff='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even as SQL through the app database', async () => {
    const staff = await createTestStaff(t, ['admin']);
    await staffLogin(t, staff);
    const before = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id));
    expect(before.length).toBeGreaterThan(0);
    await expect(t.db.execute(sql`update staff_audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(t.db.delete(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate staff_audit_log`)).rejects.toThrow();
    const after = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id));
    expect(after).toEqual(before);
  });

  it('is searchable by action and staff member, paged, and exported as CSV', async () => {
    const admin = await createTestStaff(t, ['admin']);
    const cookie = await staffLogin(t, admin);
    const page = await staffRequest(t, `${getStaffAudit.path}?action=login&staff=${admin.id}`, { cookie });
    expect(page.status).toBe(200);
    const { entries } = await json<{ entries: { action: string; staff_id: number; ip_hash: string | null }[] }>(page);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'login', staff_id: admin.id });
    expect(entries[0]?.ip_hash).toMatch(/^[0-9a-f]{32}$/);

    const all = await staffRequest(t, getStaffAudit.path, { cookie });
    const first = await json<{ entries: { id: number }[]; next: number | null }>(all);
    expect(first.entries.length).toBeGreaterThan(1);

    const csv = await staffRequest(t, `${getStaffAuditCsv.path}?staff=${admin.id}`, { cookie });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('id,at,staff_id,staff_email,roles,action,target_type,target_id,before,after,reason,ip_hash');
    expect(lines.some((line) => line.includes('"login"'))).toBe(true);
  });
});

describe('the members section', () => {
  let moderator: string;
  let finance: TestStaff;
  let financeCookie: string;

  beforeAll(async () => {
    moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
    finance = await createTestStaff(t, ['finance']);
    financeCookie = await staffLogin(t, finance);
  });

  it('finds members by e-mail prefix, name prefix and id, paged on the server', async () => {
    const member = await createTestMember(t, { name: 'Zebulon' });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    const email = account?.email ?? '';
    const search = async (q: string) => {
      const response = await staffRequest(t, `${getStaffMembers.path}?q=${encodeURIComponent(q)}`, {
        cookie: moderator,
      });
      expect(response.status).toBe(200);
      return (await json<{ members: { id: number }[] }>(response)).members.map((m) => m.id);
    };
    expect(await search(email.slice(0, 12))).toContain(member.accountId);
    expect(await search('zebu')).toContain(member.accountId);
    expect(await search(String(member.accountId))).toEqual([member.accountId]);
    expect(await search('nobody-by-this-name')).toEqual([]);

    for (let i = 0; i < 26; i += 1) await createTestMember(t, { siteId: 'default' });
    const first = await json<{ members: { id: number }[]; next: number | null }>(
      await staffRequest(t, `${getStaffMembers.path}?site=default`, { cookie: moderator }),
    );
    expect(first.members).toHaveLength(25);
    expect(first.next).not.toBeNull();
    const second = await json<{ members: { id: number }[] }>(
      await staffRequest(t, `${getStaffMembers.path}?site=default&after=${first.next}`, { cookie: moderator }),
    );
    expect(second.members.length).toBeGreaterThan(0);
    expect(second.members.every((m) => m.id < (first.next ?? 0))).toBe(true);
  });

  it('bans a member: their session ends, their login goes to the ban page; unban lets them back', async () => {
    const password = 'member-password-1';
    const member = await createTestMember(t, { passwordHash: await hashPassword(password) });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    const session = await t.login(member.accountId);
    expect((await send(t, getUser, { session })).status).toBe(200);

    const ban = await staffRequest(t, postStaffMemberBan.path, {
      method: 'POST',
      json: { id: member.accountId, reason: 'Scam messages to several members' },
      cookie: moderator,
    });
    expect(ban.status).toBe(200);
    expect(await codeOf(await send(t, getUser, { session }))).toEqual({ status: 403, code: 'authentication_required' });
    const login = await send(t, postLogin, { body: { email: account?.email ?? '', password } });
    expect(await codeOf(login)).toEqual({ status: 403, code: 'login_banned' });

    const page = await json<{ audit: { action: string; before: unknown; after: unknown; reason: string }[] }>(
      await staffRequest(t, `${getStaffMember.path}?id=${member.accountId}`, { cookie: moderator }),
    );
    expect(page.audit[0]).toMatchObject({
      action: 'member.ban',
      before: { status: 'confirmed' },
      after: { status: 'banned' },
      reason: 'Scam messages to several members',
    });

    const unban = await staffRequest(t, postStaffMemberUnban.path, {
      method: 'POST',
      json: { id: member.accountId, reason: 'Appeal upheld' },
      cookie: moderator,
    });
    expect(unban.status).toBe(200);
    expect((await send(t, postLogin, { body: { email: account?.email ?? '', password } })).status).toBe(200);
  });

  it('logs a member out everywhere', async () => {
    const member = await createTestMember(t);
    const sessions = [await t.login(member.accountId), await t.login(member.accountId)];
    const response = await staffRequest(t, postStaffMemberLogout.path, {
      method: 'POST',
      json: { id: member.accountId, reason: 'Member asked by phone' },
      cookie: moderator,
    });
    expect(await json(response)).toEqual({ ended: 2 });
    for (const session of sessions) expect((await send(t, getUser, { session })).status).toBe(403);
  });

  it('corrects credits through the ledger: finance only, with a recent second factor', async () => {
    const member = await createTestMember(t);
    const adjust = (cookie: string, delta: number) =>
      staffRequest(t, postStaffMemberCredits.path, {
        method: 'POST',
        json: { id: member.accountId, delta, reason: 'Goodwill after a failed payment' },
        cookie,
      });
    expect(await codeOf(await adjust(moderator, 10))).toEqual({ status: 403, code: 'forbidden' });

    const added = await json<{ member: { credits: number } }>(await adjust(financeCookie, 15));
    const balance = added.member.credits;
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, member.accountId), eq(creditLedger.reason, 'correction')));
    expect(ledger.map((row) => row.delta)).toEqual([15]);

    // Eleven minutes later the second factor is too old for money.
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await codeOf(await adjust(financeCookie, 5))).toEqual({ status: 403, code: 'staff_reauth_required' });
    const reauth = await staffRequest(t, postStaffReauth.path, {
      method: 'POST',
      json: { code: await totpNow(t, finance.secret) },
      cookie: financeCookie,
    });
    expect(reauth.status).toBe(200);
    const after = await adjust(financeCookie, -balance);
    expect(await json(after)).toMatchObject({ member: { credits: 0 } });
    expect(await codeOf(await adjust(financeCookie, -1))).toEqual({ status: 402, code: 'insufficient_credits' });

    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'member.credits'), eq(staffAuditLog.targetId, String(member.accountId))))
      .orderBy(sql`${staffAuditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      before: { credits: balance },
      after: { credits: 0, delta: -balance },
      staffId: finance.id,
    });
  });
});
