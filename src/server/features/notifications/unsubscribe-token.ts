/**
 * The token of an unsubscribe link: the account, the preference of the mail it came with,
 * and an HMAC-SHA256 over both with a key the server keeps in `app_keys` (made on first use).
 * It never expires: RFC 8058 asks that a mail's unsubscribe keeps working long after it was
 * sent, and all it can do is stop mails.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_PREFERENCES, type EmailPreference } from '#src/contract/notifications.ts';
import type { Db } from '#src/server/db/client.ts';
import { appKey } from '#src/server/platform/app-keys.ts';

const KEY_NAME = 'unsubscribe';
const SIGNATURE_BYTES = 16;

const isSecret = (v: unknown): v is { secret: string } =>
  typeof (v as { secret?: unknown } | null)?.secret === 'string';

async function secret(db: Db): Promise<string> {
  return (await appKey(db, KEY_NAME, isSecret, () => ({ secret: randomBytes(32).toString('hex') }))).secret;
}

function signature(key: string, accountId: number, preference: EmailPreference): Buffer {
  return createHmac('sha256', key).update(`v1:${accountId}:${preference}`).digest().subarray(0, SIGNATURE_BYTES);
}

export interface UnsubscribeSubject {
  accountId: number;
  preference: EmailPreference;
}

/** `<account>.<preference>.<signature>`: URL-safe as it is. */
export async function unsubscribeToken(db: Db, subject: UnsubscribeSubject): Promise<string> {
  const sig = signature(await secret(db), subject.accountId, subject.preference).toString('base64url');
  return `${subject.accountId}.${subject.preference}.${sig}`;
}

/** The subject of a token whose signature holds; null for anything else. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeSubject | null> {
  const match = /^(\d{1,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, id, preference, sig] = match as unknown as [string, string, string, string];
  if (!(EMAIL_PREFERENCES as readonly string[]).includes(preference)) return null;
  const accountId = Number(id);
  const expected = signature(await secret(db), accountId, preference as EmailPreference);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { accountId, preference: preference as EmailPreference };
}
