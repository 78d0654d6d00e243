/**
 * The order state machine (docs/payments.md 'Order states'). An order only moves forward:
 *
 *   created ─► pending ─► completed ─► refunded ─► charged_back
 *      │          │  ▲        │
 *      │          ▼  │        └────────────────────► charged_back
 *      └──────► failed / cancelled
 *
 * created may also go straight to completed, failed or cancelled (a provider that sends no
 * pending). A completion after failed or cancelled is taken (the provider captured the
 * money; e.g. the payer retried on the same checkout), while a failure, cancellation or
 * pending after completion is a late message and changes nothing. Every change is one
 * `order_history` row with its cause.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '#src/contract/billing.ts';
import { orderHistory, orders } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';

export type OrderRow = typeof orders.$inferSelect;

export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['pending', 'completed', 'failed', 'cancelled'],
  pending: ['completed', 'failed', 'cancelled'],
  failed: ['completed'],
  cancelled: ['completed'],
  completed: ['refunded', 'charged_back'],
  refunded: ['charged_back'],
  charged_back: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrder(tx: Tx, where: SQL | undefined): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(where).limit(1).for('update');
  return row;
}

/**
 * Moves a locked order to `to` with the other columns in `set`, and records why. Throws for
 * a move the machine does not allow (callers check canMove first: that is a bug).
 */
export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  cause: string,
  now: Date,
  set: Partial<Omit<OrderRow, 'id' | 'status'>> = {},
): Promise<OrderRow> {
  if (!canMove(order.status, to)) throw new Error(`order ${order.publicId}: ${order.status} → ${to} is not allowed`);
  const [moved] = await tx
    .update(orders)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw new Error(`order ${order.publicId} changed while locked`);
  await tx
    .insert(orderHistory)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, cause, createdAt: now });
  return moved;
}
