/**
 * Returned debits (an R-transaction: the debtor's bank sends the money back, e.g. no funds,
 * MD06 'refund request by end customer'). For billing a returned debit is a chargeback: the
 * payment service reports it as one, `applyPaymentEvents` moves the order to charged_back
 * and takes the order's credits back through the ledger as far as the balance goes
 * (billing's refunds.ts, with its billing hold). Here, in the same step, direct debit is
 * blocked for the account and for the IBAN.
 *
 * The sandbox simulates it: a debit from its test IBAN SANDBOX_RETURNED_IBAN is returned
 * `returnDelayMs` after it was collected (20 s by default; tests set 0 and await
 * `settled()`), and `returnDebit` is what the sandbox's bank does.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { directDebitBlocks, directDebitMandates, orders } from '#src/server/db/schema.ts';
import { applyPaymentEvents } from '#src/server/features/billing/index.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import type { PaymentProvider } from '#src/server/providers/payments/types.ts';

/** SEPA reason code of the sandbox's returns. */
export const SANDBOX_RETURN_REASON = 'MD06';

async function block(db: Db, order: typeof orders.$inferSelect, now: Date): Promise<void> {
  const [mandate] = await db
    .select({ ibanHash: directDebitMandates.ibanHash })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.orderId, order.id))
    .limit(1);
  await db
    .insert(directDebitBlocks)
    .values({
      accountId: order.accountId,
      ibanHash: mandate?.ibanHash ?? null,
      orderId: order.id,
      reason: 'returned_debit',
      createdAt: now,
    })
    .onConflictDoNothing({ target: directDebitBlocks.orderId });
}

/**
 * The bank returned the debit of an 'sdd' order: applied as the payment service's
 * chargeback event (once: a second return of the same order changes nothing), then direct
 * debit is blocked. Answers false for an order that is not a direct debit.
 */
export async function returnDebit(deps: AppDeps, paymentId: string, reason = SANDBOX_RETURN_REASON): Promise<boolean> {
  const db = deps.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.publicId, paymentId), eq(orders.method, 'sdd')))
    .limit(1);
  if (!order) return false;
  const now = deps.now();
  await applyPaymentEvents(deps, order.provider, [
    {
      id: `evt_${order.publicId}_returned`,
      type: 'chargeback',
      paymentId: order.publicId,
      ...(order.providerRef ? { providerRef: order.providerRef } : {}),
      occurredAt: now,
      reason,
      raw: { type: 'sepa.debit_returned', payment_id: order.publicId, reason },
    },
  ]);
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  if (after?.status === 'charged_back') await block(db, after, now);
  return true;
}

export interface SandboxDirectDebit {
  /** How long after collecting the sandbox's bank returns a test-IBAN debit. */
  returnDelayMs: number;
  /** Schedules the return of a collected debit. */
  scheduleReturn(deps: AppDeps, paymentId: string): void;
  /** Resolves when every scheduled return has happened (tests, shutdown). */
  settled(): Promise<void>;
}

const sandboxes = new WeakMap<PaymentProvider, SandboxDirectDebit>();

/** The sandbox bank of a payment provider (one per provider object). */
export function sandboxDirectDebit(provider: PaymentProvider): SandboxDirectDebit {
  let sandbox = sandboxes.get(provider);
  if (sandbox) return sandbox;
  const pending = new Set<Promise<void>>();
  sandbox = {
    returnDelayMs: 20_000,
    scheduleReturn(deps, paymentId) {
      const later = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.returnDelayMs);
        // A scheduled return must not keep a finished process alive.
        timer.unref();
      })
        .then(() => returnDebit(deps, paymentId))
        .then(() => undefined)
        .catch((error: unknown) => console.error(`[direct-debit] the sandbox return of ${paymentId} failed:`, error))
        .finally(() => pending.delete(later));
      pending.add(later);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  sandboxes.set(provider, sandbox);
  return sandbox;
}
