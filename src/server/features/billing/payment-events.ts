/**
 * The state machine's input: the provider's payment events, applied to orders (state.ts), and
 * what follows a completion.
 *
 * Completion happens in one transaction with the event's payment_events row: the order
 * moves to completed, its credits are added (applyCredits, reason 'purchase', reference the
 * payment id: the first one also makes the member premium for good), the discount code's
 * use is recorded and the 'purchase' system message is written. After the commit the
 * message is announced and the receipt mail is sent, each once (`receipt_sent_at`).
 * A provider event is applied once: its (provider, event id) row is inserted first, so a
 * replay finds it and does nothing, and a twin racing it waits on the unique index.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { OrderStatus } from '#src/contract/billing.ts';
import type { Tx } from '#src/server/db/client.ts';
import { orders, paymentEvents, storedPaymentMethods } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { recordSystemMessage } from '#src/server/features/chat/index.ts';
import { redeemDiscount } from '#src/server/features/discounts/index.ts';
import type { StoredEvents } from '#src/server/features/events/index.ts';
import { loadCompanyInfo, loadSite } from '#src/server/features/site/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import type { PaymentEvent, PaymentEventType } from '#src/server/providers/payments/types.ts';
import { loadBuyer } from './buyer.ts';
import { creditsAtPricePaid, lostReservation } from './discount-reservation.ts';
import { receiptMail } from './receipts.ts';
import { chargeBack, takeBackUnused } from './refunds.ts';
import { canMove, lockOrder, moveOrder, type OrderRow } from './state.ts';

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
