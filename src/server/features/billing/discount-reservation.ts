/**
 * Discount codes on orders (docs/payments.md 'Discount codes on orders'): an open or completed
 * order holds its code's reservation (`orders.discount_reservation`). A new order with the
 * code supersedes the member's open ones; a late completion of a superseded order whose
 * reservation went to another order is credited at the price paid, without the discount.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '#src/server/db/client.ts';
import { orders } from '#src/server/db/schema.ts';
import { isSharedReservation } from '#src/server/features/discounts/index.ts';
import type { OrderContext } from './buyer.ts';
import { moveOrder, type OrderRow } from './state.ts';

/**
 * Cancels the member's open orders (created or pending) holding `reservation`: a new order
 * with the code supersedes them (docs/payments.md 'Discount codes on orders'). Answers them,
 * for cancelCheckouts after the commit.
 */
export async function supersedeOpenOrders(
  tx: Tx,
  accountId: number,
  reservation: string,
  now: Date,
): Promise<OrderRow[]> {
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.discountReservation, reservation),
        inArray(orders.status, ['created', 'pending']),
      ),
    )
    .for('update');
  const cancelled: OrderRow[] = [];
  for (const order of open) {
    cancelled.push(await moveOrder(tx, order, 'cancelled', 'superseded', now, { failureReason: 'superseded' }));
  }
  return cancelled;
}

/** Ends the provider checkouts of superseded orders; a provider failure is logged (its completion is still handled). */
export async function cancelCheckouts(ctx: OrderContext, superseded: OrderRow[]): Promise<void> {
  for (const order of superseded) {
    if (!order.providerSession) continue;
    try {
      await ctx.deps.payments.cancelCheckout({ paymentId: order.publicId, sessionId: order.providerSession });
    } catch (error) {
      console.error(`[billing] the checkout of superseded order ${order.publicId} could not be cancelled:`, error);
    }
  }
}

/**
 * True when a late completion (of a failed or cancelled order, e.g. one superseded) finds its
 * discount code's reservation held by another open or completed order of the member (of
 * anyone, for a once-for-everyone code): the discount went to that order, and this one is
 * credited at the price paid.
 */
export async function lostReservation(tx: Tx, order: OrderRow): Promise<boolean> {
  if (order.discountReservation === null || (order.status !== 'failed' && order.status !== 'cancelled')) return false;
  const [holder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isSharedReservation(order.discountReservation) ? undefined : eq(orders.accountId, order.accountId),
        eq(orders.discountReservation, order.discountReservation),
        inArray(orders.status, ['created', 'pending', 'completed']),
        ne(orders.id, order.id),
      ),
    )
    .limit(1)
    .for('update');
  return holder !== undefined;
}

/**
 * The credits that the amount paid buys at the bundle's list price (without its transaction
 * fee), rounded down, at least one: a superseded order's discount is not granted twice.
 */
export function creditsAtPricePaid(
  order: Pick<OrderRow, 'credits' | 'amountMinor' | 'transactionFeeMinor' | 'listPriceMinor'>,
): number {
  const paid = order.amountMinor - order.transactionFeeMinor;
  if (order.listPriceMinor <= 0) return order.credits;
  return Math.max(1, Math.min(order.credits, Math.floor((order.credits * paid) / order.listPriceMinor)));
}
