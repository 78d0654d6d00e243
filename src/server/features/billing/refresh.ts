/**
 * Asking the provider about an open order (providers whose webhooks carry no state: Mollie).
 * The transaction screen polls transaction.php while an order is created or pending; when the
 * provider can read a payment (`readPayment`), its present state is applied like a webhook's
 * (payment-events.ts: once per event, through the state machine). So an order does not stay
 * open when a webhook was missed, or could not be sent at all (a local origin, which Mollie
 * does not call). At most one question per order every REFRESH_INTERVAL_MS per process; a
 * provider that cannot be asked leaves the order as it is.
 */
import type { OrderContext } from './buyer.ts';
import { applyPaymentEvents } from './payment-events.ts';
import type { OrderRow } from './state.ts';

export const REFRESH_INTERVAL_MS = 10_000;
const MAX_TRACKED = 10_000;
const askedAt = new Map<string, number>();

/** True when the order was moved by what the provider says now. */
export async function refreshOpenOrder(ctx: OrderContext, order: OrderRow): Promise<boolean> {
  const provider = ctx.deps.payments;
  const ref = order.providerRef ?? order.providerSession;
  if (!provider.readPayment || !ref || order.provider !== provider.name) return false;
  if (order.status !== 'created' && order.status !== 'pending') return false;
  const now = ctx.now.getTime();
  const last = askedAt.get(order.publicId);
  if (last !== undefined && now - last < REFRESH_INTERVAL_MS && now >= last) return false;
  if (askedAt.size >= MAX_TRACKED) askedAt.clear();
  askedAt.set(order.publicId, now);
  try {
    const events = await provider.readPayment(ref);
    return (await applyPaymentEvents(ctx.deps, provider.name, events)) > 0;
  } catch (error) {
    console.error(`[billing] order ${order.publicId}: ${provider.name} could not be asked:`, (error as Error).message);
    return false;
  }
}
