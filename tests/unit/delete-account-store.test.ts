import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETED_PATH,
  REDIRECT_COUNTDOWN_S,
  createDeleteAccountStore,
} from '#src/features/settings/delete-account-store.ts';
import { $discount, resetCredits } from '#src/features/credits/credits-store.ts';
import { $router } from '#src/stores/router.ts';
import { scriptedApi, type Answer } from '../fixtures/members.ts';
import { testEnvironment } from './test-environment.ts';

const company = (deleteDiscount: string) => ({
  company: {
    name: 'Example BV',
    address: 'Street 1',
    kvk: '123',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: [],
    vat_numbers: [],
    support_phone: '+31 20 000 0000',
    delete_discount: deleteDiscount,
    added: '2023-01-01',
  },
});

function setup(answers: { company?: Answer; deletion?: Answer } = {}) {
  const go = vi.fn<(url: string) => void>();
  const { api, requests } = scriptedApi(({ method, path }) => {
    if (path === '/api/companyinfo.php') return answers.company ?? { status: 200, body: company('STAY50') };
    if (method === 'DELETE' && path === '/api/user.php')
      return answers.deletion ?? { status: 200, body: { redirect: null } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  });
  testEnvironment({ api, navigate: go });
  const store = createDeleteAccountStore();
  return { store, go, requests };
}

/** Lets the scripted API answer (promises only, the fake clock does not move). */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('account deletion flow (SPEC §2.7)', () => {
  it('offers the alternatives first, with the non-expiring discount code of the company', async () => {
    const { store } = setup();
    expect(store.$state.get()).toEqual({ step: 'closed' });
    store.open();
    expect(store.$state.get()).toEqual({ step: 'alternatives', discount: undefined });
    await settle();
    expect(store.$state.get()).toEqual({ step: 'alternatives', discount: 'STAY50' });
  });

  it('goes on without a discount when the company has none or the call fails', async () => {
    const empty = setup({ company: { status: 200, body: company('') } });
    empty.store.open();
    await settle();
    expect(empty.store.$state.get()).toEqual({ step: 'alternatives', discount: null });
    const failing = setup({ company: { status: 400, body: { error: { code: 'unknown_site', message: 'x' } } } });
    failing.store.open();
    await settle();
    expect(failing.store.$state.get()).toEqual({ step: 'alternatives', discount: null });
  });

  it('keeps the account from the alternatives and from the reason step', async () => {
    const { store, requests } = setup();
    store.open();
    store.keep();
    expect(store.$state.get()).toEqual({ step: 'closed' });
    store.open();
    store.toReason();
    store.setReason('price');
    store.keep();
    expect(store.$state.get()).toEqual({ step: 'closed' });
    await settle();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('needs a reason before deleting', async () => {
    const { store, requests } = setup();
    store.open();
    store.toReason();
    store.setPassword('my-password');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({ step: 'reason', reason: null });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('needs the current password before deleting', async () => {
    const { store, requests } = setup();
    store.open();
    store.toReason();
    store.setReason('other');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({ step: 'reason', reason: 'other', password: '' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deletes with the reason and remarks, then ends on /account-deleted without a partner', async () => {
    const { store, go, requests } = setup();
    store.open();
    store.toReason();
    store.setReason('no_members_nearby');
    store.setRemarks('  too far away  ');
    store.setPassword('my-password');
    const done = store.confirm();
    expect(store.$state.get()).toMatchObject({ step: 'deleting', reason: 'no_members_nearby' });
    await done;
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      reason: 'no_members_nearby',
      remarks: 'too far away',
      password: 'my-password',
    });
    expect(store.$state.get()).toEqual({ step: 'left', url: ACCOUNT_DELETED_PATH });
    expect(go).toHaveBeenCalledWith(ACCOUNT_DELETED_PATH);
  });

  it('leaves out empty remarks', async () => {
    const { store, requests } = setup();
    store.open();
    store.toReason();
    store.setReason('other');
    store.setRemarks('   ');
    store.setPassword('my-password');
    await store.confirm();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ reason: 'other', password: 'my-password' });
  });

  it('shows the server message and keeps the answers when the deletion fails', async () => {
    const { store, go } = setup({
      deletion: { status: 400, body: { error: { code: 'bad_request', message: 'Something is wrong.' } } },
    });
    store.open();
    store.toReason();
    store.setReason('price');
    store.setRemarks('expensive');
    store.setPassword('my-password');
    await store.confirm();
    expect(store.$state.get()).toEqual({
      step: 'reason',
      reason: 'price',
      remarks: 'expensive',
      password: 'my-password',
      error: 'Something is wrong.',
    });
    expect(go).not.toHaveBeenCalled();
  });

  describe('with a partner redirect', () => {
    const partner = 'https://partner.example/welcome';
    async function deleted() {
      const ctx = setup({ deletion: { status: 200, body: { redirect: partner } } });
      ctx.store.open();
      ctx.store.toReason();
      ctx.store.setReason('found_someone');
      ctx.store.setPassword('my-password');
      await ctx.store.confirm();
      return ctx;
    }

    it('counts down 5 s, then goes to the partner', async () => {
      const { store, go } = await deleted();
      expect(store.$state.get()).toEqual({ step: 'redirect', url: partner, secondsLeft: REDIRECT_COUNTDOWN_S });
      vi.advanceTimersByTime(1000);
      expect(store.$state.get()).toMatchObject({ secondsLeft: 4 });
      vi.advanceTimersByTime(3000);
      expect(store.$state.get()).toMatchObject({ secondsLeft: 1 });
      expect(go).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(go).toHaveBeenCalledExactlyOnceWith(partner);
      expect(store.$state.get()).toEqual({ step: 'left', url: partner });
      vi.advanceTimersByTime(10_000);
      expect(go).toHaveBeenCalledOnce();
    });

    it("'Stay' cancels the countdown and ends on /account-deleted", async () => {
      const { store, go } = await deleted();
      vi.advanceTimersByTime(2000);
      store.stay();
      expect(go).toHaveBeenCalledExactlyOnceWith(ACCOUNT_DELETED_PATH);
      vi.advanceTimersByTime(10_000);
      expect(go).toHaveBeenCalledOnce();
    });

    it("'Continue' goes to the partner at once", async () => {
      const { store, go } = await deleted();
      store.continueNow();
      expect(go).toHaveBeenCalledExactlyOnceWith(partner);
      vi.advanceTimersByTime(10_000);
      expect(go).toHaveBeenCalledOnce();
    });

    it('stops the countdown when the screen goes away', async () => {
      const { store, go } = await deleted();
      store.dispose();
      vi.advanceTimersByTime(10_000);
      expect(go).not.toHaveBeenCalled();
    });
  });
});

describe('the try-out package of the alternatives', () => {
  const pkg = (key: string, credits: number, price: number) => ({
    key,
    credits,
    price_minor: price,
    currency: 'EUR',
    popular: false,
    per_credit_minor: price / credits,
    per_message_minor: 10,
    methods: ['creditcard'],
  });
  const packages = {
    country: 'NL',
    currency: 'EUR',
    countries: ['NL'],
    packages: [pkg('p1', 250, 4999), pkg('p0', 50, 1499), pkg('p2', 500, 8999)],
    methods: [{ key: 'creditcard', kind: 'card', flow: 'checkout', storable: true, fee_percent: 0 }],
    stored_method: null,
    first_purchase: true,
    refund_days: 14,
    message_credits: 10,
  };
  const discount = {
    code: 'STAY50',
    kind: 'promo',
    country: null,
    user_id: null,
    expires: null,
    expires_in: null,
    value_percentage: '50.0',
    percentage: '50.0',
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
  };

  function offer(code: Answer) {
    const go = vi.fn<(url: string) => void>();
    const { api, requests } = scriptedApi(({ path }) => {
      if (path === '/api/companyinfo.php') return { status: 200, body: company('STAY50') };
      if (path === '/api/packages.php') return { status: 200, body: packages };
      if (path === '/api/discountcode.php') return code;
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    });
    testEnvironment({ api, navigate: go });
    resetCredits();
    $router.open('/settings');
    return { store: createDeleteAccountStore(), go, requests };
  }

  it('is the smallest bundle with the deletion code; buying applies the code and opens its payment', async () => {
    const { store, go, requests } = offer({ status: 200, body: { discount } });
    store.open();
    await settle();
    expect(store.$tryout.get()).toMatchObject({ pkg: { key: 'p0', price_minor: 1499 }, code: { code: 'STAY50' } });
    await store.buyTryout();
    // Opened in the members app (no page load: the applied code lives in the credits store).
    expect($router.get()?.path).toBe('/credits/p0');
    expect(go).not.toHaveBeenCalled();
    expect($discount.get()).toMatchObject({ source: 'entered', code: { code: 'STAY50' } });
    // The code was checked for that bundle, then again when applied on the credits screens.
    expect(requests.filter((r) => r.path === '/api/discountcode.php')).toHaveLength(2);
  });

  it('is offered at its price when the member used the code already', async () => {
    const { store, go } = offer({ status: 400, body: { error: { code: 'code_used', message: 'Code already used' } } });
    store.open();
    await settle();
    expect(store.$tryout.get()).toMatchObject({ pkg: { key: 'p0' }, code: null });
    $router.open('/settings');
    await store.buyTryout();
    expect($router.get()?.path).toBe('/credits/p0');
    expect(go).not.toHaveBeenCalled();
  });
});
