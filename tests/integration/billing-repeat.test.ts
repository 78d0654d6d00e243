/**
 * Repeat orders (SPEC §2.7 'Repeat order', §4 Payment, §8 'Payment and direct
 * debit'): the last bundle again with the stored method, charged at once; a declined stored
 * card answers stored_payment_failed ('Try again'); methods that cannot be stored open a
 * checkout again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPackages, getRepeatOrder, getTransactions, postRepeatOrder } from '#src/contract/billing.ts';
import { SANDBOX_DECLINED_CARD } from '#src/server/providers/payments/sandbox.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';
import { account, buy, buyer, ledgerSum, payOnSandbox } from './billing-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

describe('repeat orders', () => {
  it('has nothing to repeat before a purchase', async () => {
    const me = await buyer(t);
    expect(await call(t, getRepeatOrder, { session: me.session })).toEqual({ repeat: null });
    const failure = await callError(t, postRepeatOrder, { session: me.session });
    expect(failure).toMatchObject({ status: 404, code: 'no_previous_order' });
  });

  it('charges the stored card at once', async () => {
    const me = await buyer(t);
    await buy(t, me, { package: 'p2', method: 'visa' });
    const preview = await call(t, getRepeatOrder, { session: me.session });
    expect(preview.repeat).toMatchObject({
      method: 'visa',
      stored_method: { method: 'visa', label: 'Visa •••• 4242' },
      package: { key: 'p2', credits: 600, price_minor: 3999, currency: 'EUR' },
    });
    expect((await call(t, getPackages, { session: me.session })).stored_method?.label).toBe('Visa •••• 4242');
    const repeated = await call(t, postRepeatOrder, { session: me.session });
    expect(repeated).toMatchObject({ next: 'transaction', redirect_url: null });
    expect(repeated.order).toMatchObject({ status: 'completed', kind: 'stored', credits: 600 });
    expect((await account(t, me.accountId)).credits).toBe(1200);
    expect(await ledgerSum(t, me.accountId)).toBe(1200);
    // And again, from the repeat order.
    await call(t, postRepeatOrder, { session: me.session });
    expect((await account(t, me.accountId)).credits).toBe(1800);
    const mails = (await t.mail.list()).filter((m) => m.subject.includes(repeated.order.payment_id));
    expect(mails).toHaveLength(1);
  });

  it('answers stored_payment_failed when the stored card is declined, keeping the failed order', async () => {
    const me = await buyer(t);
    await buy(t, me, { package: 'p1', method: 'mastercard' }, { card: SANDBOX_DECLINED_CARD });
    const failure = await callError(t, postRepeatOrder, { session: me.session });
    expect(failure).toMatchObject({ status: 402, code: 'stored_payment_failed' });
    expect(failure.message).toContain('stored card');
    const list = await call(t, getTransactions, { session: me.session });
    expect(list.orders[0]).toMatchObject({ status: 'failed', kind: 'stored' });
    expect((await account(t, me.accountId)).credits).toBe(250);
  });

  it('opens a checkout again for a method that is not stored', async () => {
    const me = await buyer(t);
    await buy(t, me, { package: 'p0', method: 'ideal' });
    expect((await call(t, getRepeatOrder, { session: me.session })).repeat?.stored_method).toBeNull();
    const repeated = await call(t, postRepeatOrder, { session: me.session });
    expect(repeated.next).toBe('checkout');
    expect(repeated.order.method).toBe('ideal');
    await payOnSandbox(t, repeated.redirect_url ?? '', 'complete');
    expect((await account(t, me.accountId)).credits).toBe(100);
  });

  it('does not store a card the payer chose not to store', async () => {
    const me = await buyer(t);
    await buy(t, me, { package: 'p0', method: 'visa' }, { store: false });
    const repeated = await call(t, postRepeatOrder, { session: me.session });
    expect(repeated.next).toBe('checkout');
  });
});
