/**
 * The back office's sites section (docs/staff.md "Sites"): admins read and change a site's
 * settings, a company's details and a country's minimum message cost; other roles are
 * refused; bad values answer 400 with the field; each change is audited with before and
 * after; and the public calls (settings.php, companyinfo.php, signup) follow at once.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCompanyInfo, getSettings } from '#src/contract/site.ts';
import {
  getStaffSites,
  postStaffCompany,
  postStaffMessageCost,
  postStaffSiteSettings,
} from '#src/contract/staff-sites.ts';
import { toMajor } from '#src/lib/money.ts';
import { staffAuditLog } from '#src/server/db/schema.ts';
import { siteData } from '#src/server/features/site/cache.ts';
import { call, signupInput } from './accounts-helpers.ts';
import { answerOf, createTestApp, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';
import { createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const staff = await createTestStaff(t, ['admin']);
  adminId = staff.id;
  admin = await staffLogin(t, staff);
});
afterAll(() => t.close());

/**
 * A staff write; a saved change is awaited until this process has heard the database's
 * NOTIFY (on PostgreSQL it arrives milliseconds after the commit), as every API process does.
 */
async function post(path: string, json: unknown, cookie = admin) {
  const heard = siteData(t.database).nextChange();
  const response = await staffRequest(t, path, { method: 'POST', json, cookie });
  if (response.status === 200) await heard;
  return response;
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.staffId, adminId)))
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  return row;
}

async function publicSettings(host = 'default.localhost') {
  return (await answerOf(getSettings, await t.request('/api/settings.php', { host }))).settings;
}

describe('roles', () => {
  it('refuses finance, moderator, operator and marketing (403 forbidden)', async () => {
    for (const role of ['finance', 'moderator', 'operator', 'marketing'] as const) {
      const cookie = await staffLogin(t, await createTestStaff(t, [role]));
      const read = await staffRequest(t, getStaffSites.path, { cookie });
      expect(read.status).toBe(403);
      expect((await errorAnswerOf(read)).error.code).toBe('forbidden');
      const write = await post(postStaffSiteSettings.path, { site: 'default', settings: {}, reason: 'try' }, cookie);
      expect(write.status).toBe(403);
    }
  });
});

describe('GET /api/staff/sites', () => {
  it('answers every site with its settings, the four company variants and the message costs', async () => {
    const overview = await answerOf(getStaffSites, await staffRequest(t, getStaffSites.path, { cookie: admin }));
    expect(overview.sites.map((site) => site.id)).toContain('default');
    expect(overview.companies.map((company) => company.variant)).toEqual([0, 1, 2, 3]);
    expect(overview.message_costs.length).toBeGreaterThan(0);
    const site = overview.sites.find((s) => s.id === 'default');
    expect(site?.settings.signups).toBe((await publicSettings()).signups);
  });
});

describe('POST /api/staff/sites/settings', () => {
  it('switches signups to invite-only: audited with before and after, settings.php and signups follow', async () => {
    const before = await publicSettings();
    expect(before.signups).toBe('all');
    const response = await post(postStaffSiteSettings.path, {
      site: 'default',
      settings: { signups: 'invite_only', refund_days: 21 },
      reason: 'Campaign paused',
    });
    expect(response.status).toBe(200);
    const { site } = await answerOf(postStaffSiteSettings, response);
    expect(site.settings).toMatchObject({ signups: 'invite_only', refund_days: 21 });

    const after = await publicSettings();
    expect(after).toMatchObject({ signups: 'invite_only', refund_days: 21 });
    // Other settings and other sites stay as they were.
    expect(after.message_credits).toBe(before.message_credits);
    expect((await publicSettings('she.localhost')).signups).toBe('all');

    const entry = await lastAudit('site.settings');
    expect(entry).toMatchObject({
      targetType: 'site',
      targetId: 'default',
      reason: 'Campaign paused',
      before: { signups: 'all', refund_days: before.refund_days },
      after: { signups: 'invite_only', refund_days: 21 },
    });

    // The signup itself is refused now (the server decides, not only the page).
    const signup = await call(t, '/api/signup.php', { method: 'POST', json: signupInput(), host: 'default.localhost' });
    expect(signup.status).toBe(403);
    expect((await errorAnswerOf(signup)).error.code).toBe('signups_closed');

    await post(postStaffSiteSettings.path, { site: 'default', settings: { signups: 'all' }, reason: 'Back on' });
    expect((await publicSettings()).signups).toBe('all');
  });

  it('switches the company a site shows; companyinfo.php follows', async () => {
    const overview = await answerOf(getStaffSites, await staffRequest(t, getStaffSites.path, { cookie: admin }));
    const site = overview.sites.find((s) => s.id === 'she');
    const other = overview.companies.find((company) => company.id !== site?.company_id);
    if (!site || !other) throw new Error('seed without sites or companies');
    const response = await post(postStaffSiteSettings.path, {
      site: 'she',
      settings: {},
      company_id: other.id,
      reason: 'Move to the other entity',
    });
    expect(response.status).toBe(200);
    const { company: info } = await answerOf(
      getCompanyInfo,
      await t.request('/api/companyinfo.php', { host: 'she.localhost' }),
    );
    expect(info.name).toBe(other.name);
    expect(await lastAudit('site.settings')).toMatchObject({
      before: { company_id: site.company_id },
      after: { company_id: other.id },
    });
  });

  it('answers 400 with the field for bad values, 404 for an unknown site, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ site: 'default', settings: { signups: 'sometimes' }, reason: 'bad' }, 'settings'],
      [{ site: 'default', settings: { refund_days: -1 }, reason: 'bad' }, 'settings'],
      [{ site: 'default', settings: { support_email: 'nope' }, reason: 'bad' }, 'settings'],
      [{ site: 'default', settings: { unknown_key: 1 }, reason: 'bad' }, 'settings'],
      [{ site: 'default', settings: { signups: 'all' } }, 'reason'],
      [{ site: 'default', settings: {}, company_id: 999, reason: 'bad company' }, 'company_id'],
    ];
    for (const [body, field] of cases) {
      const response = await post(postStaffSiteSettings.path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await errorAnswerOf(response)).error;
      expect(error.code).toBe('invalid_input');
      expect(error.field ?? '').toContain(field);
    }
    const unknown = await post(postStaffSiteSettings.path, { site: 'nosuchsite', settings: {}, reason: 'bad' });
    expect(unknown.status).toBe(404);
    expect((await publicSettings()).refund_days).toBe(21);
  });
});

describe('companies and message costs', () => {
  it('changes a company address variant: audited, companyinfo.php follows', async () => {
    const overview = await answerOf(getStaffSites, await staffRequest(t, getStaffSites.path, { cookie: admin }));
    const site = overview.sites.find((s) => s.id === 'default');
    const company = overview.companies.find((c) => c.id === site?.company_id);
    if (!company) throw new Error('no company');
    const fields: Partial<typeof company> = { ...company };
    delete fields.variant;
    const response = await post(postStaffCompany.path, { ...fields, address: 'Keizersgracht 1', reason: 'Moved' });
    expect(response.status).toBe(200);
    const { company: info } = await answerOf(
      getCompanyInfo,
      await t.request('/api/companyinfo.php', { host: 'default.localhost' }),
    );
    expect(info.address).toBe('Keizersgracht 1');
    expect(await lastAudit('site.company')).toMatchObject({
      targetId: String(company.id),
      before: { address: company.address },
      after: { address: 'Keizersgracht 1' },
    });
    const bad = await post(postStaffCompany.path, { ...fields, delete_discount: 'lower case', reason: 'bad' });
    expect(bad.status).toBe(400);
  });

  it('changes a minimum message cost: audited, settings.php follows', async () => {
    const overview = await answerOf(getStaffSites, await staffRequest(t, getStaffSites.path, { cookie: admin }));
    const cost = overview.message_costs.find((c) => c.country === 'NL') ?? overview.message_costs[0];
    if (!cost) throw new Error('no message costs');
    const response = await post(postStaffMessageCost.path, {
      country: cost.country,
      cost_minor: cost.cost_minor + 7,
      reason: 'Price review',
    });
    expect(response.status).toBe(200);
    const settings = await publicSettings();
    expect(settings.minimum_message_costs[cost.country]).toEqual({
      costs: toMajor(cost.cost_minor + 7, cost.currency),
      currency: cost.currency,
    });
    expect(await lastAudit('site.message_cost')).toMatchObject({
      targetId: cost.country,
      before: { cost_minor: cost.cost_minor },
      after: { cost_minor: cost.cost_minor + 7 },
    });
    const bad = await post(postStaffMessageCost.path, { country: 'NL', cost_minor: -5, reason: 'bad' });
    expect(bad.status).toBe(400);
  });
});
