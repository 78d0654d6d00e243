/**
 * The result of a payment (SPEC §2.7 'Transaction result', §4 'Payment'): processing is asked
 * again every 2 s until the order is completed (toast, balance and premium in the session) or
 * failed; polling stops when the member leaves, and waits for them after a long wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#src/contract/billing.ts';
import {
  createOrdersStore,
  createTransactionStore,
  TRANSACTION_POLL_MAX_MS,
  TRANSACTION_POLL_MS,
} from '#src/features/credits/transaction-store.ts';
import { $session } from '#src/stores/session.ts';
import { member, scriptedApi } from '../fixtures/members.ts';
import { testEnvironment, type TestEnvironment } from './test-environment.ts';
import { order, refusal } from './credits-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers();
  $session.set({ status: 'member', user: member({ credits: 3, paid_user: false }) });
});
afterEach(() => {
  vi.useRealTimers();
  $session.set({ status: 'loading' });
});

/** transaction.php answering the given orders in turn (the last one from then on). */
function serveStatuses(...orders: (Order | 'lost')[]): { env: TestEnvironment; asked: () => number } {
  let calls = 0;
  const { api, requests } = scriptedApi(() => {
    const next = orders[Math.min(calls++, orders.length - 1)];
    if (next === 'lost') return refusal(404, 'not_found', 'Not found');
    const done = next?.status === 'completed';
    return { status: 200, body: { order: next, balance: done ? 253 : 3, paid_user: done } };
  });
  return { env: testEnvironment({ api }), asked: () => requests.length };
}

/** Lets the pending answer arrive, then moves the timers (and the clock) on. */
async function wait(env: TestEnvironment, ms: number): Promise<void> {
  env.advance(ms);
  await vi.advanceTimersByTimeAsync(ms);
}

describe('a payment being processed', () => {
  it('polls every 2 s until completed: toast, credits and premium', async () => {
    const { env, asked } = serveStatuses(
      order({ status: 'created' }),
      order({ status: 'pending' }),
      order({ status: 'completed', completed_at: '2026-01-15T12:00:04.000Z' }),
    );
    const store = createTransactionStore('ABC123XYZ0');
    store.start();
    await wait(env, 0);
    expect(store.$state.get()).toMatchObject({ status: 'processing', stalled: false });
    expect(asked()).toBe(1);
    await wait(env, TRANSACTION_POLL_MS - 1);
    expect(asked()).toBe(1);
    await wait(env, 1);
    expect(asked()).toBe(2);
    await wait(env, TRANSACTION_POLL_MS);
    expect(store.$state.get()).toMatchObject({ status: 'completed', order: { payment_id: 'ABC123XYZ0' } });
    expect(store.$toast.get()).toBe('Order #ABC123XYZ0 is completed');
    const session = $session.get();
    expect(session.status === 'member' && session.user).toMatchObject({ credits: 253, paid_user: true });
    await wait(env, TRANSACTION_POLL_MS * 3);
    expect(asked()).toBe(3);
    store.dismissToast();
    expect(store.$toast.get()).toBeNull();
  });

  it('a failed or cancelled payment ends the polling without a toast', async () => {
    const { env, asked } = serveStatuses(order({ status: 'pending' }), order({ status: 'cancelled' }));
    const store = createTransactionStore('ABC123XYZ0');
    store.start();
    await wait(env, TRANSACTION_POLL_MS);
    expect(store.$state.get()).toMatchObject({ status: 'failed', order: { status: 'cancelled' } });
    await wait(env, TRANSACTION_POLL_MS * 2);
    expect(asked()).toBe(2);
    expect(store.$toast.get()).toBeNull();
  });

  it('stops asking when the member leaves', async () => {
    const { env, asked } = serveStatuses(order({ status: 'pending' }));
    const store = createTransactionStore('ABC123XYZ0');
    store.start();
    await wait(env, 0);
    store.stop();
    await wait(env, TRANSACTION_POLL_MS * 5);
    expect(asked()).toBe(1);
  });

  it('waits for the member after a long wait, and checks again when asked', async () => {
    const { env, asked } = serveStatuses(order({ status: 'pending' }));
    const store = createTransactionStore('ABC123XYZ0');
    store.start();
    await wait(env, TRANSACTION_POLL_MAX_MS);
    expect(store.$state.get()).toMatchObject({ status: 'processing', stalled: true });
    const before = asked();
    await wait(env, TRANSACTION_POLL_MS * 5);
    expect(asked()).toBe(before);
    store.retry();
    await wait(env, 0);
    expect(asked()).toBe(before + 1);
    expect(store.$state.get()).toMatchObject({ status: 'processing', stalled: false });
  });

  it('an unknown order is not found', async () => {
    const { env } = serveStatuses('lost');
    const store = createTransactionStore('NOPE000000');
    store.start();
    await wait(env, 0);
    expect(store.$state.get()).toEqual({ status: 'not_found' });
  });
});

describe('the member’s orders', () => {
  it('lists them and refunds unused credits after asking', async () => {
    const refundable = order({
      status: 'completed',
      refundable: { credits: 200, amount_minor: 1199, until: '2026-01-29T12:00:00.000Z' },
    });
    const refunded = order({
      status: 'refunded',
      refund: { credits: 200, amount_minor: 1199, at: '2026-01-15T12:00:00.000Z' },
    });
    const { api, requests } = scriptedApi(({ path }) =>
      path === '/api/transactions.php'
        ? { status: 200, body: { orders: [refundable], refund_days: 14 } }
        : { status: 200, body: { order: refunded, refunded_credits: 200, refund_minor: 1199, balance: 53 } },
    );
    const env = testEnvironment({ api });
    const store = createOrdersStore();
    await store.load();
    expect(store.$orders.get()).toMatchObject({ status: 'ready', orders: [{ status: 'completed' }] });
    await store.refundForm.submit(refundable, 'Refund?');
    expect(env.confirms).toEqual(['Refund?']);
    expect(requests.at(-1)).toMatchObject({ path: '/api/refund.php', body: { order: 'ABC123XYZ0' } });
    expect(store.$orders.get()).toMatchObject({ orders: [{ status: 'refunded' }] });
    const session = $session.get();
    expect(session.status === 'member' && session.user.credits).toBe(53);
  });

  it('asks nothing when the member says no', async () => {
    const { api, requests } = scriptedApi(() => ({ status: 200, body: { orders: [], refund_days: 14 } }));
    testEnvironment({ api, confirm: () => false });
    const store = createOrdersStore();
    await store.refundForm.submit(order({ status: 'completed' }), 'Refund?');
    expect(requests).toHaveLength(0);
  });
});
