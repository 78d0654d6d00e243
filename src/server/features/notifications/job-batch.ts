/**
 * What the hourly job's mail queries share (./jobs.ts, ./timed-mails.ts): the columns of a
 * candidate, the SQL side of `mayMail`, the new members of a period, and sending a batch a few
 * mails at a time.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { EMAIL_PREFERENCE_DEFAULTS, type EmailPreference } from '#src/contract/notifications.ts';
import type { Db } from '#src/server/db/client.ts';
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

/**
 * The active members who joined in `window` (a condition on profiles.created_at), counted once
 * for a whole batch per site, country and gender; answers the count for one recipient's site,
 * country and sought gender (null: everyone).
 */
export async function newMembersCounter(db: Db, window: SQL | undefined) {
  const counts = await db
    .select({
      siteId: profiles.siteId,
      country: profiles.country,
      gender: profiles.gender,
      count: sql<number>`count(*)::int`,
    })
    .from(profiles)
    .where(and(eq(profiles.status, 'active'), eq(profiles.type, 'member'), window))
    .groupBy(profiles.siteId, profiles.country, profiles.gender);
  return (siteId: string, country: string, seeking: string | null) =>
    counts
      .filter((r) => r.siteId === siteId && r.country === country && (seeking === null || r.gender === seeking))
      .reduce((sum, r) => sum + r.count, 0);
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
