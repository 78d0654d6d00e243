/**
 * Unsubscribing from a mail's link (docs/notifications.md): whom a token names, and the
 * one-click answer (RFC 8058): one kind of mail off, or all of them.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { addDisabledReason, saveEmailPreferences } from './preferences.ts';
import { siteOrigin } from './sender.ts';
import type { UnsubscribePageState } from './unsubscribe-page.ts';
import type { UnsubscribeSubject } from './unsubscribe-token.ts';

/** The account an unsubscribe token names, with what its page needs; null when unknown or gone. */
export async function unsubscribeTarget(
  deps: Pick<AppDeps, 'database' | 'sites' | 'config'>,
  subject: UnsubscribeSubject,
) {
  const { database, sites, config } = deps;
  const [row] = await database.db
    .select({ siteId: accounts.siteId, language: accounts.language, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, subject.accountId))
    .limit(1);
  const site = sites.find((s) => s.id === row?.siteId);
  if (!row || !site || row.status === 'deleted' || row.status === 'purged') return null;
  const language = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
  const { settings } = await loadSite(database.db, site);
  return { site, language, supportEmail: settings.support_email, origin: siteOrigin(config, site, language) };
}

/**
 * Unsubscribes the token's account: from the token's kind of mail only (`only`), or from all
 * notification mails. Answers the landing page's state.
 */
export async function unsubscribe(db: Db, subject: UnsubscribeSubject, only: boolean): Promise<UnsubscribePageState> {
  if (only) {
    await saveEmailPreferences(db, subject.accountId, { [subject.preference]: false });
    return 'done_only';
  }
  await addDisabledReason(db, [subject.accountId], 'listunsubscribe');
  return 'done_all';
}
