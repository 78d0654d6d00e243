/**
 * Orders: making one (price, discount, fee) and opening its checkout, or charging a stored
 * method. The provider's events then move the order (payment-events.ts); a discount code's
 * reservation is in discount-reservation.ts, the buyer and payment country in buyer.ts.
 */
import { and, eq } from 'drizzle-orm';
import {
  PAYMENT_METHOD_RULES,
  paymentMethodsForPackage,
  type PackageKey,
  type PaymentMethod,
} from '#src/contract/billing.ts';
import type { Tx } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { orderHistory, orders } from '#src/server/db/schema.ts';
import { discountError, quoteDiscount } from '#src/server/features/discounts/index.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import type { CheckoutRequest, PaymentEvent } from '#src/server/providers/payments/types.ts';
import { ProviderUnavailable } from '#src/server/providers/payments/types.ts';
import { assertMayBuy, paymentCountry, type Buyer, type OrderContext } from './buyer.ts';
import { cancelCheckouts, supersedeOpenOrders } from './discount-reservation.ts';
import { isMethodOffered, pricedPackage, transactionFee } from './packages.ts';
import { applyPaymentEvents } from './payment-events.ts';
import { canMove, lockOrder, moveOrder, type OrderRow } from './state.ts';

export interface NewOrder {
  packageKey: PackageKey;
  method: PaymentMethod;
  discountCode?: string | undefined;
  country?: string | undefined;
  kind: OrderRow['kind'];
  storedMethodId?: number | null;
}

/** Prices and writes a new order (status created). Throws the contract's refusals. */
export async function createOrder(ctx: OrderContext, buyer: Buyer, input: NewOrder): Promise<OrderRow> {
  const { db } = ctx;
  await assertMayBuy(db, buyer.accountId);
  const pricing = await paymentCountry(db, ctx.site, buyer, input.country);
  const { country, currency } = pricing;
  if (!paymentMethodsForPackage(country, input.packageKey).includes(input.method)) {
    throw fail('method_not_available', { field: 'method' });
  }
  // The live price now; the order keeps it (listPriceMinor, amountMinor) whatever changes later.
  const priced = pricedPackage(input.packageKey, pricing);
  const quote = input.discountCode
    ? await quoteDiscount(db, {
        accountId: buyer.accountId,
        siteId: ctx.site.id,
        code: input.discountCode,
        packageKey: input.packageKey,
        amountMinor: priced.priceMinor,
        currency,
        country,
        method: input.method,
        now: ctx.now,
        locale: ctx.locale,
      })
    : null;
  const discountMinor = quote?.discountMinor ?? 0;
  const fee = transactionFee(input.method, priced.priceMinor - discountMinor);
  // A stored method is charged on its mandate; any other must be one the provider takes now.
  const amountMinor = priced.priceMinor - discountMinor + fee;
  if (
    input.kind !== 'stored' &&
    !(await isMethodOffered(ctx.deps.payments, input.method, { amountMinor, currency, country }))
  ) {
    throw fail('method_not_available', { field: 'method' });
  }
  const publicId = randomPublicId(10).toUpperCase();
  const reservation = quote?.reservation ?? null;
  let superseded: OrderRow[] = [];
  let created: OrderRow;
  try {
    created = await db.transaction(async (tx) => {
      superseded = reservation ? await supersedeOpenOrders(tx, buyer.accountId, reservation, ctx.now) : [];
      return insertOrder(tx);
    });
  } catch (error) {
    // A completed order holds the code, or a parallel order took it first.
    if (reservation && isUniqueViolation(error)) throw discountError('code_used');
    throw error;
  }
  await cancelCheckouts(ctx, superseded);
  return created;

  async function insertOrder(tx: Tx): Promise<OrderRow> {
    const [row] = await tx
      .insert(orders)
      .values({
        publicId,
        accountId: buyer.accountId,
        siteId: ctx.site.id,
        packageKey: input.packageKey,
        credits: priced.credits,
        country,
        currency,
        listPriceMinor: priced.priceMinor,
        discountCode: quote?.code ?? null,
        discountPercentage: quote?.percentage ?? null,
        discountReservation: reservation,
        discountMinor,
        transactionFeeMinor: fee,
        amountMinor,
        method: input.method,
        kind: input.kind,
        provider: ctx.deps.payments.name,
        storedMethodId: input.storedMethodId ?? null,
        locale: ctx.locale,
        returnUrl: `${ctx.origin}/transactions/${publicId}`,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    if (!row) throw new Error('billing: the order was not written');
    await tx.insert(orderHistory).values({
      orderId: row.id,
      fromStatus: null,
      toStatus: 'created',
      cause: `created:${input.kind}`,
      createdAt: ctx.now,
    });
    return row;
  }
}

export function checkoutRequest(ctx: OrderContext, order: OrderRow, offerStoring: boolean): CheckoutRequest {
  return {
    paymentId: order.publicId,
    amountMinor: order.amountMinor,
    currency: order.currency,
    method: order.method as PaymentMethod,
    country: order.country,
    locale: ctx.locale,
    brand: ctx.site.brand,
    credits: order.credits,
    returnUrl: order.returnUrl,
    apiOrigin: ctx.origin,
    offerStoring,
  };
}

/** A payment the provider could not take: the order fails at once (kept), the member is told. */
async function failUnavailable(ctx: OrderContext, order: OrderRow, error: unknown): Promise<never> {
  console.error(`[billing] provider ${ctx.deps.payments.name} failed for order ${order.publicId}:`, error);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, eq(orders.id, order.id));
    if (locked && canMove(locked.status, 'failed')) {
      await moveOrder(tx, locked, 'failed', 'provider_unavailable', ctx.now, { failureReason: 'provider_unavailable' });
    }
  });
  throw fail('payment_provider_unavailable');
}

/** Opens the provider's checkout of a created order; answers where to send the payer. */
export async function openCheckout(ctx: OrderContext, order: OrderRow): Promise<string> {
  let session;
  try {
    session = await ctx.deps.payments.createCheckout(
      checkoutRequest(ctx, order, PAYMENT_METHOD_RULES[order.method as PaymentMethod].storable),
    );
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof Error) return failUnavailable(ctx, order, error);
    throw error;
  }
  const [opened] = await ctx.db
    .update(orders)
    .set({ providerSession: session.sessionId, updatedAt: ctx.now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'created')))
    .returning({ id: orders.id });
  if (!opened) {
    // A newer order with the same code superseded this one while its checkout opened.
    await cancelCheckouts(ctx, [{ ...order, providerSession: session.sessionId }]);
    throw discountError('code_used');
  }
  return session.redirectUrl;
}

/** Charges a stored method for a created order (repeat orders); answers the order after it. */
export async function chargeStoredMethod(ctx: OrderContext, order: OrderRow, token: string): Promise<OrderRow> {
  let events: PaymentEvent[];
  try {
    events = await ctx.deps.payments.chargeStored(token, checkoutRequest(ctx, order, false));
  } catch (error) {
    return failUnavailable(ctx, order, error);
  }
  await applyPaymentEvents(ctx.deps, ctx.deps.payments.name, events);
  const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  if (!after) throw new Error('billing: the order vanished');
  return after;
}
