/**
 * Orders and the sandbox checkout (SPEC §2.7 'Credits', 'Payment', 'Transaction
 * result', §4 Payment, Membership): making an order, paying, failing and cancelling on the
 * hosted page, the credits, premium for good, the receipt and the purchase message, every
 * state transition of the machine, and the transactions list.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, getTransaction, getTransactions, postOrder, type OrderStatus } from '#src/contract/billing.ts';
import { discountCodes, orderHistory, orders, systemMessages } from '#src/server/db/schema.ts';
import { TRANSITIONS, canMove } from '#src/server/features/billing/state.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';
import {
  account,
  buyer,
  ledgerSum,
  order,
  orderRow,
  payOnSandbox,
  postWebhook,
  transaction,
  webhook,
} from './billing-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

describe('making an order', () => {
  it('prices the bundle in the payment country and opens the sandbox checkout', async () => {
    const me = await buyer(t, { country: 'NL' });
    const made = await order(t, me, { package: 'p2', method: 'ideal' });
    expect(made.next).toBe('checkout');
    expect(made.redirect_url).toMatch(/^http:\/\/default\.localhost\/sandbox-pay\//);
    expect(made.order).toMatchObject({
      status: 'created',
      package: 'p2',
      credits: 600,
      currency: 'EUR',
      country: 'NL',
      amount_minor: 3999,
      list_price_minor: 3999,
      transaction_fee_minor: 0,
      method: 'ideal',
      discount: null,
    });
    expect(made.order.payment_id).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('adds the transaction fee of a method that has one', async () => {
    const me = await buyer(t, { country: 'DE' });
    const made = await order(t, me, { package: 'p0', method: 'paysafecard' });
    // 5 % of 4.99, rounded half up: 0.25.
    expect(made.order).toMatchObject({ list_price_minor: 499, transaction_fee_minor: 25, amount_minor: 524 });
  });

  it('refuses a method the country or the bundle does not offer', async () => {
    const me = await buyer(t, { country: 'GB' });
    const ideal = await callError(t, postOrder, {
      session: me.session,
      body: { package: 'p1', method: 'ideal' },
    });
    expect(ideal).toMatchObject({ status: 400, code: 'method_not_available', field: 'method' });
    const klarnaSmall = await callError(t, postOrder, {
      session: me.session,
      body: { package: 'p0', method: 'klarna' },
    });
    expect(klarnaSmall.code).toBe('method_not_available');
    expect(ideal.message).toContain('not available');
  });

  it('applies a discount code quoted by the discounts feature', async () => {
    const me = await buyer(t, { country: 'NL' });
    await t.db.insert(discountCodes).values({
      code: 'BILLING10',
      kind: 'promo',
      percentage: '10.0',
      validity: 'once-per-user',
    });
    const made = await order(t, me, { package: 'p1', method: 'visa', discount_code: 'billing10' });
    expect(made.order.discount).toEqual({ code: 'BILLING10', percentage: '10.0', amount_minor: 200 });
    expect(made.order.amount_minor).toBe(1799);
    await payOnSandbox(t, made.redirect_url ?? '', 'complete');
    expect((await transaction(t, me, made.order.payment_id)).order.status).toBe('completed');
    // The receipt writes the percentage as members write it ('10 %', not the stored '10.0').
    const [receipt] = (await t.mail.list()).filter((m) => m.subject.includes(made.order.payment_id));
    expect(receipt?.text).toContain('BILLING10 (10 %)');
    // As wide as a phone's mail app at most (not a fixed 560 px that scrolls sideways).
    expect(receipt?.html).toContain('width="100%" cellpadding="0" cellspacing="0" style="max-width:560px');
    // Used once per member: a second order with it is refused.
    const again = await callError(t, postOrder, {
      session: me.session,
      body: { package: 'p1', method: 'visa', discount_code: 'BILLING10' },
    });
    expect(again.code).toBe('code_used');
  });

  it('sends SEPA direct debit to the site form instead of a checkout', async () => {
    const me = await buyer(t, { country: 'DE' });
    const made = await order(t, me, { package: 'p1', method: 'sdd' });
    expect(made).toMatchObject({ next: 'directdebit', redirect_url: null });
    expect(made.order.kind).toBe('direct_debit');
  });

  it('needs a login', async () => {
    const failure = await callError(t, postOrder, { body: { package: 'p1', method: 'visa' } });
    expect(failure.code).toBe('authentication_required');
  });
});

describe('the sandbox checkout', () => {
  it('shows the amount, the method and the buttons in the member’s language', async () => {
    const me = await buyer(t, { country: 'NL' });
    const made = await call(t, postOrder, {
      session: me.session,
      cookies: { locale: 'nl' },
      body: { package: 'p1', method: 'ideal' },
    });
    const url = new URL(made.redirect_url ?? '');
    const page = await t.request(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('iDEAL');
    expect(html).toMatch(/€\s19,99/);
    expect(html).toContain('Betaling voltooien');
    expect(html).toContain('Laat (na 5 seconden)');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses an altered session link', async () => {
    const me = await buyer(t);
    const made = await order(t, me);
    const url = new URL(made.redirect_url ?? '');
    const [payload, mac] = url.pathname.split('/').pop()?.split('.') ?? [];
    const session = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { amountMinor: number };
    session.amountMinor = 1;
    const forged = `${Buffer.from(JSON.stringify(session)).toString('base64url')}.${mac}`;
    expect((await t.request(`/sandbox-pay/${forged}`)).status).toBe(404);
    const post = await t.request(`/sandbox-pay/${forged}`, {
      method: 'POST',
      body: 'action=complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(404);
  });

  it('completes: credits once, premium for good, receipt mail and purchase message', async () => {
    const me = await buyer(t, { country: 'NL', language: 'en' });
    expect((await account(t, me.accountId)).paidUser).toBe(false);
    const made = await order(t, me, { package: 'p1', method: 'visa' });
    const back = await payOnSandbox(t, made.redirect_url ?? '', 'complete');
    expect(back).toBe(`http://default.localhost/transactions/${made.order.payment_id}`);

    const result = await transaction(t, me, made.order.payment_id);
    expect(result.order.status).toBe('completed');
    expect(result.balance).toBe(250);
    expect(result.paid_user).toBe(true);
    expect(await ledgerSum(t, me.accountId)).toBe(250);

    const mails = (await t.mail.list()).filter((m) => m.subject.includes(made.order.payment_id));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('€19.99');
    expect(mails[0]?.text).toContain('VAT 21 %');
    expect(mails[0]?.text).toContain('€3.47'); // 19.99 − 19.99 / 1.21
    expect(mails[0]?.text).toMatch(/Chamber of Commerce no\. \S+/);

    const messages = await t.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.accountId, me.accountId), eq(systemMessages.key, 'purchase')));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.params).toEqual({ order: made.order.payment_id, credits: 250 });
  });

  it('fails and cancels without credits', async () => {
    const me = await buyer(t);
    const failed = await order(t, me);
    await payOnSandbox(t, failed.redirect_url ?? '', 'fail');
    expect((await transaction(t, me, failed.order.payment_id)).order.status).toBe('failed');
    const cancelled = await order(t, me);
    await payOnSandbox(t, cancelled.redirect_url ?? '', 'cancel');
    const result = await transaction(t, me, cancelled.order.payment_id);
    expect(result.order.status).toBe('cancelled');
    expect(result.balance).toBe(0);
    expect(result.paid_user).toBe(false);
  });

  it('never shows an order to another member', async () => {
    const me = await buyer(t);
    const other = await buyer(t);
    const made = await order(t, me);
    const failure = await callError(t, getTransaction, {
      session: other.session,
      query: { id: made.order.payment_id },
    });
    expect(failure.code).toBe('not_found');
  });
});

describe('the state machine', () => {
  it('moves only forward', () => {
    const rank: Record<OrderStatus, number> = {
      created: 0,
      pending: 1,
      failed: 2,
      cancelled: 2,
      completed: 3,
      refunded: 4,
      charged_back: 5,
    };
    for (const from of ORDER_STATUSES) {
      for (const to of TRANSITIONS[from]) expect(rank[to]).toBeGreaterThan(rank[from]);
    }
    expect(canMove('completed', 'failed')).toBe(false);
    expect(canMove('completed', 'pending')).toBe(false);
    expect(canMove('charged_back', 'refunded')).toBe(false);
  });

  // Each allowed transition, driven by provider events; every other event changes nothing.
  const paths: { name: string; events: string[]; status: OrderStatus; credits: number }[] = [
    { name: 'created → pending', events: ['pending'], status: 'pending', credits: 0 },
    { name: 'created → completed', events: ['completed'], status: 'completed', credits: 250 },
    { name: 'created → failed', events: ['failed'], status: 'failed', credits: 0 },
    { name: 'created → cancelled', events: ['cancelled'], status: 'cancelled', credits: 0 },
    { name: 'pending → completed', events: ['pending', 'completed'], status: 'completed', credits: 250 },
    { name: 'pending → failed', events: ['pending', 'failed'], status: 'failed', credits: 0 },
    { name: 'pending → cancelled', events: ['pending', 'cancelled'], status: 'cancelled', credits: 0 },
    { name: 'failed → completed', events: ['failed', 'completed'], status: 'completed', credits: 250 },
    { name: 'cancelled → completed', events: ['cancelled', 'completed'], status: 'completed', credits: 250 },
    { name: 'completed → refunded', events: ['completed', 'refunded'], status: 'refunded', credits: 0 },
    { name: 'completed → charged_back', events: ['completed', 'chargeback'], status: 'charged_back', credits: 0 },
    {
      name: 'refunded → charged_back',
      events: ['completed', 'refunded', 'chargeback'],
      status: 'charged_back',
      credits: 0,
    },
    {
      name: 'completed ↛ pending, failed, cancelled',
      events: ['completed', 'pending', 'failed', 'cancelled'],
      status: 'completed',
      credits: 250,
    },
    { name: 'failed ↛ pending, cancelled', events: ['failed', 'pending', 'cancelled'], status: 'failed', credits: 0 },
    { name: 'refunded ↛ completed', events: ['completed', 'refunded', 'completed'], status: 'refunded', credits: 0 },
    {
      name: 'charged_back ↛ anything',
      events: ['completed', 'chargeback', 'refunded', 'completed'],
      status: 'charged_back',
      credits: 0,
    },
  ];
  for (const path of paths) {
    it(path.name, async () => {
      const me = await buyer(t);
      const made = await order(t, me);
      for (const [i, type] of path.events.entries()) {
        const hook = webhook(made.order.payment_id, `payment.${type}` as never, `evt_${made.order.payment_id}_${i}`);
        expect((await postWebhook(t, hook)).status).toBe(200);
      }
      const row = await orderRow(t, made.order.payment_id);
      expect(row.status).toBe(path.status);
      expect((await account(t, me.accountId)).credits).toBe(path.credits);
      expect(await ledgerSum(t, me.accountId)).toBe(path.credits);
      const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, row.id));
      for (const step of history.slice(1))
        expect(canMove(step.fromStatus as OrderStatus, step.toStatus as OrderStatus)).toBe(true);
      expect(history.at(-1)?.toStatus).toBe(path.status);
    });
  }
});

describe('transactions', () => {
  it('lists the member’s orders newest first with what a refund would give', async () => {
    const me = await buyer(t);
    const first = await order(t, me, { package: 'p0' });
    await payOnSandbox(t, first.redirect_url ?? '', 'complete');
    const second = await order(t, me, { package: 'p1' });
    const list = await call(t, getTransactions, { session: me.session });
    expect(list.orders.map((o) => o.payment_id)).toEqual([second.order.payment_id, first.order.payment_id]);
    expect(list.orders[1]?.refundable).toEqual({
      credits: 50,
      amount_minor: 499,
      until: new Date(t.clock.now.getTime() + 14 * 86_400_000).toISOString(),
    });
    expect(list.orders[0]?.refundable).toBeNull();
    expect(list.refund_days).toBe(14);
    const rows = await t.db.select().from(orders).where(eq(orders.accountId, me.accountId));
    expect(rows).toHaveLength(2);
  });
});
