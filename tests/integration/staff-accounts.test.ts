/**
 * The staff accounts section (docs/staff.md "Staff accounts"): an admin lists the staff,
 * creates a colleague's account (whose first login enrols the second factor), changes roles,
 * disables an account (its sessions end at once) and resets a lost second factor; every change
 * needs a fresh second factor and is audited with before and after; an admin cannot lock
 * themselves out; other roles are refused.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStaffAccounts,
  postStaffAccount,
  postStaffAccountReset,
  postStaffAccountRoles,
  postStaffAccountStatus,
  type StaffAccountRow,
} from '#src/contract/staff-accounts.ts';
import { getStaffMe, postStaffLogin, postStaffReauth } from '#src/contract/staff.ts';
import { staffAccounts, staffAuditLog, staffSessions } from '#src/server/db/schema.ts';
import { answerOf, createTestApp, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';
import { createTestStaff, staffLogin, staffRequest, totpNow, type TestStaff } from './staff-helpers.ts';

const MINUTE = 60_000;

let t: TestApp;
let admin: TestStaff;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  admin = await createTestStaff(t, ['admin']);
  adminCookie = await staffLogin(t, admin);
});
afterAll(() => t.close());

const post = (path: string, json: unknown, cookie = adminCookie) =>
  staffRequest(t, path, { method: 'POST', json, cookie });

async function codeOf(response: Response) {
  return { status: response.status, code: (await errorAnswerOf(response)).error.code };
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.staffId, admin.id)))
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  return row;
}

async function accountOf(response: Response): Promise<StaffAccountRow> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await answerOf(postStaffAccount, response)).account;
}

describe('staff accounts', () => {
  it('lists the staff with roles and second factor, for admins only', async () => {
    const finance = await createTestStaff(t, ['finance']);
    const list = await answerOf(
      getStaffAccounts,
      await staffRequest(t, getStaffAccounts.path, { cookie: adminCookie }),
    );
    const me = list.accounts.find((row) => row.id === admin.id);
    expect(me).toMatchObject({ email: admin.email, roles: ['admin'], status: 'active', totp_enrolled: true });
    expect(me?.last_login_at).not.toBeNull();
    expect(list.accounts.find((row) => row.id === finance.id)).toMatchObject({ roles: ['finance'] });
    const financeCookie = await staffLogin(t, finance);
    expect(await codeOf(await staffRequest(t, getStaffAccounts.path, { cookie: financeCookie }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
  });

  it('creates a colleague’s account whose first login enrols the second factor; a taken address is refused', async () => {
    const email = 'new.colleague@staff.test';
    const body = {
      email,
      name: 'New Colleague',
      password: 'temporary-pass-123',
      roles: ['moderator'],
      reason: 'Hired',
    };
    const account = await accountOf(await post(postStaffAccount.path, body));
    expect(account).toMatchObject({ email, roles: ['moderator'], status: 'active', totp_enrolled: false, passkeys: 0 });
    expect(await lastAudit('staff.create')).toMatchObject({
      targetType: 'staff',
      targetId: String(account.id),
      reason: 'Hired',
    });
    const login = await staffRequest(t, postStaffLogin.path, {
      method: 'POST',
      json: { email, password: 'temporary-pass-123' },
    });
    expect(await login.json()).toMatchObject({ next: 'enrol' });
    const again = await post(postStaffAccount.path, { ...body, email: 'NEW.colleague@staff.test' });
    expect(await errorAnswerOf(again)).toMatchObject({ error: { code: 'invalid_input', field: 'email' } });
    const short = await post(postStaffAccount.path, { ...body, email: 'other@staff.test', password: 'short' });
    expect(await errorAnswerOf(short)).toMatchObject({ error: { code: 'invalid_input', field: 'password' } });
  });

  it('changes roles (a role taken away ends the sessions) and records before and after', async () => {
    const colleague = await createTestStaff(t, ['moderator', 'finance']);
    const cookie = await staffLogin(t, colleague);
    const changed = await accountOf(
      await post(postStaffAccountRoles.path, { id: colleague.id, roles: ['moderator'], reason: 'Left finance' }),
    );
    expect(changed.roles).toEqual(['moderator']);
    expect(await codeOf(await staffRequest(t, getStaffMe.path, { cookie }))).toEqual({
      status: 403,
      code: 'authentication_required',
    });
    expect(await lastAudit('staff.roles')).toMatchObject({
      before: { roles: ['moderator', 'finance'] },
      after: { roles: ['moderator'], sessions_ended: true },
      reason: 'Left finance',
    });
  });

  it('disables an account (its sessions end at once, its login is refused) and enables it again', async () => {
    const leaver = await createTestStaff(t, ['operator']);
    const cookie = await staffLogin(t, leaver);
    const disabled = await accountOf(
      await post(postStaffAccountStatus.path, { id: leaver.id, status: 'disabled', reason: 'Left the company' }),
    );
    expect(disabled.status).toBe('disabled');
    expect(await codeOf(await staffRequest(t, getStaffMe.path, { cookie }))).toEqual({
      status: 403,
      code: 'authentication_required',
    });
    await expect(staffLogin(t, leaver)).rejects.toThrow();
    const [sessions] = await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, leaver.id));
    expect(sessions).toBeUndefined();
    await accountOf(await post(postStaffAccountStatus.path, { id: leaver.id, status: 'active', reason: 'Came back' }));
    expect((await staffLogin(t, leaver)).length).toBeGreaterThan(10);
  });

  it('resets a lost second factor: the next login enrols again', async () => {
    const colleague = await createTestStaff(t, ['marketing']);
    const reset = await accountOf(
      await post(postStaffAccountReset.path, { id: colleague.id, passkeys: true, reason: 'Lost phone' }),
    );
    expect(reset).toMatchObject({ totp_enrolled: false, passkeys: 0 });
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, colleague.id));
    expect(row?.totpSecret).toBeNull();
    const login = await staffRequest(t, postStaffLogin.path, {
      method: 'POST',
      json: { email: colleague.email, password: 'staff-password-1' },
    });
    expect(await login.json()).toMatchObject({ next: 'enrol' });
  });

  it('refuses an admin locking themselves out; another admin can', async () => {
    for (const [path, body] of [
      [postStaffAccountRoles.path, { id: admin.id, roles: ['finance'], reason: 'Oops' }],
      [postStaffAccountStatus.path, { id: admin.id, status: 'disabled', reason: 'Oops' }],
      [postStaffAccountReset.path, { id: admin.id, passkeys: false, reason: 'Oops' }],
    ] as const) {
      expect(await codeOf(await post(path, body)), path).toEqual({ status: 409, code: 'staff_self_change' });
    }
    // Keeping the own admin role and adding another is fine.
    const more = await accountOf(
      await post(postStaffAccountRoles.path, { id: admin.id, roles: ['admin', 'marketing'], reason: 'Also funnel' }),
    );
    expect(more.roles).toEqual(['admin', 'marketing']);
    expect(
      await codeOf(await post(postStaffAccountRoles.path, { id: 999_999, roles: ['admin'], reason: 'x y z' })),
    ).toEqual({
      status: 404,
      code: 'not_found',
    });
  });

  it('needs a second factor of the last minutes for every change', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    const colleague = await createTestStaff(t, ['operator']);
    const change = () => post(postStaffAccountRoles.path, { id: colleague.id, roles: ['moderator'], reason: 'Moved' });
    expect(await codeOf(await change())).toEqual({ status: 403, code: 'staff_reauth_required' });
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, colleague.id));
    expect(row?.roles).toEqual(['operator']);
    const reauth = await post(postStaffReauth.path, { code: await totpNow(t, admin.secret) });
    expect(reauth.status).toBe(200);
    expect((await accountOf(await change())).roles).toEqual(['moderator']);
  });
});
