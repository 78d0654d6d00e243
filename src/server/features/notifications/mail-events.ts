/**
 * The mail service's reports (POST /api/mail-events.php; docs/notifications.md): a permanent
 * bounce, a complaint or a list-unsubscribe turns notification mails off for the address's
 * live accounts, with the reason.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MailEvent, NotificationsDisabledReason } from '#src/contract/notifications.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';
import { addDisabledReason } from './preferences.ts';

const REASON_OF: Readonly<Record<MailEvent['type'], NotificationsDisabledReason>> = {
  bounce: 'bounce',
  complaint: 'fbl',
  unsubscribe: 'listunsubscribe',
};

/** Applies the events; answers how many accounts changed and how many events changed none. */
export async function applyMailEvents(
  db: Db,
  events: readonly MailEvent[],
): Promise<{ accounts: number; ignored: number }> {
  const changed = new Set<string>();
  let ignored = 0;
  for (const event of events) {
    if (event.type === 'bounce' && !event.permanent) {
      ignored++;
      continue;
    }
    const owners = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.email, event.email),
          inArray(accounts.status, ['not_confirmed', 'confirmed', 'banned']),
          ...(event.site ? [eq(accounts.siteId, event.site)] : []),
        ),
      );
    const added = await addDisabledReason(
      db,
      owners.map((o) => o.id),
      REASON_OF[event.type],
    );
    if (added.length === 0) ignored++;
    for (const id of added) changed.add(`${id}`);
  }
  return { accounts: changed.size, ignored };
}
