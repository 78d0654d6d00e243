/**
 * The daily reconciliation (docs/staff.md "Money"; docs/payments.md "Reconciliation"): per UTC
 * day, the credits the ledger granted for purchases (reason 'purchase', reference the order's
 * payment id) against the orders completed that day (whatever became of them later: a refund
 * or chargeback writes rows of its own), and every order or ledger row that does not match
 * its counterpart. Computed on the fly from the day indexes of migration 0020
 * (credit_ledger_purchase_created, orders_completed) and the unique (reason, reference) and
 * public_id indexes for the matching.
 */
import { and, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_MAX_DIFFERENCES,
  type Reconciliation,
} from '#src/contract/staff-money.ts';
import type { Db } from '#src/server/db/client.ts';
import { creditLedger, orders } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';

const DAY_MS = 86_400_000;

/** The UTC days from `from` to `to` inclusive (invalid_input for a reversed or too long range). */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const count = Math.round((end - start) / DAY_MS) + 1;
  if (!(count >= 1)) throw fail('invalid_input', { field: 'to' });
  if (count > RECONCILIATION_MAX_DAYS) throw fail('invalid_input', { field: 'from' });
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

const dayOf = (column: typeof orders.completedAt | typeof creditLedger.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function reconcile(db: Db, from: string, to: string): Promise<Reconciliation> {
  const days = daysOf(from, to);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  const inLedger = and(
    eq(creditLedger.reason, 'purchase'),
    gte(creditLedger.createdAt, start),
    lt(creditLedger.createdAt, end),
  );
  const inPayments = and(isNotNull(orders.completedAt), gte(orders.completedAt, start), lt(orders.completedAt, end));
  const [ledger, payments, missing, orphans] = await Promise.all([
    db
      .select({
        day: dayOf(creditLedger.createdAt),
        rows: sql<number>`count(*)::int`,
        credits: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
      })
      .from(creditLedger)
      .where(inLedger)
      .groupBy(sql`1`),
    db
      .select({
        day: dayOf(orders.completedAt),
        currency: orders.currency,
        count: sql<number>`count(*)::int`,
        credits: sql<number>`coalesce(sum(${orders.credits}), 0)::int`,
        amount: sql<string>`coalesce(sum(${orders.amountMinor}), 0)::text`,
      })
      .from(orders)
      .where(inPayments)
      .groupBy(sql`1`, orders.currency),
    // Completed payments whose purchase row is missing or grants other credits.
    db
      .select({
        day: dayOf(orders.completedAt),
        orderId: orders.publicId,
        memberId: orders.accountId,
        orderCredits: orders.credits,
        ledgerCredits: creditLedger.delta,
      })
      .from(orders)
      .leftJoin(creditLedger, and(eq(creditLedger.reason, 'purchase'), eq(creditLedger.reference, orders.publicId)))
      .where(and(inPayments, or(isNull(creditLedger.id), ne(creditLedger.delta, orders.credits))))
      .orderBy(orders.completedAt)
      .limit(RECONCILIATION_MAX_DIFFERENCES + 1),
    // Purchase rows without a completed payment behind them.
    db
      .select({
        day: dayOf(creditLedger.createdAt),
        orderId: creditLedger.reference,
        memberId: creditLedger.accountId,
        orderCredits: orders.credits,
        ledgerCredits: creditLedger.delta,
      })
      .from(creditLedger)
      .leftJoin(orders, eq(orders.publicId, creditLedger.reference))
      .where(and(inLedger, or(isNull(orders.id), isNull(orders.completedAt))))
      .orderBy(creditLedger.createdAt)
      .limit(RECONCILIATION_MAX_DIFFERENCES + 1),
  ]);
  const differences = [
    ...missing.map((row) => ({
      day: row.day,
      kind: row.ledgerCredits === null ? ('missing_credits' as const) : ('credits_mismatch' as const),
      order_id: row.orderId,
      member_id: row.memberId,
      order_credits: row.orderCredits,
      ledger_credits: row.ledgerCredits,
    })),
    ...orphans.map((row) => ({
      day: row.day,
      kind: 'orphan_credits' as const,
      order_id: row.orderId,
      member_id: row.memberId,
      order_credits: row.orderCredits,
      ledger_credits: row.ledgerCredits,
    })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  return {
    days: days.map((day) => {
      const granted = ledger.find((row) => row.day === day);
      const paid = payments.filter((row) => row.day === day);
      const ledgerCredits = granted?.credits ?? 0;
      const paymentCredits = paid.reduce((sum, row) => sum + row.credits, 0);
      return {
        day,
        ledger_rows: granted?.rows ?? 0,
        ledger_credits: ledgerCredits,
        payments: paid.reduce((sum, row) => sum + row.count, 0),
        payment_credits: paymentCredits,
        amounts: paid
          .map((row) => ({ currency: row.currency, amount_minor: Number(row.amount) }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
        difference: ledgerCredits - paymentCredits,
      };
    }),
    differences: differences.slice(0, RECONCILIATION_MAX_DIFFERENCES),
    truncated: differences.length > RECONCILIATION_MAX_DIFFERENCES,
  };
}
