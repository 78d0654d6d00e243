/**
 * Single-use e-mailed tokens. The token is 32 random bytes (base64url) that only the mail
 * holds; the database keeps its SHA-256. Consuming is one atomic UPDATE: a token works once,
 * before it expires, even when two requests race.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { accountTokens } from '#src/server/db/schema.ts';
import { hashToken } from './sessions.ts';

export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenKind, number>> = {
  activation: 7 * DAY,
  password_reset: HOUR,
  mail_change: DAY,
  // The old address's way back after an e-mail change: long enough for a member who reads
  // that mailbox only now and then.
  mail_change_undo: 14 * DAY,
  reactivation: 14 * DAY,
};

export async function issueToken(
  db: Db,
  input: { accountId: number; kind: TokenKind; now: Date; newEmail?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    accountId: input.accountId,
    kind: input.kind,
    tokenHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.kind]),
    createdAt: input.now,
  });
  return token;
}

/** Marks a live token used and answers its account (and new address); null when invalid. */
export async function consumeToken(
  db: Db,
  kind: TokenKind,
  token: string,
  now: Date,
): Promise<{ accountId: number; newEmail: string | null } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ accountId: accountTokens.accountId, newEmail: accountTokens.newEmail });
  return row ?? null;
}

/** Ends the account's unused links of these kinds (after a reset or an e-mail change). */
export async function revokeTokens(db: Db, accountId: number, kinds: readonly TokenKind[], now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        inArray(accountTokens.kind, [...kinds]),
        isNull(accountTokens.usedAt),
      ),
    );
}
