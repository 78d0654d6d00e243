/**
 * Discount codes (SPEC §3 'Discount code', §4 'Time bonus', §5 'Discount codes',
 * §7 discountcode.php, §9 'Discounts'): the lookup a member or visitor makes, and the quote
 * and redemption billing uses, with every rule: not found, used, expired, country, minimum,
 * payment method, once-per-user (also with two orders completing at once), once, the
 * welcome discount before the first purchase only, and the time bonus window.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { WELCOME_DISCOUNT_CODE, getDiscountCode, getWelcomeDiscount } from '#src/contract/discounts.ts';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_SECONDS } from '#src/lib/constants.ts';
import { getSettings } from '#src/contract/site.ts';
import { accounts, discountCodes, discountRedemptions, sites } from '#src/server/db/schema.ts';
import { quoteDiscount, redeemDiscount } from '#src/server/features/discounts/service.ts';
import { siteData } from '#src/server/features/site/cache.ts';
import { DEMO_PROMO_CODE } from '#src/server/features/discounts/seed.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { FIXED_NOW, call, callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

type LookupQuery = z.input<typeof getDiscountCode.query>;

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

async function member(init: { country?: 'NL' | 'DE'; paid?: boolean; site?: string } = {}) {
  const created = await createTestMember(t, { country: init.country ?? 'NL', siteId: init.site ?? 'default' });
  if (init.paid) await t.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  return { ...created, session: await t.login(created.accountId) };
}

/** A promo code of its own for one test. */
async function promo(values: Partial<typeof discountCodes.$inferInsert> = {}): Promise<string> {
  counter += 1;
  const code = `TEST${counter}X`;
  await t.db.insert(discountCodes).values({
    code,
    kind: 'promo',
    percentage: '15.0',
    validity: 'once-per-user',
    ...values,
  });
  return code;
}

const lookup = (m: { session: string }, query: LookupQuery) => call(t, getDiscountCode, { session: m.session, query });
const refusal = (m: { session: string }, query: LookupQuery) =>
  callError(t, getDiscountCode, { session: m.session, query });

let orderCounter = 0;
const redeem = (code: string, accountId: number, orderId = `order-${++orderCounter}`) =>
  t.db.transaction((tx) => redeemDiscount(tx, { code, accountId, orderId }));

async function quoteError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error.code;
    throw error;
  }
  throw new Error('the quote was not refused');
}

describe('GET /api/discountcode.php?code=', () => {
  it('answers a code with the SPEC fields, whatever its case', async () => {
    const m = await member();
    const { discount } = await lookup(m, { code: DEMO_PROMO_CODE.toLowerCase() });
    expect(discount).toEqual({
      code: DEMO_PROMO_CODE,
      kind: 'promo',
      country: null,
      user_id: null,
      expires: null,
      expires_in: null,
      value_percentage: '10.0',
      percentage: '10.0',
      currency: 'EUR',
      minimum_order_value: 20,
      minimum: 20,
      status: 'active',
      validity: 'once-per-user',
      expired: false,
      paymentmethods: [],
    });
  });

  it('needs a logged-in member', async () => {
    const failure = await callError(t, getDiscountCode, { query: { code: DEMO_PROMO_CODE } });
    expect(failure.code).toBe('authentication_required');
  });

  it("answers 'Code not found' for an unknown, inactive, other site's or other member's code", async () => {
    const m = await member();
    const other = await member();
    const inactive = await promo({ status: 'inactive' });
    const gayOnly = await promo({ siteId: 'gay' });
    const personal = await promo({ accountId: other.accountId });
    for (const code of ['NOSUCHCODE', inactive, gayOnly, personal]) {
      const failure = await refusal(m, { code });
      expect(failure).toMatchObject({ status: 404, code: 'code_not_found', message: 'Code not found', field: 'code' });
    }
    // The owner of the personal code sees it as theirs.
    const { discount } = await lookup(other, { code: personal });
    expect(discount.user_id).toBe(String(other.accountId));
  });

  it('refuses an expired code and shows the time left of a running one', async () => {
    const m = await member();
    const expired = await promo({ expiresAt: new Date(FIXED_NOW.getTime() - 1000) });
    expect((await refusal(m, { code: expired })).code).toBe('code_expired');
    const running = await promo({ expiresAt: new Date(FIXED_NOW.getTime() + 90 * 60_000) });
    const { discount } = await lookup(m, { code: running });
    expect(discount).toMatchObject({ expires_in: 5400, expired: false });
  });

  it("checks the country: the member's profile country, or the payment country asked", async () => {
    const nl = await member({ country: 'NL' });
    const de = await member({ country: 'DE' });
    const code = await promo({ country: 'NL' });
    expect((await lookup(nl, { code })).discount.country).toBe('NL');
    const failure = await refusal(de, { code });
    expect(failure).toMatchObject({ code: 'code_country', message: 'This code is not valid in your country.' });
    expect((await lookup(de, { code, country: 'NL' })).discount.code).toBe(code);
  });

  it('checks the minimum order value, naming the amount, in its currency', async () => {
    const m = await member();
    const below = await refusal(m, { code: DEMO_PROMO_CODE, amount: 1999, currency: 'EUR' });
    expect(below).toMatchObject({ code: 'code_minimum', message: 'This code is valid for orders from €20.00.' });
    const otherCurrency = await refusal(m, { code: DEMO_PROMO_CODE, amount: 5000, currency: 'GBP' });
    expect(otherCurrency.code).toBe('code_minimum');
    expect((await lookup(m, { code: DEMO_PROMO_CODE, amount: 2000, currency: 'EUR' })).discount.code).toBe(
      DEMO_PROMO_CODE,
    );
    const german = await callError(t, getDiscountCode, {
      session: m.session,
      cookies: { locale: 'de' },
      query: { code: DEMO_PROMO_CODE, amount: 100, currency: 'EUR' },
    });
    expect(german.message).toBe('Dieser Code gilt ab einem Bestellwert von 20,00\u00a0€.');
  });

  it('checks the payment method when the code names some', async () => {
    const m = await member();
    const code = await promo({ paymentMethods: ['ideal'] });
    expect((await refusal(m, { code, paymentmethod: 'visa' })).code).toBe('code_payment_method');
    expect((await lookup(m, { code, paymentmethod: 'ideal' })).discount.paymentmethods).toEqual(['ideal']);
  });
});

describe('use of a code', () => {
  it("a once-per-user code: 'Code already used' for that member, still there for others", async () => {
    const a = await member();
    const b = await member();
    const code = await promo();
    expect(await redeem(code, a.accountId)).toBe(true);
    expect(await refusal(a, { code })).toMatchObject({ code: 'code_used', message: 'Code already used' });
    await expect(
      quoteDiscount(t.db, {
        accountId: a.accountId,
        siteId: 'default',
        code,
        amountMinor: 3000,
        currency: 'EUR',
        country: 'NL',
        method: 'ideal',
        now: FIXED_NOW,
      }),
    ).rejects.toMatchObject({ code: 'code_used' });
    expect((await lookup(b, { code })).discount.code).toBe(code);
  });

  it('a once code: used by one member, used for everyone', async () => {
    const a = await member();
    const b = await member();
    const code = await promo({ validity: 'once' });
    await redeem(code, a.accountId);
    expect((await refusal(b, { code })).code).toBe('code_used');
  });

  it('an unlimited code stays usable', async () => {
    const a = await member();
    const code = await promo({ validity: 'unlimited' });
    expect(await redeem(code, a.accountId)).toBe(true);
    expect(await redeem(code, a.accountId)).toBe(true);
    expect((await lookup(a, { code })).discount.validity).toBe('unlimited');
  });

  it('records one use per order, however often the completion runs', async () => {
    const a = await member();
    const code = await promo();
    expect(await redeem(code, a.accountId, 'order-twice')).toBe(true);
    expect(await redeem(code, a.accountId, 'order-twice')).toBe(true);
    const rows = await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, 'order-twice'));
    expect(rows).toHaveLength(1);
  });

  it('two orders completing at once with a once-per-user code: exactly one gets the use', async () => {
    const a = await member();
    const code = await promo();
    const results = await Promise.all([
      redeem(code, a.accountId, 'parallel-1'),
      redeem(code, a.accountId, 'parallel-2'),
      redeem(code, a.accountId, 'parallel-3'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await t.db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, code));
    const uses = await t.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, row?.id ?? 0));
    expect(uses).toHaveLength(1);
  });

  it('quotes the discount of an order, rounded to the nearest minor unit', async () => {
    const a = await member();
    const quote = (code: string, amountMinor: number) =>
      quoteDiscount(t.db, {
        accountId: a.accountId,
        siteId: 'default',
        code,
        packageKey: 'p1',
        amountMinor,
        currency: 'EUR',
        country: 'NL',
        method: 'ideal',
        now: FIXED_NOW,
      });
    expect(await quote(WELCOME_DISCOUNT_CODE.toLowerCase(), 2999)).toEqual({
      code: WELCOME_DISCOUNT_CODE,
      percentage: '25.0',
      discountMinor: 750,
      reservation: 'first_purchase',
    });
    expect(await quote(DEMO_PROMO_CODE, 2005)).toEqual({
      code: DEMO_PROMO_CODE,
      percentage: '10.0',
      discountMinor: 201,
      reservation: expect.stringMatching(/^code:\d+$/) as unknown,
    });
    expect(await quoteError(quote(DEMO_PROMO_CODE, 1999))).toBe('code_minimum');
    expect(await quoteError(quote('NOSUCHCODE', 1999))).toBe('code_not_found');
    // A member of another site cannot quote on this one.
    const gay = await member({ site: 'gay' });
    const foreign = quoteDiscount(t.db, {
      accountId: gay.accountId,
      siteId: 'default',
      code: DEMO_PROMO_CODE,
      amountMinor: 3000,
      currency: 'EUR',
      country: 'NL',
      method: 'ideal',
    });
    expect(await quoteError(foreign)).toBe('code_not_found');
  });
});

describe('the welcome discount (?welcome=true)', () => {
  it('answers visitors and members before their first purchase', async () => {
    const visitor = await call(t, getWelcomeDiscount, { query: { welcome: 'true' } });
    expect(visitor.discount).toMatchObject({
      code: WELCOME_DISCOUNT_CODE,
      kind: 'welcome',
      value_percentage: '25.0',
      validity: 'once-per-user',
      status: 'active',
      user_id: null,
    });
    const m = await member();
    const mine = await call(t, getWelcomeDiscount, { session: m.session, query: { welcome: 'true' } });
    expect(mine.discount.code).toBe(WELCOME_DISCOUNT_CODE);
  });

  it('is gone after the first purchase', async () => {
    const paid = await member({ paid: true });
    const failure = await callError(t, getWelcomeDiscount, { session: paid.session, query: { welcome: 'true' } });
    expect(failure).toMatchObject({ code: 'code_first_purchase' });
    const used = await member();
    await redeem(WELCOME_DISCOUNT_CODE, used.accountId);
    const again = await callError(t, getWelcomeDiscount, { session: used.session, query: { welcome: 'true' } });
    expect(again.code).toBe('code_used');
  });
});

describe('the time bonus', () => {
  it('lasts 14 400 s from signup, counted by the server', async () => {
    const m = await member();
    const start = await lookup(m, { code: TIME_BONUS_CODE });
    expect(start.discount).toMatchObject({
      code: TIME_BONUS_CODE,
      kind: 'time_bonus',
      value_percentage: '25.0',
      status: 'active',
      validity: 'once-per-user',
      expires_in: TIME_BONUS_WINDOW_SECONDS,
      expires: new Date(FIXED_NOW.getTime() + TIME_BONUS_WINDOW_SECONDS * 1000).toISOString(),
    });
    try {
      t.clock.now = new Date(FIXED_NOW.getTime() + (TIME_BONUS_WINDOW_SECONDS - 1) * 1000);
      expect((await lookup(m, { code: TIME_BONUS_CODE })).discount.expires_in).toBe(1);
      t.clock.now = new Date(FIXED_NOW.getTime() + TIME_BONUS_WINDOW_SECONDS * 1000);
      expect((await refusal(m, { code: TIME_BONUS_CODE })).code).toBe('code_expired');
      await expect(
        quoteDiscount(t.db, {
          accountId: m.accountId,
          siteId: 'default',
          code: TIME_BONUS_CODE,
          amountMinor: 3000,
          currency: 'EUR',
          country: 'NL',
          method: 'ideal',
          now: t.clock.now,
        }),
      ).rejects.toMatchObject({ code: 'code_expired' });
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });

  it('is not for paid members, and is used once', async () => {
    const paid = await member({ paid: true });
    expect((await refusal(paid, { code: TIME_BONUS_CODE })).code).toBe('code_first_purchase');
    const m = await member();
    await redeem(TIME_BONUS_CODE, m.accountId);
    expect((await refusal(m, { code: TIME_BONUS_CODE })).code).toBe('code_used');
  });
});

describe("the premium page's claim", () => {
  it('is on by default and operators can turn it off in the site settings', async () => {
    const before = await call(t, getSettings, { host: 'she.localhost' });
    expect(before.settings.premium_claim).toBe(true);
    const [row] = await t.db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, 'she'));
    // The app hears of the change through the database's notification (PostgreSQL: ms later).
    const heard = siteData(t.database).nextChange();
    await t.db
      .update(sites)
      .set({ settings: { ...row?.settings, premium_claim: false } })
      .where(eq(sites.id, 'she'));
    await heard;
    const after = await call(t, getSettings, { host: 'she.localhost' });
    expect(after.settings.premium_claim).toBe(false);
  });
});

describe('a start date, a maximum of uses in all, first purchase only (docs/discounts.md)', () => {
  const DAY = 86_400_000;

  it('refuses a code before its start date, naming it, and takes it from then on', async () => {
    const m = await member();
    const code = await promo({ startsAt: new Date(t.clock.now.getTime() + 2 * DAY) });
    const early = await refusal(m, { code });
    expect(early).toMatchObject({ status: 400, code: 'code_not_started', field: 'code' });
    expect(early.message).toContain(String(new Date(t.clock.now.getTime() + 2 * DAY).getUTCFullYear()));
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + 3 * DAY);
    try {
      expect((await lookup(m, { code })).discount.code).toBe(code);
    } finally {
      t.clock.now = before;
    }
  });

  it('refuses a code used as often as it may be, whoever used it', async () => {
    const code = await promo({ validity: 'unlimited', maxUses: 2 });
    const [a, b, c] = [await member(), await member(), await member()];
    expect(await redeem(code, a.accountId)).toBe(true);
    expect((await lookup(c, { code })).discount.code).toBe(code);
    expect(await redeem(code, b.accountId)).toBe(true);
    expect(await refusal(c, { code })).toMatchObject({ status: 400, code: 'code_used_up' });
    const quote = quoteDiscount(t.db, {
      accountId: c.accountId,
      siteId: 'default',
      code,
      amountMinor: 2000,
      currency: 'EUR',
      country: 'NL',
      method: 'creditcard',
      now: t.clock.now,
    });
    expect(await quoteError(quote)).toBe('code_used_up');
  });

  it('refuses a first-purchase-only promo code to a member who paid before', async () => {
    const code = await promo({ firstPurchaseOnly: true });
    expect(await refusal(await member({ paid: true }), { code })).toMatchObject({
      status: 400,
      code: 'code_first_purchase',
    });
    expect((await lookup(await member(), { code })).discount.code).toBe(code);
  });
});
