/**
 * The Money section's calls (contract src/contract/staff-money.ts), bound with staffRoute():
 * orders and an order's page, the refund behind a fresh second factor, discount codes (list,
 * create, pause and resume, uses) and the daily reconciliation. Each write is audited with
 * before and after in the transaction that makes it.
 */
import type { Hono } from 'hono';
import {
  CODES_PAGE_SIZE,
  USES_PAGE_SIZE,
  getStaffCodeUses,
  getStaffCodes,
  getStaffOrder,
  getStaffOrders,
  getStaffReconciliation,
  postStaffCode,
  postStaffCodeStatus,
  postStaffOrderRefund,
} from '#src/contract/staff-money.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { codeUses, createCode, listCodes, setCodeStatus } from '#src/server/features/discounts/index.ts';
import { siteFilter } from '#src/server/features/site/index.ts';
import {
  audit,
  auditBy,
  requireRecentSecondFactor,
  sessionActor,
  staffRoute,
} from '#src/server/features/staff/index.ts';
import { orderPage, refundOrder, searchOrders } from './orders.ts';
import { reconcile } from './reconciliation.ts';

const numberOr = (text: string | undefined) => (text ? Number(text) : undefined);

export function registerStaffMoneyRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, getStaffOrders, async ({ c, query }) => {
    const { database, sites } = c.get('deps');
    return searchOrders(database.db, { ...query, siteId: siteFilter(sites, query.site), after: numberOr(query.after) });
  });

  staffRoute(app, getStaffOrder, async ({ c, query }) => orderPage(c, query.id));

  staffRoute(app, postStaffOrderRefund, async ({ c, body, session }) => {
    requireRecentSecondFactor(session, c.get('deps').now());
    return refundOrder(c, session, body.order, body.reason);
  });

  staffRoute(app, getStaffCodes, async ({ c, query }) =>
    listCodes(c.get('deps').database.db, { q: query.q, after: numberOr(query.after) }, CODES_PAGE_SIZE),
  );

  staffRoute(app, postStaffCode, async ({ c, body, session }) => {
    const { database, sites, now } = c.get('deps');
    const by = await auditBy(c, sessionActor(session));
    const { reason, ...input } = body;
    const code = await database.db.transaction(async (tx) => {
      const created = await createCode(
        tx,
        input,
        sites.map((site) => site.id),
        now(),
      );
      await audit(tx, by, {
        action: 'discount.create',
        targetType: 'discount_code',
        targetId: created.id,
        before: null,
        after: created,
        reason,
      });
      return created;
    });
    return { code };
  });

  staffRoute(app, postStaffCodeStatus, async ({ c, body, session }) => {
    const by = await auditBy(c, sessionActor(session));
    const code = await c.get('deps').database.db.transaction(async (tx) => {
      const { before, after } = await setCodeStatus(tx, body.id, body.status);
      await audit(tx, by, {
        action: body.status === 'active' ? 'discount.resume' : 'discount.pause',
        targetType: 'discount_code',
        targetId: body.id,
        before: { status: before.status },
        after: { status: after.status },
        reason: body.reason,
      });
      return after;
    });
    return { code };
  });

  staffRoute(app, getStaffCodeUses, async ({ c, query }) =>
    codeUses(c.get('deps').database.db, Number(query.id), numberOr(query.after), USES_PAGE_SIZE),
  );

  staffRoute(app, getStaffReconciliation, async ({ c, query }) =>
    reconcile(c.get('deps').database.db, query.from, query.to),
  );
}
