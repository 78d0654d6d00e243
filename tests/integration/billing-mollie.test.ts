/**
 * The Mollie adapter (src/server/providers/payments/mollie/) end to end through our API,
 * with the real SDK talking to Mollie's recorded answers on 127.0.0.1 (mollie-fixture.ts):
 * an order opens Mollie's hosted checkout, Mollie's webhook (`id=tr_…`, nothing else) makes
 * us fetch the payment, and its state moves the order through billing's state machine:
 * paid, failed, canceled, expired, refunded (by the member and in Mollie's dashboard),
 * charged back; a repeat order on the stored card's mandate; a SEPA direct debit on a
 * mandate; repeated and unknown webhooks; methods the profile has not activated.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getPackages,
  getRepeatOrder,
  getTransaction,
  postOrder,
  postRefund,
  postRepeatOrder,
} from '#src/contract/billing.ts';
import { postDirectDebitStart, postDirectDebitVerify } from '#src/contract/direct-debit.ts';
import { billingHolds, creditLedger, paymentEvents, storedPaymentMethods } from '#src/server/db/schema.ts';
import { account, ledgerSum, mandateForm, orderRow, WEBHOOK_PATH } from './billing-helpers.ts';
import { loadConfig } from '#src/server/env.ts';
import { call, callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';
import { acceptLoopbackCertificate, startMollieFixture, type MollieFixture } from './mollie-fixture.ts';

let t: TestApp;
let mollie: MollieFixture;

/** The member's site on its Dutch domain: a public origin, so Mollie gets a webhook URL. */
const HOST = 'flirtmoment.nl';

beforeAll(async () => {
  acceptLoopbackCertificate();
  mollie = await startMollieFixture();
  t = await createTestApp({
    vars: {
      PAYMENTS: 'mollie',
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      MOLLIE_API_ENDPOINT: mollie.endpoint,
    },
  });
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
  await mollie.close();
});

let phones = 0;
async function member(country: 'NL' | 'BE' | 'DE' = 'NL') {
  const created = await createTestMember(t, { country });
  phones += 1;
  return {
    ...created,
    session: await t.login(created.accountId),
    phone: `06 3${String(phones).padStart(2, '0')}${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
  };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Mollie's webhook: a form with the payment id, nothing else (no signature). */
function mollieWebhook(id: string): Promise<Response> {
  return t.request(WEBHOOK_PATH, {
    method: 'POST',
    body: new URLSearchParams({ id }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function checkout(
  m: Member,
  body: { package?: 'p0' | 'p1' | 'p2' | 'p3'; method?: 'ideal' | 'visa' | 'paypal' | 'bancontact' },
) {
  const made = await call(t, postOrder, {
    session: m.session,
    host: HOST,
    body: { package: body.package ?? 'p1', method: body.method ?? 'ideal' },
  });
  const payment = mollie.paymentOf(made.order.payment_id);
  return { made, payment };
}

/**
 * The order's status as stored: read from the database, not through transaction.php, whose
 * poll would ask Mollie itself (refresh.ts) and so hide a webhook that did nothing.
 */
async function status(paymentId: string) {
  return (await orderRow(t, paymentId)).status;
}

async function eventsOf(paymentId: string) {
  const order = await orderRow(t, paymentId);
  return t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
}

describe('configuration', () => {
  it('refuses PAYMENTS=mollie without its API key, naming it, and keeps the sandbox the offline default', () => {
    for (const env of ['production', 'development'] as const) {
      expect(() => loadConfig({ NODE_ENV: env, PAYMENTS: 'mollie' })).toThrow(/MOLLIE_API_KEY: PAYMENTS=mollie needs/);
    }
    expect(() => loadConfig({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'sk_live_123' })).toThrow(/MOLLIE_API_KEY/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENTS: 'mollie',
        MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
        MOLLIE_API_ENDPOINT: 'https://127.0.0.1:1/v2/',
      }),
    ).toThrow(/MOLLIE_API_ENDPOINT/);
    const live = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS: 'mollie',
      MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
    });
    expect(live).toMatchObject({ payments: 'mollie', mollie: { apiKey: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' } });
    expect(loadConfig({}).payments).toBe('sandbox');
    expect(t.deps.payments.name).toBe('mollie');
  });
});

describe('hosted checkout and the webhook', () => {
  it('opens Mollie’s checkout for the order, and a paid payment credits once however often Mollie calls', async () => {
    const m = await member();
    const { made, payment } = await checkout(m, { package: 'p1', method: 'ideal' });
    expect(made.next).toBe('checkout');
    expect(made.redirect_url).toBe(`https://www.mollie.com/checkout/select-method/${payment.id.slice(3)}`);
    const sent = mollie.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/payments' &&
        r.body['metadata'] &&
        (r.body['metadata'] as { payment_id: string }).payment_id === made.order.payment_id,
    );
    expect(sent?.authorization).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM');
    expect(sent?.body).toMatchObject({
      amount: { value: '19.99', currency: 'EUR' },
      method: 'ideal',
      sequenceType: 'oneoff',
      locale: 'nl_NL',
      redirectUrl: `http://${HOST}/transactions/${made.order.payment_id}`,
      webhookUrl: `http://${HOST}/api/payment-webhook.php`,
      metadata: { payment_id: made.order.payment_id, method: 'ideal' },
    });
    expect(await status(made.order.payment_id)).toBe('created');

    // Still open: the webhook changes nothing.
    expect((await mollieWebhook(payment.id)).status).toBe(200);
    expect(await status(made.order.payment_id)).toBe('created');

    mollie.settle(payment.id, 'paid');
    for (let i = 0; i < 3; i += 1) {
      const answer = await mollieWebhook(payment.id);
      expect(answer.status).toBe(200);
    }
    expect(await status(made.order.payment_id)).toBe('completed');
    expect((await account(t, m.accountId)).credits).toBe(250);
    expect(await ledgerSum(t, m.accountId)).toBe(250);
    const purchases = await t.db
      .select({ n: count() })
      .from(creditLedger)
      .where(eq(creditLedger.reference, made.order.payment_id));
    expect(purchases[0]?.n).toBe(1);
    expect((await orderRow(t, made.order.payment_id)).providerRef).toBe(payment.id);
    expect((await eventsOf(made.order.payment_id)).map((e) => e.eventId)).toEqual([`${payment.id}:paid`]);
  });

  it.each([
    ['failed', 'failed', 'insufficient_funds'],
    ['canceled', 'cancelled', 'canceled'],
    ['expired', 'cancelled', 'expired'],
  ] as const)('Mollie’s status %s moves the order to %s and credits nothing', async (mollieStatus, ours, reason) => {
    const m = await member();
    const { made, payment } = await checkout(m, { method: 'visa' });
    mollie.settle(payment.id, mollieStatus, mollieStatus === 'failed' ? 'creditcard-failed' : undefined);
    expect((await mollieWebhook(payment.id)).status).toBe(200);
    expect(await status(made.order.payment_id)).toBe(ours);
    expect((await orderRow(t, made.order.payment_id)).failureReason).toBe(reason);
    expect((await account(t, m.accountId)).credits).toBe(0);
  });

  it('takes a payment paid after it failed (the payer retried), and ignores a late failure after it', async () => {
    const m = await member('BE');
    const { made, payment } = await checkout(m, { method: 'bancontact' });
    mollie.settle(payment.id, 'pending');
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('pending');
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    // Out of order: an older state read again (a stale fetch) cannot move it back.
    mollie.settle(payment.id, 'failed');
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('completed');
    expect((await account(t, m.accountId)).credits).toBe(250);
  });

  it('on a local origin sends no webhook URL, and the transaction screen’s poll asks Mollie instead', async () => {
    const m = await member();
    const made = await call(t, postOrder, {
      session: m.session,
      host: 'default.localhost',
      body: { package: 'p1', method: 'ideal' },
    });
    const payment = mollie.paymentOf(made.order.payment_id);
    expect(payment['webhookUrl']).toBeNull();
    expect(payment['redirectUrl']).toBe(`http://default.localhost/transactions/${made.order.payment_id}`);
    const poll = () =>
      call(t, getTransaction, { session: m.session, host: 'default.localhost', query: { id: made.order.payment_id } });
    const asked = () =>
      mollie.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/${payment.id}`).length;
    expect((await poll()).order.status).toBe('created');
    expect(asked()).toBe(1);
    mollie.settle(payment.id, 'paid');
    // Asked at most once every 10 s per order.
    expect((await poll()).order.status).toBe('created');
    expect(asked()).toBe(1);
    t.clock.now = new Date(t.clock.now.getTime() + 10_000);
    const after = await poll();
    expect(after).toMatchObject({ order: { status: 'completed' }, balance: 250, paid_user: true });
    expect(asked()).toBe(2);
    // Completed: no more questions, and a webhook afterwards changes nothing.
    await poll();
    expect(asked()).toBe(2);
    await mollieWebhook(payment.id);
    expect((await account(t, m.accountId)).credits).toBe(250);
  });

  it('sends Klarna what is bought as an order line, and captures its authorized payment at once', async () => {
    const m = await member();
    const made = await call(t, postOrder, {
      session: m.session,
      host: HOST,
      body: { package: 'p2', method: 'klarna' },
    });
    const sent = mollie.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/payments' &&
        (r.body['metadata'] as { payment_id?: string } | undefined)?.payment_id === made.order.payment_id,
    );
    expect(sent?.body).toMatchObject({
      method: 'klarna',
      amount: { value: '39.99', currency: 'EUR' },
      lines: [
        {
          type: 'digital',
          quantity: 1,
          unitPrice: { value: '39.99', currency: 'EUR' },
          totalAmount: { value: '39.99', currency: 'EUR' },
        },
      ],
    });
    // Klarna authorizes; the credits are delivered at once, so the payment is captured at once.
    const payment = mollie.paymentOf(made.order.payment_id);
    mollie.settle(payment.id, 'authorized');
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('pending');
    expect(
      mollie.requests.filter((r) => r.method === 'POST' && r.path === `/v2/payments/${payment.id}/captures`),
    ).toHaveLength(1);
    expect((await account(t, m.accountId)).credits).toBe(0);
    // Mollie reports the captured payment paid.
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('completed');
    expect((await account(t, m.accountId)).credits).toBe(600);
  });

  it('answers 200 to a webhook about a payment Mollie does not know, and changes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(paymentEvents))[0]?.n;
    for (const id of ['tr_unknown00001', 'ord_notapayment', 're_x']) {
      const answer = await mollieWebhook(id);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: 0 });
    }
    expect((await t.db.select({ n: count() }).from(paymentEvents))[0]?.n).toBe(before);
    const empty = await t.request(WEBHOOK_PATH, {
      method: 'POST',
      body: 'nothing=here',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(empty.status).toBe(401);
  });
});

describe('superseded checkouts', () => {
  it('cancels the older Mollie payment holding the discount code where Mollie allows, and a late payment of it is credited at the price paid', async () => {
    const m = await member();
    const first = await call(t, postOrder, {
      session: m.session,
      host: HOST,
      body: { package: 'p1', method: 'ideal', discount_code: 'welcome25' },
    });
    const firstPayment = mollie.paymentOf(first.order.payment_id);
    const second = await call(t, postOrder, {
      session: m.session,
      host: HOST,
      body: { package: 'p1', method: 'visa', discount_code: 'welcome25' },
    });
    expect(await status(first.order.payment_id)).toBe('cancelled');
    expect(mollie.requests.some((r) => r.method === 'DELETE' && r.path === `/v2/payments/${firstPayment.id}`)).toBe(
      true,
    );
    expect(mollie.paymentOf(first.order.payment_id).status).toBe('canceled');

    // A card payment cannot be cancelled while open (Mollie answers 422): the newer order is
    // made all the same, and when the payer pays the old card checkout anyway, the credits
    // are those of the price paid (docs/payments.md 'Discount codes on orders').
    const secondPayment = mollie.paymentOf(second.order.payment_id);
    const third = await call(t, postOrder, {
      session: m.session,
      host: HOST,
      body: { package: 'p1', method: 'ideal', discount_code: 'welcome25' },
    });
    expect(third.next).toBe('checkout');
    expect(mollie.paymentOf(second.order.payment_id).status).toBe('open');
    mollie.settle(secondPayment.id, 'paid');
    await mollieWebhook(secondPayment.id);
    const late = await orderRow(t, second.order.payment_id);
    expect(late.status).toBe('completed');
    expect(late.credits).toBe(Math.floor((250 * (late.amountMinor - late.transactionFeeMinor)) / late.listPriceMinor));
    expect((await account(t, m.accountId)).credits).toBe(late.credits);
  });
});

describe('refunds and chargebacks', () => {
  it('refunds through Mollie’s refunds API; the refund’s own webhook does not take twice', async () => {
    const m = await member();
    const { made, payment } = await checkout(m, { package: 'p1', method: 'ideal' });
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    const refund = await call(t, postRefund, {
      session: m.session,
      host: HOST,
      body: { order: made.order.payment_id },
    });
    expect(refund).toMatchObject({ refunded_credits: 250, refund_minor: 1999, balance: 0 });
    const sent = mollie.requests.find((r) => r.method === 'POST' && r.path === `/v2/payments/${payment.id}/refunds`);
    expect(sent?.body).toMatchObject({ amount: { currency: 'EUR', value: '19.99' } });
    expect((await orderRow(t, made.order.payment_id)).refundProviderRef).toMatch(/^re_/);
    // Mollie calls the webhook for the refund too.
    await mollieWebhook(payment.id);
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('refunded');
    expect((await account(t, m.accountId)).credits).toBe(0);
    expect(await ledgerSum(t, m.accountId)).toBe(0);
  });

  it('applies a refund made in Mollie’s dashboard, with its amount in minor units', async () => {
    const m = await member();
    const { made, payment } = await checkout(m, { package: 'p2', method: 'ideal' });
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    mollie.refundInDashboard(payment.id, '39.99');
    await mollieWebhook(payment.id);
    await mollieWebhook(payment.id);
    const order = await orderRow(t, made.order.payment_id);
    expect(order.status).toBe('refunded');
    expect(order.refundedCredits).toBe(600);
    expect((await account(t, m.accountId)).credits).toBe(0);
  });

  it('takes the credits back and holds buying on a chargeback, once', async () => {
    const m = await member();
    const { made, payment } = await checkout(m, { package: 'p1', method: 'visa' });
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    mollie.chargeback(payment.id);
    await mollieWebhook(payment.id);
    await mollieWebhook(payment.id);
    expect(await status(made.order.payment_id)).toBe('charged_back');
    expect((await account(t, m.accountId)).credits).toBe(0);
    expect(await ledgerSum(t, m.accountId)).toBe(0);
    const holds = await t.db.select().from(billingHolds).where(eq(billingHolds.accountId, m.accountId));
    expect(holds).toHaveLength(1);
    expect((await eventsOf(made.order.payment_id)).filter((e) => e.type === 'chargeback')).toHaveLength(1);
  });
});

describe('repeat orders on a stored card', () => {
  it('pays the first order as a customer’s first payment, then charges its mandate again', async () => {
    const m = await member();
    const { made, payment } = await checkout(m, { package: 'p0', method: 'visa' });
    expect(payment.sequenceType).toBe('first');
    expect(payment.customerId).toMatch(/^cst_/);
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    const [stored] = await t.db
      .select()
      .from(storedPaymentMethods)
      .where(eq(storedPaymentMethods.accountId, m.accountId));
    expect(stored).toMatchObject({ provider: 'mollie', method: 'visa', label: 'Visa •••• 4242' });
    expect(stored?.token).toBe(`${payment.customerId}:${mollie.paymentOf(made.order.payment_id).mandateId}`);

    mollie.nextRecurring = { status: 'paid', details: 'creditcard' };
    const repeat = await call(t, postRepeatOrder, { session: m.session, host: HOST });
    expect(repeat.next).toBe('transaction');
    expect(repeat.order).toMatchObject({ status: 'completed', kind: 'stored', amount_minor: 499 });
    const recurring = mollie.paymentOf(repeat.order.payment_id);
    expect(recurring).toMatchObject({
      sequenceType: 'recurring',
      customerId: payment.customerId,
      mandateId: mollie.paymentOf(made.order.payment_id).mandateId,
      amount: { value: '4.99', currency: 'EUR' },
    });
    expect((await account(t, m.accountId)).credits).toBe(100);
    // Mollie's webhook of the recurring payment comes too and changes nothing.
    await mollieWebhook(recurring.id);
    expect((await account(t, m.accountId)).credits).toBe(100);

    // A mandate Mollie refuses (revoked card): the member is asked to pay otherwise.
    mollie.nextRecurring = 'refuse';
    const declined = await callError(t, postRepeatOrder, { session: m.session, host: HOST });
    expect(declined).toMatchObject({ status: 402, code: 'stored_payment_failed' });
    mollie.nextRecurring = { status: 'paid' };
  });

  it('offers no repeat of a one-off payment whose method the profile no longer takes', async () => {
    const m = await member();
    const { payment } = await checkout(m, { package: 'p0', method: 'ideal' });
    mollie.settle(payment.id, 'paid');
    await mollieWebhook(payment.id);
    const offered = await call(t, getRepeatOrder, { session: m.session, host: HOST });
    expect(offered.repeat).toMatchObject({ method: 'ideal', stored_method: null });

    mollie.activeMethods.delete('ideal');
    try {
      // A new profile answer after the cache's lifetime.
      t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
      const after = await call(t, getRepeatOrder, { session: m.session, host: HOST });
      expect(after.repeat).toBeNull();
    } finally {
      mollie.activeMethods.add('ideal');
      t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
    }
  });
});

describe('SEPA direct debit on a Mollie mandate', () => {
  it('keeps the site’s form and SMS code, registers the mandate with Mollie and credits when the debit is paid', async () => {
    const m = await member();
    const made = await call(t, postOrder, { session: m.session, host: HOST, body: { package: 'p0', method: 'sdd' } });
    expect(made.next).toBe('directdebit');
    const sent = await call(t, postDirectDebitStart, {
      session: m.session,
      host: HOST,
      body: { order: made.order.payment_id, ...mandateForm({ phone: m.phone }) },
    });
    const digits = m.phone.replace(/\D/g, '').slice(1);
    const sms = (await t.deps.sms.list()).find((s) => s.to === `+31${digits}`);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';

    // Mollie collects a SEPA debit over days: pending at first.
    mollie.nextRecurring = { status: 'pending', details: 'directdebit' };
    const verified = await call(t, postDirectDebitVerify, {
      session: m.session,
      host: HOST,
      body: { session: sent.session, code },
    });
    expect(verified.status).toBe('pending');
    const mandateCall = mollie.requests.find(
      (r) => r.method === 'POST' && /^\/v2\/customers\/cst_\w+\/mandates$/.test(r.path),
    );
    expect(mandateCall?.body).toMatchObject({
      method: 'directdebit',
      consumerName: 'Sam de Vries',
      consumerAccount: 'NL91ABNA0417164300',
      mandateReference: verified.mandate_reference,
      signatureDate: '2025-06-01',
    });
    const debit = mollie.paymentOf(made.order.payment_id);
    expect(debit).toMatchObject({
      sequenceType: 'recurring',
      method: 'directdebit',
      amount: { value: '4.99', currency: 'EUR' },
    });
    expect(await status(made.order.payment_id)).toBe('pending');
    expect((await account(t, m.accountId)).credits).toBe(0);

    mollie.settle(debit.id, 'paid', 'directdebit');
    await mollieWebhook(debit.id);
    await mollieWebhook(debit.id);
    expect(await status(made.order.payment_id)).toBe('completed');
    expect((await account(t, m.accountId)).credits).toBe(50);

    // The bank returns the debit: Mollie reports a chargeback.
    mollie.chargeback(debit.id);
    await mollieWebhook(debit.id);
    expect(await status(made.order.payment_id)).toBe('charged_back');
    expect((await account(t, m.accountId)).credits).toBe(0);
    mollie.nextRecurring = { status: 'paid' };
  });
});

describe('methods the Mollie profile offers', () => {
  it('hides methods the profile has not activated and those Mollie no longer has, and refuses them', async () => {
    mollie.activeMethods.delete('paypal');
    try {
      const nl = await member('NL');
      // A new profile answer after the cache's lifetime.
      t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
      const packages = await call(t, getPackages, { session: nl.session, host: HOST });
      const keys = packages.methods.map((method) => method.key);
      expect(keys).toEqual(expect.arrayContaining(['visa', 'ideal', 'sdd', 'sct', 'applepay']));
      expect(keys).not.toContain('paypal');
      expect(keys).not.toContain('sofort');
      for (const pkg of packages.packages) expect(pkg.methods).not.toContain('paypal');
      const refused = await callError(t, postOrder, {
        session: nl.session,
        host: HOST,
        body: { package: 'p1', method: 'paypal' },
      });
      expect(refused).toMatchObject({ status: 400, code: 'method_not_available', field: 'method' });

      const de = await member('DE');
      const german = await call(t, getPackages, { session: de.session, host: HOST });
      expect(german.methods.map((method) => method.key)).not.toContain('giropay');
      const giropay = await callError(t, postOrder, {
        session: de.session,
        host: HOST,
        body: { package: 'p1', method: 'giropay' },
      });
      expect(giropay.code).toBe('method_not_available');
    } finally {
      mollie.activeMethods.add('paypal');
      t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
    }
  });
});

describe('currencies', () => {
  it('sends Mollie the amount in every currency we sell in as its decimal string, and books it back in minor units', async () => {
    const m = await member('NL');
    const cases = [
      ['NL', 'EUR', '19.99', 1999],
      ['GB', 'GBP', '17.99', 1799],
      ['US', 'USD', '22.99', 2299],
      ['CA', 'CAD', '29.99', 2999],
      ['AU', 'AUD', '34.99', 3499],
      ['NZ', 'NZD', '36.99', 3699],
      ['CH', 'CHF', '19.99', 1999],
      ['SE', 'SEK', '229.00', 22900],
      ['NO', 'NOK', '229.00', 22900],
      ['DK', 'DKK', '149.00', 14900],
      ['PL', 'PLN', '84.99', 8499],
    ] as const;
    for (const [country, currency, value, minor] of cases) {
      const made = await call(t, postOrder, {
        session: m.session,
        host: HOST,
        body: { package: 'p1', method: 'visa', country },
      });
      expect(made.order).toMatchObject({ currency, amount_minor: minor });
      const payment = mollie.paymentOf(made.order.payment_id);
      expect(payment.amount).toEqual({ value, currency });
      // A dashboard refund of the whole payment comes back as the same minor units.
      mollie.settle(payment.id, 'paid');
      await mollieWebhook(payment.id);
      mollie.refundInDashboard(payment.id, value);
      await mollieWebhook(payment.id);
      expect(await orderRow(t, made.order.payment_id)).toMatchObject({ status: 'refunded', refundMinor: minor });
    }
  });
});
