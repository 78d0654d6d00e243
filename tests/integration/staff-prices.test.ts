/**
 * The back office's bundle prices (docs/staff.md "Prices"): the seed gives every payment
 * country the prices it had as constants; finance changes a country's four prices behind a
 * fresh second factor (admin reads only), audited with before and after; members' bundles,
 * settings.php and new orders follow at once, an order already made keeps its amount; a
 * table where a bigger bundle is not cheaper per credit, or a price out of bounds, is refused.
 * Finance changes the bundles' credits the same way: credits that would break the rule in any
 * country are refused naming it; a new order credits the new amount, an open one its own.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPackages, getTransaction, type PackageKey } from '#src/contract/billing.ts';
import { getSettings } from '#src/contract/site.ts';
import { postStaffReauth } from '#src/contract/staff.ts';
import {
  BUNDLE_CREDITS_MAX,
  BUNDLE_PRICE_MAX_MINOR,
  getStaffPrices,
  postStaffBundleCredits,
  postStaffPrices,
  type StaffCountryPrices,
  type StaffPrices,
} from '#src/contract/staff-prices.ts';
import { bundleCredits, bundlePrices, messageCosts, staffAuditLog } from '#src/server/db/schema.ts';
import { PACKAGE_PRICES } from '#src/server/features/billing/packages.ts';
import {
  answerOf,
  call,
  createTestApp,
  errorAnswerOf,
  FIXED_NOW,
  json,
  seedSiteData,
  type TestApp,
} from './harness.ts';
import { account, buy, buyer, order, orderRow, payOnSandbox, type Buyer } from './billing-helpers.ts';
import { createTestStaff, staffLogin, staffRequest, totpNow, type TestStaff } from './staff-helpers.ts';

const MINUTE = 60_000;
let t: TestApp;
let finance: TestStaff;
let financeCookie: string;
let adminCookie: string;
let member: Buyer;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  t.clock.now = new Date(FIXED_NOW);
  member = await buyer(t, { country: 'NL' });
  finance = await createTestStaff(t, ['finance']);
  financeCookie = await staffLogin(t, finance);
  adminCookie = await staffLogin(t, await createTestStaff(t, ['admin']));
});
afterAll(async () => {
  await t.close();
});

const NEW_NL = { p0: 599, p1: 2499, p2: 4999, p3: 9999 };
const change = (cookie: string, body: Record<string, unknown>) =>
  staffRequest(t, postStaffPrices.path, { method: 'POST', json: { reason: 'Spring prices', ...body }, cookie });

async function errorOf(response: Response) {
  const { error } = await errorAnswerOf(response);
  return { status: response.status, code: error.code, field: error.field };
}

async function packagesOf(who: Buyer) {
  return call(t, getPackages, { session: who.session, host: who.host });
}

describe('the prices as seeded', () => {
  it('every payment country has the prices its currency had as constants, and the list shows them', async () => {
    const costs = await t.db.select().from(messageCosts);
    const list = await json<StaffPrices>(await staffRequest(t, getStaffPrices.path, { cookie: adminCookie }));
    expect(list.bundles.map(({ key, credits }) => ({ key, credits }))).toEqual([
      { key: 'p0', credits: 50 },
      { key: 'p1', credits: 250 },
      { key: 'p2', credits: 600 },
      { key: 'p3', credits: 1600 },
    ]);
    expect(list.countries.map((c) => c.country).sort()).toEqual(costs.map((c) => c.country).sort());
    for (const row of list.countries) {
      const constants = PACKAGE_PRICES[row.currency];
      expect([row.prices.p0, row.prices.p1, row.prices.p2, row.prices.p3], row.country).toEqual(constants);
    }
    const packages = await packagesOf(member);
    expect(packages.currency).toBe('EUR');
    expect(packages.packages.map((p) => p.price_minor)).toEqual([499, 1999, 3999, 7999]);
  });

  it('the table refuses a price of zero or above the maximum (checks of migration 0026)', async () => {
    const where = and(eq(bundlePrices.country, 'NL'), eq(bundlePrices.packageKey, 'p0'));
    await expect(t.db.update(bundlePrices).set({ priceMinor: 0 }).where(where)).rejects.toThrow();
    await expect(
      t.db
        .update(bundlePrices)
        .set({ priceMinor: BUNDLE_PRICE_MAX_MINOR + 1 })
        .where(where),
    ).rejects.toThrow();
  });
});

describe('changing a country’s prices', () => {
  let openOrder: string;

  it('is for finance only, and only with a fresh second factor', async () => {
    const { order: before } = await order(t, member, { package: 'p1' });
    openOrder = before.payment_id;
    expect(before).toMatchObject({ status: 'created', list_price_minor: 1999 });

    expect(await errorOf(await change(adminCookie, { country: 'NL', prices: NEW_NL }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await errorOf(await change(financeCookie, { country: 'NL', prices: NEW_NL }))).toMatchObject({
      status: 403,
      code: 'staff_reauth_required',
    });
    expect((await packagesOf(member)).packages[1]?.price_minor).toBe(1999);
    const reauth = await staffRequest(t, postStaffReauth.path, {
      method: 'POST',
      json: { code: await totpNow(t, finance.secret) },
      cookie: financeCookie,
    });
    expect(reauth.status).toBe(200);
  });

  it('refuses tables where a bigger bundle is not cheaper per credit, naming the bundle', async () => {
    const refused = async (prices: Record<string, number>, field: string) =>
      expect(await errorOf(await change(financeCookie, { country: 'NL', prices }))).toEqual({
        status: 400,
        code: 'invalid_input',
        field,
      });
    // 600 credits for 49.99 is 8.3 cents a credit, dearer than 250 for 19.99 (8.0).
    await refused({ ...NEW_NL, p1: 1999, p2: 4999 }, 'prices.p2');
    // Cheaper in all than the smaller bundle.
    await refused({ ...NEW_NL, p3: 4000 }, 'prices.p3');
    // Same price per credit is not cheaper.
    await refused({ p0: 500, p1: 2500, p2: 6000, p3: 16000 }, 'prices.p1');
    await refused({ ...NEW_NL, p0: 0 }, 'prices.p0');
    await refused({ ...NEW_NL, p3: BUNDLE_PRICE_MAX_MINOR + 1 }, 'prices.p3');
    await refused({ ...NEW_NL, p2: 49.5 }, 'prices.p2');
    const missing = await change(financeCookie, { country: 'NL', prices: { p0: 599, p1: 2499, p2: 4999 } });
    expect((await errorOf(missing)).field).toBe('prices.p3');
    expect(await errorOf(await change(financeCookie, { country: 'XX', prices: NEW_NL }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await packagesOf(member)).packages.map((p) => p.price_minor)).toEqual([499, 1999, 3999, 7999]);
  });

  it('saves, audits before and after, and members pay the new prices at once', async () => {
    const saved = await json<{ country: StaffCountryPrices }>(
      await change(financeCookie, { country: 'NL', prices: NEW_NL }),
    );
    expect(saved.country).toMatchObject({ country: 'NL', currency: 'EUR', prices: NEW_NL });

    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'prices.change'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      staffId: finance.id,
      targetType: 'country',
      targetId: 'NL',
      reason: 'Spring prices',
      before: { currency: 'EUR', prices: { p0: 499, p1: 1999, p2: 3999, p3: 7999 } },
      after: { currency: 'EUR', prices: NEW_NL },
    });

    // The credits screen's call answers the new prices (the cache followed the change)…
    const packages = await packagesOf(member);
    expect(packages.packages.map((p) => p.price_minor)).toEqual([599, 2499, 4999, 9999]);
    expect(packages.packages[1]?.per_credit_minor).toBe(10);
    // …and so does settings.php, which the static pricing page reads.
    const settings = (await answerOf(getSettings, await t.request(getSettings.path, { host: member.host }))).settings;
    expect(settings.bundle_prices['NL']).toEqual({
      currency: 'EUR',
      prices: { p0: 5.99, p1: 24.99, p2: 49.99, p3: 99.99 },
    });
    // Other countries keep theirs.
    expect(settings.bundle_prices['GB']?.prices['p1']).toBe(17.99);

    // A new order is charged the new price; the order made before keeps its amount.
    const { order: fresh } = await order(t, member, { package: 'p1' });
    expect(fresh).toMatchObject({ list_price_minor: 2499, currency: 'EUR' });
    expect((await orderRow(t, fresh.payment_id)).listPriceMinor).toBe(2499);
    const old = await call(t, getTransaction, {
      session: member.session,
      host: member.host,
      query: { id: openOrder },
    });
    expect(old.order).toMatchObject({ list_price_minor: 1999 });
    expect((await orderRow(t, openOrder)).listPriceMinor).toBe(1999);
  });
});

describe('changing the bundles’ credits', () => {
  const NEW_CREDITS = { p0: 50, p1: 280, p2: 600, p3: 1600 };
  const changeCredits = (cookie: string, body: Record<string, unknown>) =>
    staffRequest(t, postStaffBundleCredits.path, {
      method: 'POST',
      json: { reason: 'More credits in the small bundle', ...body },
      cookie,
    });
  let openOrder: { payment_id: string; redirect: string };

  it('is for finance only, and refuses credits with which a country’s prices would break the rule', async () => {
    const { order: made, redirect_url } = await order(t, member, { package: 'p1' });
    expect(made.credits).toBe(250);
    openOrder = { payment_id: made.payment_id, redirect: redirect_url ?? '' };

    expect(await errorOf(await changeCredits(adminCookie, { credits: NEW_CREDITS }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    // A bigger bundle giving fewer credits.
    expect(await errorOf(await changeCredits(financeCookie, { credits: { ...NEW_CREDITS, p2: 280 } }))).toEqual({
      status: 400,
      code: 'invalid_input',
      field: 'credits.p2',
    });
    expect(
      (await errorOf(await changeCredits(financeCookie, { credits: { ...NEW_CREDITS, p3: BUNDLE_CREDITS_MAX + 1 } })))
        .field,
    ).toBe('credits.p3');
    // 500 credits for 39.99 would be dearer per credit than 280 for 19.99 (in every EUR country).
    const broken = await changeCredits(financeCookie, { credits: { ...NEW_CREDITS, p2: 500 } });
    const { error } = await errorAnswerOf(broken);
    expect(broken.status).toBe(400);
    expect(error).toMatchObject({ code: 'bundle_credits_rule', field: 'credits.p2' });
    expect(error.message).toMatch(/bundle prices of [A-Z]{2} would break the rule/);
    expect((await packagesOf(member)).packages.map((p) => p.credits)).toEqual([50, 250, 600, 1600]);
  });

  it('saves, audits before and after; a new order credits the new amount, an open one keeps its own', async () => {
    const saved = await json<{ bundles: StaffPrices['bundles'] }>(
      await changeCredits(financeCookie, { credits: NEW_CREDITS }),
    );
    expect(Object.fromEntries(saved.bundles.map((b) => [b.key, b.credits]))).toEqual(NEW_CREDITS);
    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'prices.credits'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      staffId: finance.id,
      targetType: 'bundles',
      reason: 'More credits in the small bundle',
      before: { credits: { p0: 50, p1: 250, p2: 600, p3: 1600 } },
      after: { credits: NEW_CREDITS },
    });
    const [row] = await t.db.select().from(bundleCredits).where(eq(bundleCredits.packageKey, 'p1'));
    expect(row?.credits).toBe(280);

    // The credits screen and settings.php (the static pricing page) follow at once.
    const packages = await packagesOf(member);
    expect(packages.packages.map((p) => p.credits)).toEqual([50, 280, 600, 1600]);
    expect(packages.packages[1]?.per_credit_minor).toBe(8.93);
    const settings = (await answerOf(getSettings, await t.request(getSettings.path, { host: member.host }))).settings;
    expect(settings.bundle_credits).toEqual(NEW_CREDITS);

    // A new order of p1 gives 280 credits; the order made before the change still gives 250.
    const before = (await account(t, member.accountId)).credits;
    const fresh = await buy(t, member, { package: 'p1' });
    expect((await orderRow(t, fresh)).credits).toBe(280);
    expect((await account(t, member.accountId)).credits).toBe(before + 280);
    await payOnSandbox(t, openOrder.redirect, 'complete');
    const old = await orderRow(t, openOrder.payment_id);
    expect(old).toMatchObject({ status: 'completed', credits: 250, listPriceMinor: 2499 });
    expect((await account(t, member.accountId)).credits).toBe(before + 280 + 250);
  });

  it('a price change is checked against the new credits', async () => {
    // 62.99 for 600 credits is cheaper per credit than 27.99 for 250, not than 27.99 for 280.
    const prices: Record<PackageKey, number> = { p0: 599, p1: 2799, p2: 6299, p3: 9999 };
    expect(await errorOf(await change(financeCookie, { country: 'NL', prices }))).toMatchObject({
      status: 400,
      field: 'prices.p2',
    });
  });
});
