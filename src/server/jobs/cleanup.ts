/**
 * Data hygiene of the hourly job: what no one needs any more is deleted instead of kept.
 * - sessions past their expiry or unused for SESSION_IDLE_DAYS (the cookie opens nothing any
 *   more; the row only tells when someone was here);
 * - e-mailed tokens once used or expired (their hash opens nothing any more);
 * - mails and text messages of the offline outbox folders after OUTBOX_RETENTION_DAYS (they
 *   hold reset and activation links and addresses).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { accountTokens, sessions } from '#src/server/db/schema.ts';
import { SESSION_IDLE_DAYS } from '#src/server/features/accounts/index.ts';

/** Days a mail or text message stays in the offline outbox folders. */
export const OUTBOX_RETENTION_DAYS = 7;

/** Deletes sessions whose expiry has passed or that were idle too long; answers how many. */
export async function pruneExpiredSessions(db: Db, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_DAYS * 24 * 3_600_000);
  const gone = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes activation, reset, mail-change and reactivation tokens once used or expired. */
export async function pruneSpentTokens(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(accountTokens)
    .where(or(isNotNull(accountTokens.usedAt), lte(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return gone.length;
}

// The outbox providers name each file after its send time: 20250601T120000000Z-…
const STAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/;

function stampOf(name: string): number | null {
  const m = STAMP.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as [number, ...number[]];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s, ms);
}

/**
 * Removes the files of an outbox folder (mail or SMS) sent before `before`; files that are
 * not named like outbox files are left alone. A missing folder is empty. Answers how many.
 */
export async function pruneOutboxFolder(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const old = names.filter((name) => {
    const sent = stampOf(name);
    return sent !== null && sent < before.getTime();
  });
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
  return old.length;
}
