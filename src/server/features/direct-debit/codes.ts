/**
 * SMS one-time codes (SPEC §5 'SMS one-time code': 'Code invalid'), in `sms_codes`: six
 * digits from crypto.randomInt, stored as an HMAC of (purpose, subject, code), compared in
 * constant time. A code works DIRECT_DEBIT_CODE_TTL_SECONDS and allows
 * DIRECT_DEBIT_MAX_TRIES wrong entries; a new code of the same subject ends the older ones.
 * A check locks the code's row, so parallel entries count one by one and a right code is
 * used once.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_TTL_SECONDS,
  DIRECT_DEBIT_MAX_TRIES,
} from '#src/contract/direct-debit.ts';
import type { Db } from '#src/server/db/client.ts';
import { smsCodes } from '#src/server/db/schema.ts';
import { appKey } from '#src/server/platform/app-keys.ts';

type Purpose = (typeof smsCodes.$inferSelect)['purpose'];

const isSecret = (v: unknown): v is { secret: string } =>
  typeof (v as { secret?: unknown } | null)?.secret === 'string';

async function codeHash(db: Db, purpose: Purpose, subject: string, code: string): Promise<string> {
  const { secret } = await appKey(db, 'sms_codes', isSecret, () => ({ secret: randomBytes(32).toString('hex') }));
  return createHmac('sha256', secret).update(`${purpose}:${subject}:${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)).padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
}

export interface IssuedCode {
  code: string;
  expiresAt: Date;
}

/** Makes a new code for a subject (ending its older ones) and answers it, to be sent. */
export async function issueCode(
  db: Db,
  input: { purpose: Purpose; subject: string; accountId: number; now: Date },
): Promise<IssuedCode> {
  const code = newCode();
  const expiresAt = new Date(input.now.getTime() + DIRECT_DEBIT_CODE_TTL_SECONDS * 1000);
  const hash = await codeHash(db, input.purpose, input.subject, code);
  await db.transaction(async (tx) => {
    await tx
      .update(smsCodes)
      .set({ usedAt: input.now })
      .where(and(eq(smsCodes.purpose, input.purpose), eq(smsCodes.subject, input.subject), isNull(smsCodes.usedAt)));
    await tx.insert(smsCodes).values({
      purpose: input.purpose,
      subject: input.subject,
      accountId: input.accountId,
      codeHash: hash,
      expiresAt,
      createdAt: input.now,
    });
  });
  return { code, expiresAt };
}

/** The newest code of a subject (used or not), for the resend wait. */
export async function latestCode(db: Db, purpose: Purpose, subject: string) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.purpose, purpose), eq(smsCodes.subject, subject)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

/** Codes sent to an account since `since` (the hourly sending limit). */
export async function codesSentSince(db: Db, accountId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.accountId, accountId), gt(smsCodes.createdAt, since)));
  return row?.count ?? 0;
}

export type CodeCheck = 'ok' | 'code_invalid' | 'code_expired' | 'too_many_tries';

/**
 * Checks an entered code against the subject's current one. A wrong entry counts a try
 * (committed even though the caller then refuses); the last allowed wrong try answers
 * too_many_tries, as does every entry after it. A right code is used up.
 */
export async function checkCode(
  db: Db,
  input: { purpose: Purpose; subject: string; code: string; now: Date },
): Promise<CodeCheck> {
  const entered = /^\d+$/.test(input.code) ? input.code : '';
  const hash = await codeHash(db, input.purpose, input.subject, entered);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.purpose, input.purpose), eq(smsCodes.subject, input.subject)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    // No code, or the newest was used: a right code cannot be entered twice.
    if (!current || current.usedAt) return 'code_invalid';
    if (current.attempts >= DIRECT_DEBIT_MAX_TRIES) return 'too_many_tries';
    if (current.expiresAt.getTime() <= input.now.getTime()) return 'code_expired';
    const right = timingSafeEqual(Buffer.from(current.codeHash, 'hex'), Buffer.from(hash, 'hex'));
    if (right) {
      await tx.update(smsCodes).set({ usedAt: input.now }).where(eq(smsCodes.id, current.id));
      return 'ok';
    }
    const attempts = current.attempts + 1;
    await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, current.id));
    return attempts >= DIRECT_DEBIT_MAX_TRIES ? 'too_many_tries' : 'code_invalid';
  });
}
