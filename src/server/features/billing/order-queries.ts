/** Reading orders: the member's orders, the last paid one to repeat, stored methods, the order DTO. */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Order, PackageKey, PaymentMethod } from '#src/contract/billing.ts';
import type { Db } from '#src/server/db/client.ts';
import { orders, storedPaymentMethods } from '#src/server/db/schema.ts';
import { refundAmount, refundUntil } from './refunds.ts';
import type { OrderRow } from './state.ts';

export async function findOrder(db: Db, accountId: number, publicId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.publicId, publicId), eq(orders.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function listOrders(db: Db, accountId: number, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(desc(orders.id)).limit(limit);
}

/** The last paid order to repeat (completed, or refunded since), with its usable stored method. */
export async function lastPaidOrder(
  db: Db,
  accountId: number,
): Promise<{ order: OrderRow; stored: typeof storedPaymentMethods.$inferSelect | null } | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), inArray(orders.status, ['completed', 'refunded'])))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(1);
  if (!order) return null;
  if (order.storedMethodId === null) return { order, stored: null };
  const [stored] = await db
    .select()
    .from(storedPaymentMethods)
    .where(and(eq(storedPaymentMethods.id, order.storedMethodId), isNull(storedPaymentMethods.disabledAt)))
    .limit(1);
  return { order, stored: stored ?? null };
}

/** The member's newest usable stored method, for the bundles screen. */
export async function latestStoredMethod(db: Db, accountId: number) {
  const [stored] = await db
    .select()
    .from(storedPaymentMethods)
    .where(and(eq(storedPaymentMethods.accountId, accountId), isNull(storedPaymentMethods.disabledAt)))
    .orderBy(desc(storedPaymentMethods.id))
    .limit(1);
  return stored ?? null;
}

/**
 * An order as its member sees it; `refundable` by the window now and `unused`, the order's
 * unused bought credits (refunds.ts unusedCredits).
 */
export function orderDto(order: OrderRow, view: { now: Date; refundDays: number; unused: number }): Order {
  const until = refundUntil(order, view.refundDays);
  const refundCredits = Math.min(order.credits, view.unused);
  const refundable =
    order.status === 'completed' && until && view.now.getTime() <= until.getTime() && refundCredits > 0
      ? { credits: refundCredits, amount_minor: refundAmount(order, refundCredits), until: until.toISOString() }
      : null;
  return {
    payment_id: order.publicId,
    status: order.status,
    package: order.packageKey as PackageKey,
    credits: order.credits,
    country: order.country,
    currency: order.currency,
    amount_minor: order.amountMinor,
    list_price_minor: order.listPriceMinor,
    discount:
      order.discountCode && order.discountPercentage
        ? { code: order.discountCode, percentage: order.discountPercentage, amount_minor: order.discountMinor }
        : null,
    transaction_fee_minor: order.transactionFeeMinor,
    method: order.method as PaymentMethod,
    kind: order.kind,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    refund:
      order.refundedAt && order.refundedCredits > 0
        ? { credits: order.refundedCredits, amount_minor: order.refundMinor, at: order.refundedAt.toISOString() }
        : null,
    refundable,
  };
}
