/** GET /api/discountcode.php with `code` or `welcome=true` (SPEC §7). */
import type { Hono } from 'hono';
import { getDiscountCode, getWelcomeDiscount } from '#src/contract/discounts.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { loadViewer, requireViewer } from '#src/server/features/members/index.ts';
import { lookupDiscount, welcomeCode } from './service.ts';

export function registerDiscountRoutes(app: Hono<AppEnv>): void {
  route(app, getWelcomeDiscount, async ({ c, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database, now } = c.get('deps');
    const viewer = await loadViewer(c);
    const code = await welcomeCode(database.db, site.id);
    const discount = await lookupDiscount(database.db, {
      code,
      siteId: site.id,
      accountId: viewer?.accountId ?? null,
      now: now(),
      locale: c.get('locale'),
    });
    return { discount };
  });

  route(app, getDiscountCode, async ({ c, site, query, fail }) => {
    if (!site) throw fail('unknown_site');
    const viewer = await requireViewer(c);
    const { database, now } = c.get('deps');
    const discount = await lookupDiscount(database.db, {
      code: query.code,
      siteId: site.id,
      accountId: viewer.accountId,
      now: now(),
      locale: c.get('locale'),
      amountMinor: query.amount,
      currency: query.currency,
      country: query.country,
      method: query.paymentmethod,
    });
    return { discount };
  });
}
