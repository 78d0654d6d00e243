/**
 * Refunds of unused credits and chargebacks (SPEC §1 'Business model', §9 'Refund
 * window'): within and after refund_days, partial when credits were spent, once per order;
 * chargebacks take back what is left and block buying; a refund racing 20 spends neither
 * loses nor creates credits (the ledger's sum is the balance).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrder, postRefund } from '#src/contract/billing.ts';
import { billingHolds } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/ledger.ts';
import { call, callError, createTestApp, FIXED_NOW, seedSiteData, type TestApp } from './harness.ts';
import {
  account,
  buy,
  buyer,
  ledgerSum,
  orderRow,
  postWebhook,
  transaction,
  webhook,
  type Buyer,
} from './billing-helpers.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

async function spend(who: Buyer, credits: number, reference: string) {
  return t.db.transaction((tx) =>
    applyCredits(tx, { accountId: who.accountId, delta: -credits, reason: 'message', reference, now: t.clock.now }),
  );
}

describe('refunds of unused credits', () => {
  it('refunds all credits of an untouched order within the window', async () => {
    t.clock.now = new Date(FIXED_NOW);
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p1' });
    t.clock.now = new Date(FIXED_NOW.getTime() + 13 * DAY);
    const refund = await call(t, postRefund, { session: me.session, body: { order: id } });
    expect(refund).toMatchObject({ refunded_credits: 250, refund_minor: 1999, balance: 0 });
    expect(refund.order.status).toBe('refunded');
    expect(refund.order.refund).toMatchObject({ credits: 250, amount_minor: 1999 });
    expect((await orderRow(t, id)).refundProviderRef).toMatch(/^rf_/);
    // Premium stays for good.
    expect((await account(t, me.accountId)).paidUser).toBe(true);
    expect(await ledgerSum(t, me.accountId)).toBe(0);
    const again = await callError(t, postRefund, { session: me.session, body: { order: id } });
    expect(again.code).toBe('refund_not_possible');
    t.clock.now = new Date(FIXED_NOW);
  });

  it('refunds only the credits left, pro rata', async () => {
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p1' });
    await spend(me, 100, 'refund-test-spend');
    const refund = await call(t, postRefund, { session: me.session, body: { order: id } });
    // 150 of 250 credits: 19.99 × 150 / 250 = 11.994, rounded down.
    expect(refund).toMatchObject({ refunded_credits: 150, refund_minor: 1199, balance: 0 });
  });

  it('refuses after refund_days, with nothing left, for an unpaid order and for someone else’s', async () => {
    t.clock.now = new Date(FIXED_NOW);
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p0' });
    t.clock.now = new Date(FIXED_NOW.getTime() + 14 * DAY + 1000);
    const late = await callError(t, postRefund, { session: me.session, body: { order: id } });
    expect(late).toMatchObject({ status: 410, code: 'refund_window_closed' });
    t.clock.now = new Date(FIXED_NOW);

    const spent = await buyer(t);
    const spentId = await buy(t, spent, { package: 'p0' });
    await spend(spent, 50, 'refund-test-all');
    expect((await callError(t, postRefund, { session: spent.session, body: { order: spentId } })).code).toBe(
      'nothing_to_refund',
    );

    const open = await call(t, postOrder, { session: me.session, body: { package: 'p0', method: 'visa' } });
    expect((await callError(t, postRefund, { session: me.session, body: { order: open.order.payment_id } })).code).toBe(
      'refund_not_possible',
    );
    const other = await buyer(t);
    expect((await callError(t, postRefund, { session: other.session, body: { order: spentId } })).code).toBe(
      'not_found',
    );
  });

  it('loses and creates nothing when a refund races 20 spends', async () => {
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p1' }); // 250 credits
    await spend(me, 10, 'race-before');
    const spends = Array.from({ length: 20 }, (_, i) =>
      spend(me, 10, `race-${i}`).then(
        () => 10,
        (error: unknown) => {
          if ((error as { code?: string }).code !== 'insufficient_credits') throw error;
          return 0;
        },
      ),
    );
    const refund = call(t, postRefund, { session: me.session, body: { order: id } });
    const [spent, result] = await Promise.all([Promise.all(spends), refund]);
    const spentTotal = spent.reduce((a, b) => a + b, 0);
    const balance = (await account(t, me.accountId)).credits;
    // The refund took every credit left at its moment (240 minus the spends before it), and
    // the spends after it found none: nothing is left, nothing was made up.
    expect(result.refunded_credits).toBeGreaterThan(0);
    expect(spentTotal + result.refunded_credits).toBe(240);
    expect(balance).toBe(0);
    expect(result.balance).toBe(0);
    expect(await ledgerSum(t, me.accountId)).toBe(balance);
    expect((await orderRow(t, id)).refundedCredits).toBe(result.refunded_credits);
  });
});

describe('only bought credits are refunded (bought spent first, oldest first; free credits last)', () => {
  async function signupBonus(who: Buyer, credits: number) {
    await t.db.transaction((tx) =>
      applyCredits(tx, {
        accountId: who.accountId,
        delta: credits,
        reason: 'signup_bonus',
        reference: `signup-${who.accountId}`,
        now: t.clock.now,
      }),
    );
  }

  it('50 credits for £4.49, 5 messages spent: the 20 signup credits left are not paid out', async () => {
    const me = await buyer(t, { country: 'GB' });
    await signupBonus(me, 20);
    const id = await buy(t, me, { package: 'p0', method: 'visa' });
    for (let i = 0; i < 5; i += 1) await spend(me, 10, `signup-refund-${me.accountId}-${i}`);
    expect((await account(t, me.accountId)).credits).toBe(20);
    expect((await transaction(t, me, id)).order.refundable).toBeNull();
    const refused = await callError(t, postRefund, { session: me.session, body: { order: id } });
    expect(refused).toMatchObject({ status: 409, code: 'nothing_to_refund' });
    expect((await account(t, me.accountId)).credits).toBe(20);
    expect((await orderRow(t, id)).status).toBe('completed');
  });

  it('spends the oldest purchase first; free credits spent before buying do not count', async () => {
    const me = await buyer(t, { country: 'GB' });
    await signupBonus(me, 20);
    await spend(me, 20, `free-first-${me.accountId}`);
    const older = await buy(t, me, { package: 'p0', method: 'visa' });
    const newer = await buy(t, me, { package: 'p0', method: 'visa' });
    await spend(me, 60, `fifo-${me.accountId}`);
    expect((await callError(t, postRefund, { session: me.session, body: { order: older } })).code).toBe(
      'nothing_to_refund',
    );
    expect((await transaction(t, me, newer)).order.refundable).toMatchObject({ credits: 40, amount_minor: 359 });
    const refund = await call(t, postRefund, { session: me.session, body: { order: newer } });
    // 40 of 50 credits: 4.49 × 40 / 50 = 3.592, rounded down.
    expect(refund).toMatchObject({ refunded_credits: 40, refund_minor: 359, balance: 0 });
    expect(await ledgerSum(t, me.accountId)).toBe(0);
  });
});

describe('chargebacks', () => {
  it('takes back what is left, records what was spent, and blocks buying', async () => {
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p1' });
    await spend(me, 100, 'chargeback-spend');
    expect((await postWebhook(t, webhook(id, 'payment.chargeback'))).status).toBe(200);
    const row = await orderRow(t, id);
    expect(row).toMatchObject({ status: 'charged_back', chargebackCredits: 150, chargebackShortfall: 100 });
    expect((await account(t, me.accountId)).credits).toBe(0);
    expect(await ledgerSum(t, me.accountId)).toBe(0);
    expect(await t.db.select().from(billingHolds).where(eq(billingHolds.accountId, me.accountId))).toHaveLength(1);
    const blocked = await callError(t, postOrder, { session: me.session, body: { package: 'p0', method: 'visa' } });
    expect(blocked).toMatchObject({ status: 403, code: 'payments_blocked' });
    // Replayed: nothing more.
    await postWebhook(t, webhook(id, 'payment.chargeback'));
    expect((await transaction(t, me, id)).order.status).toBe('charged_back');
  });

  it('after a refund takes only what the refund left', async () => {
    const me = await buyer(t);
    const id = await buy(t, me, { package: 'p0' });
    const keep = await buy(t, me, { package: 'p0' });
    await call(t, postRefund, { session: me.session, body: { order: id } });
    expect((await account(t, me.accountId)).credits).toBe(50);
    await postWebhook(t, webhook(id, 'payment.chargeback'));
    const row = await orderRow(t, id);
    expect(row).toMatchObject({ status: 'charged_back', chargebackCredits: 0, chargebackShortfall: 0 });
    expect((await account(t, me.accountId)).credits).toBe(50);
    expect((await orderRow(t, keep)).status).toBe('completed');
  });
});
