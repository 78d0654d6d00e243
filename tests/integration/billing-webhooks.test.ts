/**
 * The payment webhook: signatures (missing, wrong, stale, altered body), and
 * provider messages that come twice (100 times), late, or out of order: an order is credited
 * once and its state never moves back. Also the sandbox's own delivery options.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '#src/server/db/schema.ts';
import { createSandboxProvider, type SandboxProvider } from '#src/server/providers/payments/sandbox.ts';
import { signWebhook } from '#src/server/providers/payments/signature.ts';
import { createTestApp, seedSiteData, type TestApp } from './harness.ts';
import {
  account,
  buyer,
  ledgerSum,
  order,
  orderRow,
  payOnSandbox,
  postWebhook,
  sandboxSecret,
  transaction,
  webhook,
} from './billing-helpers.ts';

let t: TestApp;
let sandbox: SandboxProvider;

beforeAll(async () => {
  t = await createTestApp({
    deps: (deps) => {
      sandbox = createSandboxProvider({ db: deps.database.db, now: deps.now, lateDelayMs: 30 });
      return { ...deps, payments: sandbox };
    },
  });
  await seedSiteData(t);
});
afterAll(async () => {
  await sandbox.settled();
  await t.close();
});

describe('signatures', () => {
  it('refuses a missing, wrong, stale or replayed-with-another-body signature and changes nothing', async () => {
    const me = await buyer(t);
    const made = await order(t, me);
    const hook = webhook(made.order.payment_id, 'payment.completed');
    const body = JSON.stringify(hook);
    const secret = await sandboxSecret(t);

    const refusals = [
      await postWebhook(t, hook, { signature: null }),
      await postWebhook(t, hook, { secret: 'not-the-secret' }),
      await postWebhook(t, hook, { signature: 't=abc,v1=00' }),
      await postWebhook(t, hook, { signedAt: new Date(t.clock.now.getTime() - 301_000) }),
      await postWebhook(t, hook, { signedAt: new Date(t.clock.now.getTime() + 301_000) }),
      // A valid signature of another body.
      await postWebhook(t, body.replace('completed', 'completed '), {
        signature: signWebhook(secret, body, t.clock.now),
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    }
    expect((await orderRow(t, made.order.payment_id)).status).toBe('created');
    expect((await account(t, me.accountId)).credits).toBe(0);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, hook.id));
    expect(events).toHaveLength(0);

    // Within the tolerance it is taken.
    expect((await postWebhook(t, hook, { signedAt: new Date(t.clock.now.getTime() - 299_000) })).status).toBe(200);
    expect((await orderRow(t, made.order.payment_id)).status).toBe('completed');
  });
});

describe('replays, late and out-of-order messages', () => {
  it('credits once when the completion arrives 100 times, also all at once', async () => {
    const me = await buyer(t);
    const made = await order(t, me, { package: 'p2' });
    const hook = webhook(made.order.payment_id, 'payment.completed');
    const answers = await Promise.all(Array.from({ length: 50 }, () => postWebhook(t, hook)));
    for (let i = 0; i < 50; i += 1) answers.push(await postWebhook(t, hook));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await account(t, me.accountId)).credits).toBe(600);
    expect(await ledgerSum(t, me.accountId)).toBe(600);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, hook.id));
    expect(events).toHaveLength(1);
    expect(events[0]?.outcome).toBe('applied');
    // Also a second completion with another event id credits nothing more.
    await postWebhook(t, webhook(made.order.payment_id, 'payment.completed', 'evt_other_completion'));
    expect((await account(t, me.accountId)).credits).toBe(600);
  });

  it('keeps completed when pending and failed come after it', async () => {
    const me = await buyer(t);
    const made = await order(t, me);
    await postWebhook(t, webhook(made.order.payment_id, 'payment.completed'));
    await postWebhook(t, webhook(made.order.payment_id, 'payment.pending'));
    await postWebhook(t, webhook(made.order.payment_id, 'payment.failed'));
    await postWebhook(t, webhook(made.order.payment_id, 'payment.cancelled'));
    expect((await transaction(t, me, made.order.payment_id)).order.status).toBe('completed');
    const outcomes = (await t.db.select().from(paymentEvents)).filter((e) => e.eventId.includes(made.order.payment_id));
    expect(outcomes.map((e) => e.outcome).sort()).toEqual(['applied', 'ignored', 'ignored', 'ignored']);
    expect((await account(t, me.accountId)).credits).toBe(250);
  });

  it('records an event about an unknown order and answers 200', async () => {
    const response = await postWebhook(t, webhook('NOSUCHORDER', 'payment.completed'));
    expect(response.status).toBe(200);
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_test_NOSUCHORDER_payment.completed'));
    expect(event?.outcome).toBe('unknown_order');
  });

  it('delivers the sandbox checkout twice, out of order, and late', async () => {
    const me = await buyer(t);
    const twice = await order(t, me, { package: 'p0' });
    await payOnSandbox(t, twice.redirect_url ?? '', 'complete', { delivery: 'twice' });
    expect((await account(t, me.accountId)).credits).toBe(50);

    const reversed = await order(t, me, { package: 'p0' });
    await payOnSandbox(t, reversed.redirect_url ?? '', 'complete', { delivery: 'out_of_order' });
    expect((await orderRow(t, reversed.order.payment_id)).status).toBe('completed');
    expect((await account(t, me.accountId)).credits).toBe(100);

    const late = await order(t, me, { package: 'p0' });
    await payOnSandbox(t, late.redirect_url ?? '', 'complete', { delivery: 'late' });
    // The payer is back before the provider's message: processing.
    expect((await transaction(t, me, late.order.payment_id)).order.status).toBe('created');
    await sandbox.settled();
    const after = await transaction(t, me, late.order.payment_id);
    expect(after.order.status).toBe('completed');
    expect(after.balance).toBe(150);
    expect(await ledgerSum(t, me.accountId)).toBe(150);
  });
});
