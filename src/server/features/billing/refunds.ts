/**
 * Refunds of unused credits and chargebacks (SPEC §1 'Business model', §9 'Refund window').
 *
 * Credits are pooled in one balance; which of them an order still has is `unusedCredits`
 * below. Both operations lock the order row, then the account row (applyCredits' lock),
 * and compute what to take back from the balance they read under that lock, in the same
 * transaction as the ledger row: a spend committed before sees its credits gone from the
 * balance the refund reads; a spend after it sees the refund's. Nothing can be lost or
 * created, and the balance never goes below zero.
 *
 * - Refund (the member, POST refund.php; or the provider's dashboard: a 'refunded' event):
 *   within refund_days of the completion, one per order. Only bought credits are refunded:
 *   spending takes bought credits first, oldest purchase first, and free credits (signup
 *   bonus) only when no bought ones are left (`unusedCredits`; docs/payments.md 'Refunds
 *   and chargebacks'). The member gets the unused credits' share of what they paid back,
 *   rounded down to the minor unit; the ledger row has reason
 *   'purchase_refund' and the order's payment id as reference.
 * - Chargeback (the bank reversed the payment): the order's credits not refunded yet are
 *   taken back as far as the balance goes (reason 'chargeback'); what was already spent is
 *   recorded on the order as `chargeback_shortfall` for the operators, and the account gets a
 *   billing hold: it cannot buy again until support lifts it (deleting the billing_holds row).
 *   The member stays premium (SPEC §4: premium is for good).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { accounts, billingHolds, creditLedger, orders } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { lockOrder, moveOrder, type OrderRow } from './state.ts';

const DAY_MS = 86_400_000;

/** When the refund window of a completed order ends. */
export function refundUntil(order: Pick<OrderRow, 'completedAt'>, refundDays: number): Date | null {
  return order.completedAt ? new Date(order.completedAt.getTime() + refundDays * DAY_MS) : null;
}

/** The money back for `credits` of an order: their share of the amount paid, rounded down. */
export function refundAmount(order: Pick<OrderRow, 'amountMinor' | 'credits'>, credits: number): number {
  return Math.floor((order.amountMinor * credits) / order.credits);
}

export type RefundRefusal = 'refund_not_possible' | 'refund_window_closed' | 'nothing_to_refund';

/** Why a member's refund of this order is refused now, or null when it is possible. */
export function refundRefusal(order: OrderRow, unused: number, refundDays: number, now: Date): RefundRefusal | null {
  if (order.status !== 'completed') return 'refund_not_possible';
  const until = refundUntil(order, refundDays);
  if (!until || now.getTime() > until.getTime()) return 'refund_window_closed';
  if (unused <= 0) return 'nothing_to_refund';
  return null;
}

async function lockedBalance(tx: Tx, accountId: number): Promise<number> {
  const [account] = await tx
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account) throw new Error(`billing: account ${accountId} of an order is gone`);
  return account.credits;
}

export interface RefundResult {
  order: OrderRow;
  credits: number;
  amountMinor: number;
  balance: number;
}

/** Ledger reasons of credits spent (bought credits go first). */
const SPENDS: ReadonlySet<string> = new Set(['message', 'photo', 'gift', 'icebreaker']);

/**
 * The unused bought credits of each completed order of the account, by order id (orders
 * without any are missing). The ledger is replayed in order: spending takes bought credits
 * first, first-in-first-out (the oldest purchase first), and the free credits (signup bonus,
 * a positive correction, a spend given back) only when no bought ones are left, so free
 * credits are never paid out. A refund or chargeback takes its own order's credits.
 */
export async function unusedCredits(db: Db | Tx, accountId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ reason: creditLedger.reason, delta: creditLedger.delta, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId))
    .orderBy(creditLedger.id);
  // Bought credits left per order (payment id), oldest purchase first (Map keeps the order).
  const lots = new Map<string, number>();
  let free = 0;
  const take = (amount: number, own?: string) => {
    let rest = amount;
    const from = (key: string) => {
      const left = lots.get(key) ?? 0;
      const taken = Math.min(left, rest);
      lots.set(key, left - taken);
      rest -= taken;
    };
    if (own !== undefined) from(own);
    for (const key of lots.keys()) if (rest > 0) from(key);
    free = Math.max(0, free - rest);
  };
  for (const row of rows) {
    if (row.reason === 'purchase' && row.delta > 0) lots.set(row.reference, (lots.get(row.reference) ?? 0) + row.delta);
    else if (row.reason === 'purchase_refund' || row.reason === 'chargeback') take(-row.delta, row.reference);
    else if (SPENDS.has(row.reason) || row.delta < 0) take(-row.delta);
    else free += row.delta;
  }
  const held = await db
    .select({ id: orders.id, publicId: orders.publicId })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'completed')));
  const unused = new Map<number, number>();
  for (const order of held) {
    const left = lots.get(order.publicId) ?? 0;
    if (left > 0) unused.set(order.id, left);
  }
  return unused;
}

/**
 * Takes the unused credits of a locked order back and moves it to refunded. `amountMinor`
 * overrides the money back (a provider's own refund names its amount). Answers what was
 * taken; zero credits when the balance was empty (a provider refund still counts).
 */
export async function takeBackUnused(
  tx: Tx,
  order: OrderRow,
  cause: string,
  now: Date,
  amountMinor?: number,
): Promise<RefundResult> {
  const balance = await lockedBalance(tx, order.accountId);
  // Never more than the balance (the replay and the balance agree; this is a guard).
  const credits = Math.min(balance, (await unusedCredits(tx, order.accountId)).get(order.id) ?? 0);
  let after = balance;
  if (credits > 0) {
    after = (
      await applyCredits(tx, {
        accountId: order.accountId,
        delta: -credits,
        reason: 'purchase_refund',
        reference: order.publicId,
        now,
      })
    ).balance;
  }
  const money = amountMinor ?? refundAmount(order, credits);
  const moved = await moveOrder(tx, order, 'refunded', cause, now, {
    refundedCredits: credits,
    refundMinor: Math.min(money, order.amountMinor),
    refundedAt: now,
  });
  return { order: moved, credits, amountMinor: moved.refundMinor, balance: after };
}

/** Applies a chargeback to a locked order (completed or refunded): see the header. */
export async function chargeBack(tx: Tx, order: OrderRow, cause: string, now: Date): Promise<OrderRow> {
  const balance = await lockedBalance(tx, order.accountId);
  const remaining = order.credits - order.refundedCredits;
  const taken = Math.max(0, Math.min(remaining, balance));
  if (taken > 0) {
    await applyCredits(tx, {
      accountId: order.accountId,
      delta: -taken,
      reason: 'chargeback',
      reference: order.publicId,
      now,
    });
  }
  await tx
    .insert(billingHolds)
    .values({ accountId: order.accountId, reason: 'chargeback', orderId: order.id, createdAt: now })
    .onConflictDoNothing({ target: billingHolds.accountId });
  return moveOrder(tx, order, 'charged_back', cause, now, {
    chargebackCredits: taken,
    chargebackShortfall: Math.max(0, remaining - taken),
    chargedBackAt: now,
  });
}

/**
 * A member's refund of their order (POST refund.php; the back office's refund too, with its
 * own `cause` in the order's history: docs/staff.md "Money"): refused with the contract's codes, or
 * taken back in one transaction; the money is paid out through the provider after the
 * commit. A provider failure there is logged and leaves `refund_provider_ref` empty for the
 * operators: the credits are gone either way, so the member is never paid twice.
 */
export async function requestRefund(
  deps: AppDeps,
  input: {
    accountId: number;
    paymentId: string;
    refundDays: number;
    cause?: string;
    /** Runs in the refund's transaction (the back office's audit entry). */
    record?: (tx: Tx, result: RefundResult) => Promise<void>;
  },
): Promise<RefundResult> {
  const db = deps.database.db;
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, and(eq(orders.publicId, input.paymentId), eq(orders.accountId, input.accountId)));
    if (!order) throw fail('not_found');
    const balance = await lockedBalance(tx, order.accountId);
    const unused = Math.min(balance, (await unusedCredits(tx, order.accountId)).get(order.id) ?? 0);
    const refusal = refundRefusal(order, unused, input.refundDays, now);
    if (refusal) throw fail(refusal);
    const taken = await takeBackUnused(tx, order, input.cause ?? 'member_refund', now);
    await input.record?.(tx, taken);
    return taken;
  });
  try {
    const { refundRef } = await deps.payments.refund({
      paymentId: result.order.publicId,
      providerRef: result.order.providerRef,
      amountMinor: result.amountMinor,
      currency: result.order.currency,
    });
    await db.update(orders).set({ refundProviderRef: refundRef }).where(eq(orders.id, result.order.id));
  } catch (error) {
    console.error(`[billing] the refund of order ${result.order.publicId} was not paid out:`, (error as Error).message);
  }
  return result;
}
