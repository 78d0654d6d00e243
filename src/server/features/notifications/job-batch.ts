/**
 * What the hourly job's mail queries share (./jobs.ts, ./timed-mails.ts): the columns of a
 * candidate, the SQL side of `mayMail`, and sending a batch a few mails at a time.
 */
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_PREFERENCE_DEFAULTS, type EmailPreference } from '#src/contract/notifications.ts';
import { accounts, profiles } from '#src/server/db/schema.ts';
import { describeError } from '#src/server/http/error-log.ts';
import { RECIPIENT_COLUMNS } from './sender.ts';

/** Members handled per kind and run at most. */
export const NOTIFICATION_JOB_BATCH = 5000;
/** Mails sent at once by a run. */
const CONCURRENCY = 4;

/** The columns every candidate needs for mayMail and the mail itself. */
export const candidateColumns = {
  ...RECIPIENT_COLUMNS,
  country: profiles.country,
  seeking: profiles.seeking,
};

/** Mailable at all: confirmed, nothing disabled, and the preference on (its default when unset). */
export function mailableWith(preference: EmailPreference) {
  return and(
    eq(accounts.status, 'confirmed'),
    sql`${accounts.notificationsDisabled} = '[]'::jsonb`,
    sql`coalesce((${accounts.emailPreferences} ->> ${preference})::boolean, ${EMAIL_PREFERENCE_DEFAULTS[preference]})`,
  );
}

/** Runs `work` over the items CONCURRENCY at a time; answers how many said they sent. */
export async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<boolean>): Promise<number> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        if (await work(item)) done++;
      } catch (error) {
        console.error(`[notifications] a job mail failed: ${describeError(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done;
}
