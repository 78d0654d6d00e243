/**
 * Claims (`operator_claims`, one row per conversation): an operator's hold on a conversation,
 * so two operators never answer the same one; 409 claimed_by_other / claim_required when the
 * conversation's state conflicts with the call.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OperatorClaim } from '#src/contract/operator.ts';
import { OPERATOR_CLAIM_MS } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { operatorClaims, staffAccounts } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { iso, type Operator } from './conversations.ts';

/** The claim holder's staff account (their name). */
export const holder = alias(staffAccounts, 'holder');

/** A claim as the operator sees it; null when there is none or it expired. */
export function toClaim(
  row: { operatorId: number | null; expiresAt: Date | null; holderName: string | null },
  operator: Operator,
  now: Date,
): OperatorClaim | null {
  if (row.operatorId === null || row.expiresAt === null || row.expiresAt <= now) return null;
  return {
    mine: row.operatorId === operator.staffId,
    operator: row.holderName ?? '',
    expires_at: iso(row.expiresAt),
  };
}

/** Who holds the conversation now (null: nobody, or the claim expired). */
export async function currentClaim(
  db: Db,
  conversationId: number,
  operator: Operator,
  now: Date,
): Promise<OperatorClaim | null> {
  const [row] = await db
    .select({ operatorId: operatorClaims.operatorId, expiresAt: operatorClaims.expiresAt, holderName: holder.name })
    .from(operatorClaims)
    .leftJoin(holder, eq(holder.id, operatorClaims.operatorId))
    .where(eq(operatorClaims.conversationId, conversationId))
    .limit(1);
  return row ? toClaim(row, operator, now) : null;
}

/** When a claim taken or renewed at `now` runs out. */
function claimEnd(now: Date): Date {
  return new Date(now.getTime() + OPERATOR_CLAIM_MS);
}

/** The caller's own claim until `expiresAt`, named after their staff account. */
async function ownClaim(db: Db, operator: Operator, expiresAt: Date): Promise<OperatorClaim> {
  return { mine: true, operator: await operatorName(db, operator), expires_at: expiresAt.toISOString() };
}

/** The operator's name (their staff account's). */
export async function operatorName(db: Db, operator: Operator): Promise<string> {
  const [row] = await db
    .select({ name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, operator.staffId))
    .limit(1);
  return row?.name ?? '';
}

/**
 * Takes the conversation for OPERATOR_CLAIM_MS, in one statement: the insert succeeds when
 * nobody holds it; on conflict the row is taken over only when it is the caller's own or
 * expired. Row-level locking of the upsert makes two operators racing for it end with
 * exactly one winner; the other gets 409 claimed_by_other.
 */
export async function claimConversation(
  db: Db,
  now: Date,
  operator: Operator,
  conversationId: number,
): Promise<OperatorClaim> {
  const expiresAt = claimEnd(now);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const taken = await db
    .insert(operatorClaims)
    .values({ conversationId, operatorId: operator.staffId, claimedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: operatorClaims.conversationId,
      set: {
        operatorId: operator.staffId,
        // Renewing one's own claim keeps when it was taken.
        claimedAt: sql`case when ${operatorClaims.operatorId} = ${operator.staffId} then ${operatorClaims.claimedAt} else excluded.claimed_at end`,
        expiresAt,
      },
      setWhere: sql`${operatorClaims.operatorId} = ${operator.staffId} or ${operatorClaims.expiresAt} <= ${nowSql}`,
    })
    .returning({ operatorId: operatorClaims.operatorId });
  if (taken.length === 0) throw fail('claimed_by_other');
  return ownClaim(db, operator, expiresAt);
}

/**
 * Extends the caller's claim to OPERATOR_CLAIM_MS from now (also one that expired, while
 * nobody else took it). 409 claimed_by_other when another operator holds it,
 * claim_required when nobody does.
 */
export async function renewClaim(
  db: Db,
  now: Date,
  operator: Operator,
  conversationId: number,
): Promise<OperatorClaim> {
  const [renewed] = await db
    .update(operatorClaims)
    .set({ expiresAt: claimEnd(now) })
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.operatorId, operator.staffId)))
    .returning({ expiresAt: operatorClaims.expiresAt });
  if (renewed) return ownClaim(db, operator, renewed.expiresAt);
  const other = await currentClaim(db, conversationId, operator, now);
  throw fail(other ? 'claimed_by_other' : 'claim_required');
}

/** Releases the caller's claim on the conversation (nothing happens without one). */
export async function releaseClaim(db: Db, operator: Operator, conversationId: number): Promise<void> {
  await db
    .delete(operatorClaims)
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.operatorId, operator.staffId)));
}

/**
 * Passes when the caller holds the conversation now; 409 claimed_by_other when another
 * operator does, claim_required when nobody does (or the caller's claim expired).
 */
export async function requireOwnClaim(db: Db, now: Date, operator: Operator, conversationId: number): Promise<void> {
  const claim = await currentClaim(db, conversationId, operator, now);
  if (claim?.mine) return;
  throw fail(claim ? 'claimed_by_other' : 'claim_required');
}
