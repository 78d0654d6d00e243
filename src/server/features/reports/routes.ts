/**
 * The report call (contract src/contract/reports.ts): a member's report of a profile, a photo
 * or a chat message, limited per member (REPORTS_PER_HOUR, REPORTS_PER_DAY).
 */
import type { Hono } from 'hono';
import { postReport, REPORTS_PER_DAY, REPORTS_PER_HOUR } from '#src/contract/reports.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import { route } from '#src/server/http/route.ts';
import { storeReport } from './service.ts';

const HOUR = { max: REPORTS_PER_HOUR, windowMs: 3_600_000 };
const DAY = { max: REPORTS_PER_DAY, windowMs: 86_400_000 };

export function registerReportRoutes(app: Hono<AppEnv>): void {
  route(app, postReport, async ({ c, body, session, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database, now } = c.get('deps');
    const db = database.db;
    const at = now();
    await enforce(db, accountKey('report', session.accountId), HOUR, at);
    await enforce(db, accountKey('report-day', session.accountId), DAY, at);
    const reference = await storeReport(
      db,
      {
        accountId: session.accountId,
        siteId: site.id,
        target: body.target,
        id: body.id,
        reason: body.reason,
        details: body.details || null,
        locale: c.get('locale'),
      },
      at,
    );
    return { reference };
  });
}
