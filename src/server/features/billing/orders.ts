/**
 * Orders: making one (price, discount, fee), opening its checkout, applying the provider's
 * events through the state machine (state.ts), and what follows a completion.
 *
 * Completion happens in one transaction with the event's payment_events row: the order
 * moves to completed, its credits are added (applyCredits, reason 'purchase', reference the
 * payment id: the first one also makes the member premium for good), the discount code's
 * use is recorded and the 'purchase' system message is written. After the commit the
 * message is announced and the receipt mail is sent, each once (`receipt_sent_at`).
 * A provider event is applied once: its (provider, event id) row is inserted first, so a
 * replay finds it and does nothing, and a twin racing it waits on the unique index.
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import {
  PAYMENT_METHOD_RULES,
  paymentMethodsForPackage,
  type Order,
  type OrderStatus,
  type PackageKey,
  type PaymentMethod,
} from '#src/contract/billing.ts';
import type { Locale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import {
  accounts,
  billingHolds,
  orderHistory,
  orders,
  paymentEvents,
  profiles,
  storedPaymentMethods,
} from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { recordSystemMessage } from '#src/server/features/chat/index.ts';
import { discountError, quoteDiscount, redeemDiscount } from '#src/server/features/discounts/index.ts';
import { loadCompanyInfo, loadSite } from '#src/server/features/site/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import type { StoredEvents } from '#src/server/features/events/index.ts';
import type { CheckoutRequest, PaymentEvent, PaymentEventType } from '#src/server/providers/payments/types.ts';
import { ProviderUnavailable } from '#src/server/providers/payments/types.ts';
import { currencyOf, pricedPackage, transactionFee } from './packages.ts';
import { receiptMail } from './receipts.ts';
import { chargeBack, refundAmount, refundUntil, takeBackUnused } from './refunds.ts';
import { canMove, lockOrder, moveOrder, type OrderRow } from './state.ts';

/** The member buying, with what orders and receipts need. */
export interface Buyer {
  accountId: number;
  siteId: string;
  email: string | null;
  name: string;
  language: string;
  credits: number;
  paidUser: boolean;
  /** The profile's country: the default payment country. */
  country: string;
}

export async function loadBuyer(db: Db | Tx, accountId: number): Promise<Buyer | null> {
  const [row] = await db
    .select({
      accountId: accounts.id,
      siteId: accounts.siteId,
      email: accounts.email,
      name: profiles.name,
      language: accounts.language,
      credits: accounts.credits,
      paidUser: accounts.paidUser,
      country: profiles.country,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** The request's side of an order: its site, clock, language and the origin of links. */
export interface OrderContext {
  deps: AppDeps;
  db: Db;
  site: SiteConfig;
  now: Date;
  locale: Locale;
  /** The member's site origin (return links) and this API's (hosted sandbox pages). */
  origin: string;
}

/** 403 payments_blocked while the account has a billing hold (a chargeback). */
export async function assertMayBuy(db: Db | Tx, accountId: number): Promise<void> {
  const [hold] = await db
    .select({ reason: billingHolds.reason })
    .from(billingHolds)
    .where(eq(billingHolds.accountId, accountId))
    .limit(1);
  if (hold) throw fail('payments_blocked');
}

/** The payment country: the one asked for (one of the site's), else the profile's. */
export async function paymentCountry(
  db: Db | Tx,
  site: SiteConfig,
  buyer: Buyer,
  asked: string | undefined,
): Promise<{ country: string; currency: string }> {
  const settings = (await loadSite(db, site)).settings;
  if (asked !== undefined && !settings.countries.includes(asked)) {
    throw fail('invalid_input', { field: 'country' });
  }
  const candidates = asked ? [asked] : [buyer.country, ...settings.countries];
  for (const country of candidates) {
    const currency = await currencyOf(db, country);
    if (currency) return { country, currency };
  }
  throw fail('invalid_input', { field: 'country' });
}

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
  const { country, currency } = await paymentCountry(db, ctx.site, buyer, input.country);
  if (!paymentMethodsForPackage(country, input.packageKey).includes(input.method)) {
    throw fail('method_not_available', { field: 'method' });
  }
  const priced = pricedPackage(input.packageKey, currency);
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
        amountMinor: priced.priceMinor - discountMinor + fee,
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

/**
 * Cancels the member's open orders (created or pending) holding `reservation`: a new order
 * with the code supersedes them (docs/payments.md 'Discount codes on orders'). Answers them,
 * for cancelCheckouts after the commit.
 */
async function supersedeOpenOrders(tx: Tx, accountId: number, reservation: string, now: Date): Promise<OrderRow[]> {
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
async function cancelCheckouts(ctx: OrderContext, superseded: OrderRow[]): Promise<void> {
  for (const order of superseded) {
    if (!order.providerSession) continue;
    try {
      await ctx.deps.payments.cancelCheckout({ paymentId: order.publicId, sessionId: order.providerSession });
    } catch (error) {
      console.error(`[billing] the checkout of superseded order ${order.publicId} could not be cancelled:`, error);
    }
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

const TARGET: Readonly<Record<PaymentEventType, OrderStatus>> = {
  pending: 'pending',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  chargeback: 'charged_back',
};

async function storeMethod(tx: Tx, order: OrderRow, event: PaymentEvent, provider: string, now: Date) {
  const stored = event.storedMethod;
  if (!stored) return order.storedMethodId;
  const [inserted] = await tx
    .insert(storedPaymentMethods)
    .values({
      accountId: order.accountId,
      provider,
      method: stored.method,
      token: stored.token,
      label: stored.label,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [storedPaymentMethods.provider, storedPaymentMethods.token] })
    .returning({ id: storedPaymentMethods.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: storedPaymentMethods.id })
    .from(storedPaymentMethods)
    .where(and(eq(storedPaymentMethods.provider, provider), eq(storedPaymentMethods.token, stored.token)))
    .limit(1);
  return existing?.id ?? null;
}

/**
 * True when a late completion (of a failed or cancelled order, e.g. one superseded) finds its
 * discount code's reservation held by another open or completed order of the member: the
 * discount went to that order, and this one is credited at the price paid.
 */
async function lostReservation(tx: Tx, order: OrderRow): Promise<boolean> {
  if (order.discountReservation === null || (order.status !== 'failed' && order.status !== 'cancelled')) return false;
  const [holder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, order.accountId),
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

interface Applied {
  order: OrderRow;
  announce: StoredEvents | null;
}

/** Applies one verified event in its own transaction; null when it changed nothing. */
async function applyEvent(deps: AppDeps, provider: string, event: PaymentEvent): Promise<Applied | null> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.id,
        type: event.type,
        outcome: 'ignored',
        payload: event.raw,
        occurredAt: event.occurredAt,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded) return null; // a replay: applied (or ignored) before
    const order = await lockOrder(tx, and(eq(orders.publicId, event.paymentId), eq(orders.provider, provider)));
    const outcome = (value: 'applied' | 'ignored' | 'unknown_order', orderId: number | null) =>
      tx.update(paymentEvents).set({ outcome: value, orderId }).where(eq(paymentEvents.id, recorded.id));
    if (!order) {
      await outcome('unknown_order', null);
      return null;
    }
    const target = TARGET[event.type];
    if (!canMove(order.status, target)) {
      await outcome('ignored', order.id);
      return null;
    }
    const cause = `event:${event.id}`;
    let moved: OrderRow;
    let announce: StoredEvents | null = null;
    if (target === 'completed') {
      const lost = await lostReservation(tx, order);
      const credits = lost ? creditsAtPricePaid(order) : order.credits;
      await applyCredits(tx, {
        accountId: order.accountId,
        delta: credits,
        reason: 'purchase',
        reference: order.publicId,
        now,
      });
      if (order.discountCode && !lost) {
        await redeemDiscount(tx, { code: order.discountCode, accountId: order.accountId, orderId: order.publicId });
      }
      const storedMethodId = await storeMethod(tx, order, event, provider, now);
      moved = await moveOrder(tx, order, 'completed', lost ? `${cause}:without_discount` : cause, now, {
        ...(lost ? { credits, discountReservation: null } : {}),
        completedAt: now,
        providerRef: event.providerRef ?? order.providerRef,
        storedMethodId,
        failureReason: null,
        purchaseMessageAt: now,
      });
      // Last: it takes the account's event lock until the commit.
      announce = await recordSystemMessage(tx, deps.events, {
        accountId: order.accountId,
        key: 'purchase',
        params: { order: order.publicId, credits: order.credits },
        reference: order.publicId,
        now,
      });
    } else if (target === 'refunded') {
      moved = (await takeBackUnused(tx, order, cause, now, event.amountMinor ?? order.amountMinor)).order;
    } else if (target === 'charged_back') {
      moved = await chargeBack(tx, order, cause, now);
    } else {
      moved = await moveOrder(tx, order, target, cause, now, {
        ...(event.providerRef ? { providerRef: event.providerRef } : {}),
        ...(target !== 'pending' ? { failureReason: event.reason ?? target } : {}),
      });
    }
    await outcome('applied', order.id);
    return { order: moved, announce };
  });
}

/**
 * Applies verified provider events in order, each once; after each completion's commit,
 * announces the purchase message and sends the receipt. Answers how many changed an order.
 */
export async function applyPaymentEvents(deps: AppDeps, provider: string, events: PaymentEvent[]): Promise<number> {
  let applied = 0;
  for (const event of events) {
    const result = await applyEvent(deps, provider, event);
    if (!result) continue;
    applied += 1;
    if (result.announce) await deps.events.announce(result.announce);
    if (result.order.status === 'completed') await sendReceipt(deps, result.order.id);
  }
  return applied;
}

/** Sends the receipt of a completed order once (claims `receipt_sent_at` first); a mail failure is logged. */
export async function sendReceipt(deps: AppDeps, orderId: number): Promise<void> {
  const db = deps.database.db;
  const [claimed] = await db
    .update(orders)
    .set({ receiptSentAt: deps.now() })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptSentAt)))
    .returning();
  if (!claimed) return;
  try {
    const site = deps.sites.find((s) => s.id === claimed.siteId);
    const buyer = await loadBuyer(db, claimed.accountId);
    if (!site || !buyer?.email) return;
    const { settings } = await loadSite(db, site);
    const company = await loadCompanyInfo(db, site.id);
    await deps.mail.send(
      receiptMail({
        order: claimed,
        site,
        company,
        to: buyer.email,
        name: buyer.name,
        language: claimed.locale,
        supportEmail: settings.support_email,
        refundDays: settings.refund_days,
      }),
    );
  } catch (error) {
    // Let a later completion path (or an operator) try again.
    await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId));
    console.error(`[billing] the receipt of order ${claimed.publicId} could not be sent:`, (error as Error).message);
  }
}

// ------------------------------------------------------------------ reading

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
