/**
 * The result of a payment (SPEC §2.7 'Transaction result', §4 'Payment') and the member's
 * orders (/transactions without an id).
 *
 * `createTransactionStore(paymentId)`: loading, then processing while the order is created or
 * pending ('Processing your payment'; transaction.php is asked again every
 * TRANSACTION_POLL_MS), then completed (credits added: the toast 'Order #{payment_id} is
 * completed' and the session's user gets the new balance and premium), or failed / cancelled
 * (the screen offers the other methods). After TRANSACTION_POLL_MAX_MS of processing, counted
 * on the environment's clock, it stops asking (`stalled`) until the member checks again. A
 * lost answer while processing is asked again on the next round; a failed first load is an
 * error with retry. `stop()` (leaving the screen) ends the polling.
 *
 * `createOrdersStore()`: the member's orders, newest first, and the refund of the unused
 * credits of a completed order within refund_days (SPEC §1 'Business model').
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getTransaction, getTransactions, postRefund, type Order } from '#src/contract/billing.ts';
import { ApiError } from '#src/client/api.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { $session } from '#src/stores/session.ts';
import { orderPhase, type OrderPhase } from './pricing.ts';

/** How often a processing payment is asked again. */
export const TRANSACTION_POLL_MS = 2_000;
/** How long a processing payment is asked for before the screen waits for the member. */
export const TRANSACTION_POLL_MAX_MS = 5 * 60_000;

export type TransactionState =
  | { status: 'loading' }
  | { status: 'not_found' }
  | { status: 'error' }
  | { status: OrderPhase; order: Order; stalled?: boolean };

export interface TransactionStore {
  $state: ReadableAtom<TransactionState>;
  /** The toast text, shown once when the order is seen completed; null when none. */
  $toast: ReadableAtom<string | null>;
  /** Loads the order and polls while it is processing. */
  start: () => void;
  /** Stops polling (leaving the screen). */
  stop: () => void;
  /** Asks again: after an error, or when a processing payment stalled. */
  retry: () => void;
  dismissToast: () => void;
}

/** Writes the balance and premium state of a transaction answer into the session's user. */
function updateUser(balance: number, paidUser: boolean): void {
  const session = $session.get();
  if (session.status !== 'member') return;
  const { user } = session;
  if (user.credits === balance && user.paid_user === paidUser) return;
  $session.set({ status: 'member', user: { ...user, credits: balance, paid_user: paidUser } });
}

export function createTransactionStore(paymentId: string): TransactionStore {
  const $state = atom<TransactionState>({ status: 'loading' });
  const $toast = atom<string | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let startedAt = 0;
  let toasted = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function poll(): Promise<void> {
    timer = undefined;
    const { api, now, t } = environment();
    try {
      const { order, balance, paid_user } = await api.call(getTransaction, { query: { id: paymentId } });
      if (!running) return;
      const phase = orderPhase(order.status);
      updateUser(balance, paid_user);
      if (phase === 'completed' && !toasted) {
        toasted = true;
        $toast.set(t('credits.transaction.toast_completed', { id: order.payment_id }));
      }
      if (phase !== 'processing') {
        $state.set({ status: phase, order });
        return;
      }
      const stalled = now() - startedAt >= TRANSACTION_POLL_MAX_MS;
      $state.set({ status: 'processing', order, stalled });
      if (!stalled) timer = setTimeout(() => void poll(), TRANSACTION_POLL_MS);
    } catch (error) {
      if (!running) return;
      if (error instanceof ApiError && error.code === 'not_found') {
        $state.set({ status: 'not_found' });
        return;
      }
      const current = $state.get();
      // Once the order is known, a lost answer is asked again on the next round.
      if (current.status === 'processing' && now() - startedAt < TRANSACTION_POLL_MAX_MS)
        timer = setTimeout(() => void poll(), TRANSACTION_POLL_MS);
      else if (current.status === 'loading') $state.set({ status: 'error' });
    }
  }

  function begin(): void {
    clear();
    running = true;
    startedAt = environment().now();
    void poll();
  }

  return {
    $state,
    $toast,
    start: begin,
    stop() {
      running = false;
      clear();
    },
    retry() {
      const current = $state.get();
      if (current.status === 'error') $state.set({ status: 'loading' });
      if (current.status === 'error' || (current.status === 'processing' && current.stalled)) begin();
    },
    dismissToast: () => $toast.set(null),
  };
}

export type OrdersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; orders: readonly Order[]; refundDays: number };

export interface OrdersStore {
  $orders: ReadableAtom<OrdersState>;
  load: () => Promise<void>;
  /** Refunds the unused credits of an order (asks the member first); the list shows the result. */
  refundForm: Form<[Order, string], unknown>;
}

export function createOrdersStore(): OrdersStore {
  const $orders = atom<OrdersState>({ status: 'loading' });
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    if ($orders.get().status === 'error') $orders.set({ status: 'loading' });
    try {
      const { orders, refund_days } = await environment().api.call(getTransactions);
      if (mine === generation) $orders.set({ status: 'ready', orders, refundDays: refund_days });
    } catch {
      if (mine === generation) $orders.set({ status: 'error' });
    }
  }

  const refundForm = createForm(
    async (order: Order, question: string) => {
      if (!environment().confirm(question)) return null;
      const answer = await environment().api.call(postRefund, { body: { order: order.payment_id } });
      const session = $session.get();
      if (session.status === 'member') updateUser(answer.balance, session.user.paid_user);
      const current = $orders.get();
      if (current.status === 'ready')
        $orders.set({
          ...current,
          orders: current.orders.map((o) => (o.payment_id === answer.order.payment_id ? answer.order : o)),
        });
      return answer;
    },
    { repeatable: true },
  );

  return { $orders, load, refundForm };
}
