/**
 * The complaint calls (contract src/contract/complaints.ts): the form's POST for visitors and
 * members, and the staff list with its 'handled' flag for moderators and admins.
 */
import type { Hono } from 'hono';
import { COMPLAINTS_PER_HOUR, getComplaints, postComplaint, putComplaint } from '#src/contract/complaints.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { accountKey, clientIp, enforce, ipKey } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { complaintMail, listComplaints, senderAccount, setComplaintStatus, storeComplaint } from './service.ts';

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

  route(app, getComplaints, async ({ c, query }) => {
    const { database } = c.get('deps');
    return await listComplaints(database.db, query.status ?? 'open');
  });

  route(app, putComplaint, async ({ c, body, session, fail }) => {
    const { database, now } = c.get('deps');
    const complaint = await setComplaintStatus(database.db, body.reference, body.status, session.accountId, now());
    if (!complaint) throw fail('not_found');
    return complaint;
  });
}
