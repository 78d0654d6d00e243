/**
 * The complaint call (contract src/contract/complaints.ts): the form's POST for visitors and
 * members. Staff read and handle complaints in the back office (features/staff-moderation/).
 */
import type { Hono } from 'hono';
import { COMPLAINTS_PER_HOUR, postComplaint } from '#src/contract/complaints.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { accountKey, clientIp, enforce, ipKey } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { complaintMail, senderAccount, storeComplaint } from './service.ts';

const HOUR_LIMIT = { max: COMPLAINTS_PER_HOUR, windowMs: 3_600_000 };

export function registerComplaintRoutes(app: Hono<AppEnv>): void {
  route(app, postComplaint, async ({ c, body, session, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database, mail, now } = c.get('deps');
    const db = database.db;
    const account = session ? await senderAccount(db, session.accountId, site.id) : null;
    const email = body.email ?? account?.email ?? null;
    if (!email) throw fail('invalid_input', { field: 'email' });
    const at = now();
    await enforce(db, await ipKey(db, 'complaint', clientIp(c)), HOUR_LIMIT, at);
    if (account) await enforce(db, accountKey('complaint', account.id), HOUR_LIMIT, at);
    const locale = c.get('locale');
    const reference = await storeComplaint(
      db,
      {
        site,
        accountId: account?.id ?? null,
        topic: body.topic,
        order: body.order || null,
        member: body.member || null,
        description: body.description,
        email,
        locale,
      },
      at,
    );
    const { settings } = await loadSite(db, site);
    try {
      await mail.send(
        complaintMail({ site, to: email, language: locale, reference, supportEmail: settings.support_email }),
      );
    } catch (error) {
      // The complaint is stored and its reference shown; staff answer to the address anyway.
      console.error('[complaints] the confirmation mail could not be sent:', (error as Error).message);
    }
    return { reference };
  });
}
