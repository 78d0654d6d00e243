/**
 * The credits ledger (ARCHITECTURE "Money is a ledger"): every change of a balance is an
 * append-only `credit_ledger` row written in the caller's transaction together with what
 * it pays for, and `accounts.credits` is its cached sum. A balance never goes below zero,
 * and a (reason, reference) pair is applied once: a payment webhook delivered twice
 * credits once.
 */
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, creditLedger } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';

export type LedgerReason = (typeof creditLedger.$inferSelect)['reason'];
export type LedgerEntry = typeof creditLedger.$inferSelect;

export interface CreditChange {
  accountId: number;
  /** Credits added (positive) or spent (negative). */
  delta: number;
  reason: LedgerReason;
  /** What the change pays for or comes from (order id, message id...): unique per reason. */
  reference: string;
  now: Date;
}

export interface AppliedCredits {
  entry: LedgerEntry;
  /** False when this (reason, reference) had been applied before: nothing changed. */
  applied: boolean;
  /** The account's balance after this call. */
  balance: number;
}

export const insufficientCredits = () => fail('insufficient_credits');

async function existingEntry(tx: Tx, reason: LedgerReason, reference: string): Promise<LedgerEntry | undefined> {
  const [entry] = await tx
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, reason), eq(creditLedger.reference, reference)))
    .limit(1);
  return entry;
}

function replay(entry: LedgerEntry, change: CreditChange, balance: number): AppliedCredits {
  if (entry.accountId !== change.accountId || entry.delta !== change.delta) {
    throw new Error(
      `credit_ledger ${change.reason}/${change.reference} was applied to account ${entry.accountId} with ${entry.delta}, not ${change.accountId} with ${change.delta}`,
    );
  }
  return { entry, applied: false, balance };
}

/**
 * Applies a credit change inside the caller's transaction. Locks the account row first
 * (SELECT ... FOR NO KEY UPDATE), so concurrent changes of one account queue up and each sees
 * the balance the previous one left. (Not FOR UPDATE: that lock also stops other transactions
 * from inserting rows that reference the account, such as its realtime events, which
 * deadlocked two members sending to each other: chat/send.ts.) Throws 402 insufficient_credits when the balance would go
 * below zero; a purchase also makes the member premium for good (SPEC §1).
 */
export async function applyCredits(tx: Tx, change: CreditChange): Promise<AppliedCredits> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new Error(`applyCredits: delta must be a non-zero integer, got ${change.delta}`);
  }
  const [account] = await tx
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, change.accountId))
    .for('no key update');
  if (!account) throw fail('not_found');

  const balance = account.credits + change.delta;
  if (balance < 0) {
    // Under the lock a concurrent twin has committed or not started: a retry of a debit
    // applied before answers it, even when the balance would not pay for it again.
    const previous = await existingEntry(tx, change.reason, change.reference);
    if (previous) return replay(previous, change, account.credits);
    throw insufficientCredits();
  }

  // The ledger row and the balance in one statement: the balance moves only when the row
  // was written, and a (reason, reference) applied before writes neither.
  const written = tx.$with('written').as(
    tx
      .insert(creditLedger)
      .values({
        accountId: change.accountId,
        delta: change.delta,
        balanceAfter: balance,
        reason: change.reason,
        reference: change.reference,
        createdAt: change.now,
      })
      .onConflictDoNothing({ target: [creditLedger.reason, creditLedger.reference] })
      .returning(),
  );
  const moved = tx.$with('moved').as(
    tx
      .update(accounts)
      .set({
        credits: balance,
        ...(change.reason === 'purchase' && change.delta > 0 ? { paidUser: true } : {}),
      })
      .where(and(eq(accounts.id, change.accountId), exists(tx.select({ one: sql`1` }).from(written)))),
  );
  const [entry] = await tx.with(written, moved).select().from(written);
  if (!entry) {
    // Applied before (a retry, a webhook delivered twice), or the same reference applied to
    // another account: a caller's bug, not a double credit.
    const twin = await existingEntry(tx, change.reason, change.reference);
    if (!twin) throw new Error(`credit_ledger ${change.reason}/${change.reference} vanished`);
    return replay(twin, change, account.credits);
  }
  return { entry, applied: true, balance };
}

/** The account's ledger, newest first. */
export async function ledgerOf(db: Db, accountId: number, limit = 100): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
}
