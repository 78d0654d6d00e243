/**
 * The e-mail notification preferences (SPEC §3) as stored in `accounts.email_preferences`,
 * a JSON object that also holds the push keys (`push`, `push_messages`, `push_likes`:
 * features/push). A key the member never set has its default (EMAIL_PREFERENCE_DEFAULTS).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  EMAIL_PREFERENCES,
  EMAIL_PREFERENCE_DEFAULTS,
  NOTIFICATIONS_DISABLED_REASONS,
  type EmailPreference,
  type EmailPreferences,
  type NotificationSettings,
  type NotificationsDisabledReason,
} from '#src/contract/notifications.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';

/** The eight preferences of a stored object, defaults filled in. */
export function emailPreferencesOf(stored: Readonly<Record<string, unknown>>): EmailPreferences {
  const entries = EMAIL_PREFERENCES.map((key) => {
    const value = stored[key];
    return [key, typeof value === 'boolean' ? value : EMAIL_PREFERENCE_DEFAULTS[key]] as const;
  });
  return Object.fromEntries(entries) as EmailPreferences;
}

export function isDisabledReason(value: string): value is NotificationsDisabledReason {
  return (NOTIFICATIONS_DISABLED_REASONS as readonly string[]).includes(value);
}

/**
 * Whether a notification mail of a preference may go to an account: a confirmed address, no
 * reason in `notifications_disabled`, and the preference on.
 */
export function mayMail(
  account: {
    status: string;
    email: string | null;
    notificationsDisabled: readonly string[];
    emailPreferences: Record<string, unknown>;
  },
  preference: EmailPreference,
): boolean {
  if (account.status !== 'confirmed' || !account.email) return false;
  if (account.notificationsDisabled.length > 0) return false;
  return emailPreferencesOf(account.emailPreferences)[preference];
}

/** An account's settings as GET/PUT notifications.php answer them; null when there is no such account. */
export async function loadNotificationSettings(db: Db, accountId: number): Promise<NotificationSettings | null> {
  const [row] = await db
    .select({ preferences: accounts.emailPreferences, disabled: accounts.notificationsDisabled })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) return null;
  return { email: emailPreferencesOf(row.preferences), notifications_disabled: row.disabled.filter(isDisabledReason) };
}

/** Saves some preferences, keeping the other keys of the object (push ones included) as they are. */
export async function saveEmailPreferences(
  db: Db,
  accountId: number,
  changes: Partial<Record<EmailPreference, boolean>>,
): Promise<void> {
  const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => typeof v === 'boolean'));
  if (Object.keys(patch).length === 0) return;
  await db
    .update(accounts)
    .set({ emailPreferences: sql`${accounts.emailPreferences} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(accounts.id, accountId));
}

/**
 * Adds a reason to `notifications_disabled` of the given accounts (once: a reason already
 * there stays single); answers the accounts that did not have it yet.
 */
export async function addDisabledReason(
  db: Db,
  accountIds: readonly number[],
  reason: NotificationsDisabledReason,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const changed = await db
    .update(accounts)
    .set({ notificationsDisabled: sql`${accounts.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb` })
    .where(
      and(
        inArray(accounts.id, [...accountIds]),
        sql`not (${accounts.notificationsDisabled} @> ${JSON.stringify([reason])}::jsonb)`,
      ),
    )
    .returning({ id: accounts.id });
  return changed.map((row) => row.id);
}
