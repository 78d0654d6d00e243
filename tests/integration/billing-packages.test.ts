/**
 * The bundles and payment methods per site, country and currency (SPEC §2.7
 * 'Credits', 'Pricing', §3 'Payment methods', §9 'Premium package tiers').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, getPackages, paymentMethodsFor } from '#src/contract/billing.ts';
import { COUNTRIES } from '#src/lib/locales.ts';
import { currencyOf } from '#src/server/features/billing/packages.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';
import { buyer } from './billing-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

describe('packages.php', () => {
  it('answers four bundles in the currency of the member’s country, one popular', async () => {
    const cases = [
      { country: 'NL', currency: 'EUR', p1: 1999 },
      { country: 'GB', currency: 'GBP', p1: 1799 },
      { country: 'US', currency: 'USD', p1: 2299 },
      { country: 'SE', currency: 'SEK', p1: 22900 },
      { country: 'PL', currency: 'PLN', p1: 8499 },
      { country: 'CH', currency: 'CHF', p1: 1999 },
      { country: 'DK', currency: 'DKK', p1: 14900 },
    ] as const;
    for (const c of cases) {
      const me = await buyer(t, { country: c.country });
      const data = await call(t, getPackages, { session: me.session });
      expect(data).toMatchObject({ country: c.country, currency: c.currency, first_purchase: true, refund_days: 14 });
      expect(data.packages.map((p) => p.key)).toEqual(['p0', 'p1', 'p2', 'p3']);
      expect(data.packages.filter((p) => p.popular)).toHaveLength(1);
      expect(data.packages[1]?.price_minor).toBe(c.p1);
      expect(data.packages.every((p) => p.currency === c.currency)).toBe(true);
      // Bigger bundles: more credits per unit of money.
      const perCredit = data.packages.map((p) => p.price_minor / p.credits);
      for (let i = 1; i < perCredit.length; i += 1) expect(perCredit[i]).toBeLessThan(perCredit[i - 1] ?? 0);
    }
  });

  it('has a currency with prices for every country the sites serve', async () => {
    for (const country of COUNTRIES) expect(await currencyOf(t.db, country)).toMatch(/^[A-Z]{3}$/);
  });

  it('filters the methods by country and bundle', async () => {
    const nl = await call(t, getPackages, { session: (await buyer(t, { country: 'NL' })).session });
    const keys = nl.methods.map((m) => m.key);
    expect(keys).toEqual(expect.arrayContaining(['ideal', 'visa', 'mastercard', 'paypal', 'applepay', 'sdd', 'sct']));
    expect(keys).not.toContain('bancontact');
    expect(keys).not.toContain('blik');
    expect(nl.methods.find((m) => m.key === 'sdd')?.flow).toBe('directdebit');
    expect(nl.methods.find((m) => m.key === 'paysafecard')?.fee_percent).toBe(5);
    expect(nl.packages[0]?.methods).not.toContain('klarna');
    expect(nl.packages[3]?.methods).not.toContain('paysafecard');

    expect(paymentMethodsFor('BE')).toContain('bancontact');
    expect(paymentMethodsFor('PL')).toEqual(expect.arrayContaining(['blik', 'prezelewy24']));
    expect(paymentMethodsFor('AT')).toContain('eps');
    expect(paymentMethodsFor('SE')).toContain('swish');
    expect(paymentMethodsFor('DK')).toEqual(expect.arrayContaining(['mobilepay', 'dankort']));
    expect(paymentMethodsFor('FI')).toContain('mobilepay');
    expect(paymentMethodsFor('NO')).toContain('vipps');
    expect(paymentMethodsFor('CH')).toContain('twint');
    expect(paymentMethodsFor('IT')).toEqual(expect.arrayContaining(['satispay', 'nexi']));
    expect(paymentMethodsFor('FR')).toContain('cartebancaire');
    expect(paymentMethodsFor('GB')).not.toContain('sdd');
    expect(paymentMethodsFor('US')).not.toContain('sdd');
    for (const country of COUNTRIES) {
      expect(paymentMethodsFor(country)).toEqual(expect.arrayContaining(['visa', 'mastercard', 'paypal', 'applepay']));
    }
    // Every method is offered somewhere.
    const offered = new Set(COUNTRIES.flatMap(paymentMethodsFor));
    for (const method of PAYMENT_METHODS) expect(offered.has(method)).toBe(true);
  });

  it('prices in another of the site’s countries when the member picks it', async () => {
    const me = await buyer(t, { country: 'NL' });
    const data = await call(t, getPackages, { session: me.session, query: { country: 'SE' } });
    expect(data).toMatchObject({ country: 'SE', currency: 'SEK' });
    expect(data.methods.map((m) => m.key)).toContain('swish');
    const failure = await callError(t, getPackages, { session: me.session, query: { country: 'JP' } });
    expect(failure).toMatchObject({ code: 'invalid_input', field: 'country' });
  });
});
