/**
 * Buying credits on the client (SPEC §2.7 'Credits', 'Payment', 'Repeat order', §4
 * 'Payment'): prices with a discount and a fee, the bundles and the chosen method, a code
 * entered and refused, the order going to the checkout, the SEPA form or the result, and
 * repeating an order whose stored card is declined.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepMount } from 'nanostores';
import {
  $discount,
  $packages,
  discountForm,
  loadPackages,
  methodFor,
  removeDiscount,
  resetCredits,
  choosePaymentCountry,
} from '#src/features/credits/credits-store.ts';
import { orderForm } from '#src/features/credits/payment-store.ts';
import { createRepeatOrderStore } from '#src/features/credits/repeat-order-store.ts';
import { discountBlock, discountMinorOf, methodName, quote, transactionFeeOf } from '#src/features/credits/pricing.ts';
import { formatMoney } from '#src/lib/money.ts';
import type { ApiClient } from '#src/client/api.ts';
import { getDiscountCode, getWelcomeDiscount } from '#src/contract/discounts.ts';
import { $router } from '#src/stores/router.ts';
import { $session } from '#src/stores/session.ts';
import { member, scriptedApi, type Handler } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';
import { discountCode, order, packagesData, refusal } from './credits-fixtures.ts';

/** The same endpoint (their types differ, their identity decides). */
const same = (a: unknown, b: unknown) => a === b;

keepMount($router);

afterEach(() => {
  resetCredits();
  orderForm.reset();
  $session.set({ status: 'loading' });
});

const ok = (body: unknown) => ({ status: 200, body });

function serve(handler: Handler) {
  const scripted = scriptedApi(handler);
  const env = testEnvironment({ api: scripted.api });
  return { env, requests: scripted.requests };
}

describe('prices (what the member is shown before paying)', () => {
  it('formats minor units in the member’s locale and currency', () => {
    expect(formatMoney(1999, 'EUR', 'de')).toBe('19,99\u00a0€');
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatMoney(22900, 'SEK', 'sv')).toBe('229,00\u00a0kr');
  });

  it('takes the percentage off rounded half up and adds the method’s fee on the discounted price', () => {
    expect(discountMinorOf(1999, '25.0')).toBe(500);
    expect(discountMinorOf(499, '12.5')).toBe(62);
    expect(transactionFeeOf('creditcard', 1499)).toBe(0);
    expect(transactionFeeOf('paysafecard', 1499)).toBe(75);
    const price = quote({ price_minor: 1999, currency: 'EUR' }, 'DE', discountCode(), 'paysafecard');
    expect(price).toMatchObject({ listMinor: 1999, discountMinor: 500, feeMinor: 75, totalMinor: 1574 });
  });

  it('applies a code only within its country, minimum order and payment methods', () => {
    const purchase = { priceMinor: 1999, currency: 'EUR', country: 'DE', method: 'visa' as const };
    expect(discountBlock(discountCode(), purchase)).toBeNull();
    expect(discountBlock(discountCode({ country: 'NL' }), purchase)).toEqual({ reason: 'country' });
    const minimum = discountCode({ minimum_order_value: 30, minimum: 30, currency: 'EUR' });
    expect(discountBlock(minimum, purchase)).toEqual({ reason: 'minimum', minimumMinor: 3000, currency: 'EUR' });
    expect(discountBlock(minimum, { ...purchase, priceMinor: 3999 })).toBeNull();
    expect(discountBlock(minimum, { ...purchase, priceMinor: 3999, currency: 'SEK' })).toMatchObject({
      reason: 'minimum',
    });
    expect(discountBlock(discountCode({ paymentmethods: ['paypal'] }), purchase)).toEqual({ reason: 'method' });
    const blocked = quote({ price_minor: 1999, currency: 'EUR' }, 'DE', discountCode({ country: 'NL' }), 'visa');
    expect(blocked).toMatchObject({ discountMinor: 0, code: null, totalMinor: 1999 });
  });

  it('names brands as they are and generic methods by a text', () => {
    expect(methodName('ideal')).toEqual({ brand: 'iDEAL' });
    expect(methodName('creditcard')).toEqual({ key: 'credits.methods.creditcard' });
  });
});

describe('bundles, payment country and method', () => {
  it('loads the bundles once, and again for another payment country', async () => {
    const { requests } = serve(() => ok(packagesData()));
    await loadPackages();
    await loadPackages();
    expect(requests).toHaveLength(1);
    expect($packages.get()).toMatchObject({ status: 'ready', data: { country: 'DE' } });
    await choosePaymentCountry('NL');
    expect(requests).toHaveLength(2);
  });

  it('a failed load can be retried', async () => {
    let fail = true;
    serve(() => (fail ? refusal(404, 'not_found', 'Not found') : ok(packagesData())));
    await loadPackages();
    expect($packages.get().status).toBe('error');
    fail = false;
    await loadPackages();
    expect($packages.get().status).toBe('ready');
  });

  it('offers the chosen method, else the stored one, else the country’s first', () => {
    const data = packagesData({ stored_method: { method: 'paypal', label: 'PayPal b@example.com' } });
    expect(methodFor(data, 'giropay')).toBe('giropay');
    expect(methodFor(data, 'ideal')).toBe('paypal'); // not offered in Germany
    expect(methodFor(data, null)).toBe('paypal');
    expect(methodFor(packagesData(), null)).toBe('creditcard');
  });
});

describe('discount code entry', () => {
  it('offers the welcome discount; an entered code replaces it; removing codes down to none', async () => {
    $session.set({ status: 'member', user: member() });
    const spring = discountCode({ code: 'SPRING10', kind: 'promo', value_percentage: '10.0', percentage: '10.0' });
    const asked: unknown[] = [];
    const api: ApiClient = {
      call: (endpoint, input) => {
        asked.push(input?.query);
        if (same(endpoint, getWelcomeDiscount)) return Promise.resolve({ discount: discountCode() }) as never;
        if (same(endpoint, getDiscountCode)) return Promise.resolve({ discount: spring }) as never;
        return Promise.reject(new Error(endpoint.path));
      },
    };
    testEnvironment({ api });
    const unsubscribe = $discount.listen(() => {});
    await vi.waitFor(() => expect($discount.get()).toMatchObject({ source: 'offer', code: { code: 'WELCOME25' } }));
    await discountForm.submit(' spring10 ');
    expect(asked).toContainEqual({ code: 'SPRING10' });
    expect($discount.get()).toMatchObject({ source: 'entered', code: { code: 'SPRING10' } });
    removeDiscount();
    expect($discount.get()).toMatchObject({ source: 'offer', code: { code: 'WELCOME25' } });
    removeDiscount();
    expect($discount.get()).toBeNull();
    unsubscribe();
  });

  it('shows the server’s refusal: Code not found, Code already used', async () => {
    let answer = refusal(404, 'code_not_found', 'Code not found', 'code');
    serve(() => answer);
    await discountForm.submit('NOPE');
    expect(discountForm.$error.get()).toBe('Code not found');
    answer = refusal(409, 'code_used', 'Code already used', 'code');
    await discountForm.submit('USED1');
    expect(discountForm.$error.get()).toBe('Code already used');
    expect($discount.get()?.source).not.toBe('entered');
  });

  it('refuses a malformed code without asking the server', async () => {
    const { requests } = serve(() => ok({}));
    await discountForm.submit('no spaces!');
    expect(discountForm.$error.get()).toBe('Code not found');
    expect(requests).toHaveLength(0);
  });
});

describe('an order', () => {
  const request = { package: 'p1', method: 'creditcard', discountCode: 'WELCOME25', country: null } as const;

  it('opens the provider’s checkout with a full page load', async () => {
    const { env, requests } = serve(() =>
      ok({ order: order(), next: 'checkout', redirect_url: 'http://localhost:4321/sandbox-pay/tok' }),
    );
    await orderForm.submit(request);
    expect(requests[0]?.body).toEqual({ package: 'p1', method: 'creditcard', discount_code: 'WELCOME25' });
    expect(env.navigations).toEqual(['http://localhost:4321/sandbox-pay/tok']);
  });

  it('goes to the result of a charged stored method, or to the SEPA form for direct debit', async () => {
    let next: 'transaction' | 'directdebit' = 'transaction';
    const { env } = serve(() => ok({ order: order(), next, redirect_url: null }));
    await orderForm.submit(request);
    expect($router.get()?.path).toBe('/transactions/ABC123XYZ0');
    orderForm.reset();
    next = 'directdebit';
    await orderForm.submit({ ...request, method: 'sdd' });
    expect($router.get()).toMatchObject({ route: 'directdebit', search: { order: 'ABC123XYZ0' } });
    expect(env.navigations).toEqual([]);
  });

  it('shows a refusal and stays', async () => {
    const { env } = serve(() =>
      refusal(400, 'method_not_available', 'This payment method is not available for this bundle.', 'method'),
    );
    await orderForm.submit(request);
    expect(orderForm.$error.get()).toBe('This payment method is not available for this bundle.');
    expect(env.navigations).toEqual([]);
  });
});

describe('repeat order', () => {
  const repeat = {
    package: packagesData().packages[1],
    method: 'visa',
    stored_method: { method: 'visa', label: 'Visa •••• 0002' },
  };

  it('buys the last bundle again with the stored card and shows the result', async () => {
    const { requests } = serve(({ method }) =>
      method === 'GET'
        ? ok({ repeat })
        : ok({ order: order({ status: 'completed', kind: 'stored' }), next: 'transaction', redirect_url: null }),
    );
    const store = createRepeatOrderStore();
    await store.load();
    expect(store.$state.get()).toMatchObject({ status: 'ready', repeat: { method: 'visa' } });
    await store.repeatForm.submit();
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect($router.get()?.path).toBe('/transactions/ABC123XYZ0');
  });

  it('a stored card is charged only after the member confirms; Cancel charges nothing', async () => {
    const { requests } = serve(({ method }) =>
      method === 'GET'
        ? ok({ repeat })
        : ok({ order: order({ status: 'completed', kind: 'stored' }), next: 'transaction', redirect_url: null }),
    );
    const store = createRepeatOrderStore();
    await store.load();
    store.buy();
    expect(store.$confirming.get()).toBe(true);
    store.cancel();
    expect(store.$confirming.get()).toBe(false);
    store.buy();
    await Promise.resolve();
    expect(requests.map((r) => r.method)).toEqual(['GET']);
    await store.repeatForm.submit();
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('without a stored method Buy opens the checkout at once (the checkout confirms)', async () => {
    const { requests } = serve(({ method }) =>
      method === 'GET'
        ? ok({ repeat: { ...repeat, method: 'paypal', stored_method: null } })
        : ok({ order: order(), next: 'checkout', redirect_url: 'http://localhost/sandbox-pay/tok' }),
    );
    const store = createRepeatOrderStore();
    await store.load();
    store.buy();
    expect(store.$confirming.get()).toBe(false);
    await vi.waitFor(() => expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']));
  });

  it('a declined stored card offers Try again instead of an error', async () => {
    const text = 'The payment could not be completed with the stored card.';
    serve(({ method }) => (method === 'GET' ? ok({ repeat }) : refusal(402, 'stored_payment_failed', text)));
    const store = createRepeatOrderStore();
    await store.load();
    await store.repeatForm.submit();
    expect(store.$storedFailed.get()).toBe(text);
    expect(store.repeatForm.$error.get()).toBeNull();
  });

  it('nothing to repeat', async () => {
    serve(() => ok({ repeat: null }));
    const store = createRepeatOrderStore();
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'none' });
  });
});
