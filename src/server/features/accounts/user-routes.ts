/** The member's own account: GET and PUT /api/user.php (SPEC §7). */
import type { Hono } from 'hono';
import { getUser, putUserLanguage, type CurrentUser } from '#src/contract/user.ts';
import type { AppEnv, SessionAccount } from '#src/server/http/context.ts';
import type { SiteConfig } from '#sites-config';
import { fail } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import type { Db } from '#src/server/db/client.ts';
import { sessionAccountRow } from './sessions.ts';
import { currentUserOf, loadCurrentUser, saveAccountLanguage } from './current-user.ts';

/**
 * The session's user; 403 authentication_required when the account is gone or belongs to
 * another site than the one asked (a session is valid on its own site only).
 */
async function requireUser(
  db: Db,
  session: SessionAccount | null,
  site: SiteConfig | null,
  sites: readonly SiteConfig[],
): Promise<{ accountId: number; user: CurrentUser }> {
  if (!session) throw fail('authentication_required');
  // The session middleware read the account's columns with the session: no second statement.
  const row = sessionAccountRow(session);
  const loaded = row ? await currentUserOf(db, row, sites) : await loadCurrentUser(db, session.accountId, sites);
  if (!loaded || (site && loaded.siteId !== site.id)) throw fail('authentication_required');
  return { accountId: session.accountId, user: loaded.user };
}

export function registerUserRoutes(app: Hono<AppEnv>): void {
  route(app, getUser, async ({ c, session, site }) => {
    const { database, sites } = c.get('deps');
    const { user } = await requireUser(database.db, session, site, sites);
    return { user };
  });

  route(app, putUserLanguage, async ({ c, body, session, site }) => {
    const { database, sites } = c.get('deps');
    const { accountId, user } = await requireUser(database.db, session, site, sites);
    await saveAccountLanguage(database.db, accountId, body.language);
    return { user: { ...user, language: body.language } };
  });
}
