/**
 * The account deletion flow's offer (SPEC §2.7 'Settings', docs/discounts.md): the company's
 * non-expiring `delete_discount` shown there is a real code at checkout, for every site's
 * members, once per member; and a once-for-everyone code is held by one order of anyone at a
 * time (docs/payments.md 'Discount codes on orders'), so two members' parallel orders cannot
 * both have it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrder } from '#src/contract/billing.ts';
import { getDiscountCode } from '#src/contract/discounts.ts';
import { getCompanyInfo } from '#src/contract/site.ts';
import { discountCodes, discountRedemptions, orders } from '#src/server/db/schema.ts';
import { FIXED_NOW, call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';
import { buy, buyer, order, orderRow, payOnSandbox, postWebhook, webhook } from './billing-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

async function deletionCode(host: string): Promise<string> {
  const { company } = await call(t, getCompanyInfo, { host });
  return company.delete_discount;
}

describe('the deletion offer code', () => {
  it('is a code members of every site can use at checkout, without expiry, once per member', async () => {
    for (const site of ['default', 'bdsm', 'gilf', 'gay']) {
      const me = await buyer(t, { site, country: 'NL' });
      const code = await deletionCode(me.host);
      const { discount } = await call(t, getDiscountCode, { session: me.session, host: me.host, query: { code } });
      expect(discount).toMatchObject({ code, expires: null, expired: false, validity: 'once-per-user' });
      expect(Number(discount.percentage)).toBeGreaterThan(0);
    }

    // Years later it still works: the offer never expires.
    t.clock.now = new Date(t.clock.now.getTime() + 3 * 365 * 86_400_000);
    try {
      const me = await buyer(t, { country: 'NL' });
      const code = await deletionCode(me.host);
      const paymentId = await buy(t, me, { package: 'p0', method: 'ideal', discount_code: code.toLowerCase() });
      const paid = await orderRow(t, paymentId);
      expect(paid).toMatchObject({ status: 'completed', discountCode: code });
      expect(paid.discountMinor).toBe(Math.round(paid.listPriceMinor / 2));
      expect(paid.amountMinor).toBe(paid.listPriceMinor - paid.discountMinor + paid.transactionFeeMinor);
      const again = await callError(t, postOrder, {
        session: me.session,
        host: me.host,
        body: { package: 'p0', method: 'ideal', discount_code: code },
      });
      expect(again).toMatchObject({ status: 400, code: 'code_used', field: 'code' });
      // Another member still has it.
      const other = await buyer(t, { country: 'NL' });
      const made = await order(t, other, { package: 'p0', method: 'ideal', discount_code: code });
      expect(made.order.discount?.code).toBe(code);
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });
});

describe('a once-for-everyone code', () => {
  async function onceCode(name: string): Promise<string> {
    await t.db.insert(discountCodes).values({ code: name, kind: 'promo', percentage: '30.0', validity: 'once' });
    return name;
  }

  it('two members ordering with it at the same time: one order holds it, the other is told it is used', async () => {
    const code = await onceCode('ONCEFORALL1');
    const [a, b] = await Promise.all([buyer(t, { country: 'NL' }), buyer(t, { country: 'NL' })]);
    const answers = await Promise.allSettled(
      [a, b].map((who) => order(t, who, { package: 'p1', method: 'ideal', discount_code: code })),
    );
    const won = answers.filter((x) => x.status === 'fulfilled');
    const lost = answers.filter((x) => x.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(String(lost[0]?.reason)).toContain('code_used');
    const holders = await t.db.select().from(orders).where(eq(orders.discountCode, code));
    expect(holders.map((o) => o.status)).toEqual(['created']);

    // Paid: recorded once; nobody may start another order with it.
    const [held] = holders;
    const winner = won[0]?.status === 'fulfilled' ? won[0].value : null;
    await payOnSandbox(t, winner?.redirect_url ?? '', 'complete');
    expect((await orderRow(t, held?.publicId ?? '')).status).toBe('completed');
    const c = await buyer(t, { country: 'NL' });
    const later = await callError(t, postOrder, {
      session: c.session,
      host: c.host,
      body: { package: 'p1', method: 'ideal', discount_code: code },
    });
    expect(later).toMatchObject({ status: 400, code: 'code_used' });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.code, code));
    const uses = await t.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, row?.id ?? 0));
    expect(uses.map((u) => u.orderId)).toEqual([held?.publicId]);
  });

  it('a failed order gives it back to everyone; a late completion of that order then pays the price paid', async () => {
    const code = await onceCode('ONCEFORALL2');
    const a = await buyer(t, { country: 'NL' });
    const first = await order(t, a, { package: 'p1', method: 'ideal', discount_code: code });
    await payOnSandbox(t, first.redirect_url ?? '', 'fail');
    const b = await buyer(t, { country: 'NL' });
    const second = await order(t, b, { package: 'p1', method: 'ideal', discount_code: code });
    expect(second.order.discount?.code).toBe(code);
    // The first payer's bank pays after all: credited at the price paid, the code stays with b's order.
    await postWebhook(t, webhook(first.order.payment_id, 'payment.completed', 'evt_once_late'));
    const late = await orderRow(t, first.order.payment_id);
    expect(late).toMatchObject({ status: 'completed', discountReservation: null });
    expect(late.credits).toBeLessThan((await orderRow(t, second.order.payment_id)).credits);
    expect((await orderRow(t, second.order.payment_id)).status).toBe('created');
  });
});
