/**
 * Who a chat answer or event is built for: a profile with its account (none for a chat pal),
 * its language and its site's card settings.
 */
import { eq } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import { DEFAULT_LOCALE, localeFromLanguage } from '#src/lib/locales.ts';
import { accounts, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import type { ChatParty, Queryable } from './conversations.ts';

export type SiteSettings = SiteConfig['settings'];

/** A site's settings and card context, for parties of that site. */
export interface ChatSite {
  settings: SiteSettings;
  cdnPrefix: string;
}

/**
 * The site's settings and card context. Inside a transaction pass it as `db` (PGlite has one
 * connection: a query beside the open transaction would wait for it).
 */
export async function loadChatSite(
  deps: Pick<AppDeps, 'database' | 'sites'>,
  siteId: string,
  db: Queryable = deps.database.db,
): Promise<ChatSite> {
  const site = deps.sites.find((s) => s.id === siteId);
  if (!site) throw fail('unknown_site');
  const loaded = await loadSite(db, site);
  return { settings: loaded.settings, cdnPrefix: loaded.row.cdnPrefix };
}

export function partyFor(
  row: { accountId: number | null; profileId: number; siteId: string; language: string | null },
  site: ChatSite,
  now: Date,
): ChatParty {
  return {
    accountId: row.accountId,
    profileId: row.profileId,
    siteId: row.siteId,
    locale: localeFromLanguage(row.language) ?? DEFAULT_LOCALE,
    card: { now, visibleFields: site.settings.visible_profile_fields, cdnPrefix: site.cdnPrefix },
  };
}

/** The party of a profile (a member's with its account's language, or a chat pal's). */
export async function partyOfProfile(
  db: Queryable,
  site: ChatSite,
  profileId: number,
  now: Date,
): Promise<ChatParty | null> {
  const [row] = await db
    .select({
      accountId: profiles.accountId,
      profileId: profiles.id,
      siteId: profiles.siteId,
      language: accounts.language,
      profileLanguage: profiles.language,
    })
    .from(profiles)
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return null;
  return partyFor({ ...row, language: row.language ?? row.profileLanguage }, site, now);
}
