/**
 * Who may not pay by direct debit, and how much may be debited (SPEC §8 'Your account is
 * blocked for direct debit payments.', 'Your limit for direct debit payments has been
 * reached. …'; docs/direct-debit.md 'Blocks' and 'Limit').
 *
 * - Blocked: a `direct_debit_blocks` row not lifted, for the account or for the IBAN (on
 *   any account). A returned debit writes one (returns.ts). A returned debit the payment
 *   service reported itself (its chargeback webhook for an 'sdd' order, through billing)
 *   is found here too and recorded on first sight, with its mandate's IBAN.
 * - Limit (DIRECT_DEBIT_LIMITS): debits submitted within the window, counted by order
 *   creation, plus the new one.
 */
import { and, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { DIRECT_DEBIT_LIMITS } from '#src/contract/direct-debit.ts';
import type { Db } from '#src/server/db/client.ts';
import { directDebitBlocks, directDebitMandates, orders } from '#src/server/db/schema.ts';

const DAY_MS = 86_400_000;

/** Records returned direct debits of an account that have no block yet (any provider). */
async function recordReturnedDebits(db: Db, accountId: number, now: Date): Promise<number> {
  const returned = await db
    .select({ orderId: orders.id, ibanHash: directDebitMandates.ibanHash })
    .from(orders)
    .leftJoin(directDebitMandates, eq(directDebitMandates.orderId, orders.id))
    .leftJoin(directDebitBlocks, eq(directDebitBlocks.orderId, orders.id))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.method, 'sdd'),
        eq(orders.status, 'charged_back'),
        isNull(directDebitBlocks.id),
      ),
    );
  for (const row of returned) {
    await db
      .insert(directDebitBlocks)
      .values({ accountId, ibanHash: row.ibanHash, orderId: row.orderId, reason: 'returned_debit', createdAt: now })
      .onConflictDoNothing({ target: directDebitBlocks.orderId });
  }
  return returned.length;
}

/** Whether the account, or the IBAN on any account, is blocked for direct debit. */
export async function isDirectDebitBlocked(
  db: Db,
  input: { accountId: number; ibanHash: string | null; now: Date },
): Promise<boolean> {
  if ((await recordReturnedDebits(db, input.accountId, input.now)) > 0) return true;
  const subject = input.ibanHash
    ? or(eq(directDebitBlocks.accountId, input.accountId), eq(directDebitBlocks.ibanHash, input.ibanHash))
    : eq(directDebitBlocks.accountId, input.accountId);
  const [block] = await db
    .select({ id: directDebitBlocks.id })
    .from(directDebitBlocks)
    .where(and(subject, isNull(directDebitBlocks.liftedAt)))
    .limit(1);
  return block !== undefined;
}

/** Statuses of a debit that was submitted to the bank. */
const SUBMITTED = ['pending', 'completed', 'refunded', 'charged_back'] as const;

/** The limit that applies: 'trusted' once the account paid an order by another method. */
export async function limitOf(db: Db, accountId: number): Promise<{ orders: number; amountMinor: number }> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.accountId, accountId), ne(orders.method, 'sdd'), inArray(orders.status, ['completed', 'refunded'])),
    )
    .limit(1);
  return paid ? DIRECT_DEBIT_LIMITS.trusted : DIRECT_DEBIT_LIMITS.new;
}

/** Whether one more debit of `amountMinor` (for order `orderId`) stays within the limit. */
export async function withinLimit(
  db: Db,
  input: { accountId: number; orderId: number | null; amountMinor: number; now: Date },
): Promise<boolean> {
  const limit = await limitOf(db, input.accountId);
  const since = new Date(input.now.getTime() - DIRECT_DEBIT_LIMITS.windowDays * DAY_MS);
  const [used] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${orders.amountMinor}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, input.accountId),
        eq(orders.method, 'sdd'),
        inArray(orders.status, [...SUBMITTED]),
        gte(orders.createdAt, since),
        ...(input.orderId !== null ? [ne(orders.id, input.orderId)] : []),
      ),
    );
  const count = used?.count ?? 0;
  const amount = used?.amount ?? 0;
  return count + 1 <= limit.orders && amount + input.amountMinor <= limit.amountMinor;
}
