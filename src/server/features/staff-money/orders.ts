/**
 * The Money section's orders (docs/staff.md "Money"): the list with its filters, newest first,
 * keyset-paged on orders.id (the per-site, status, method and day indexes of migration 0020,
 * status with method of 0025), or on (created_at, id) when a date range is given (so
 * orders_created serves it; the cursor stays an order id, docs/staff.md "The members search
 * and the orders list at scale"),
 * an order's page (payment history, provider events, member, ledger rows), and the refund,
 * which is billing's own refund (ledger and provider payout) with the audit entry written in
 * its transaction.
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { ORDERS_PAGE_SIZE, type StaffOrderPage, type StaffOrderRow } from '#src/contract/staff-money.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, billingHolds, creditLedger, orderHistory, orders, paymentEvents } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import {
  refundAmount,
  refundRefusal,
  refundUntil,
  requestRefund,
  unusedCredits,
  type OrderRow,
} from '#src/server/features/billing/index.ts';
import { siteSettings } from '#src/server/features/site/index.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

const DAY_MS = 86_400_000;

export interface OrderFilters {
  siteId?: string | undefined;
  status?: OrderRow['status'] | undefined;
  method?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  member?: string | undefined;
  order?: string | undefined;
  after?: number | undefined;
}

function rowOf(order: OrderRow, email: string | null): StaffOrderRow {
  return {
    key: order.id,
    id: order.publicId,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    site: order.siteId,
    member_id: order.accountId,
    member_email: email,
    status: order.status,
    method: order.method,
    kind: order.kind,
    package: order.packageKey,
    credits: order.credits,
    amount_minor: order.amountMinor,
    currency: order.currency,
    country: order.country,
    discount_code: order.discountCode,
  };
}

function conditions(db: Db, filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.siteId) where.push(eq(orders.siteId, filters.siteId));
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.method) where.push(eq(orders.method, filters.method));
  if (filters.from) where.push(gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) where.push(lt(orders.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS)));
  if (filters.order) where.push(eq(orders.publicId, filters.order.toUpperCase()));
  const member = filters.member?.trim() ?? '';
  if (/^\d{1,18}$/.test(member)) where.push(eq(orders.accountId, Number(member)));
  else if (member) {
    // The same address may have an account on several sites (accounts_email_prefix index).
    const ids = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, member.toLowerCase()));
    where.push(inArray(orders.accountId, ids));
  }
  if (filters.after !== undefined) {
    where.push(
      byDate(filters)
        ? // The cursor order's time, read here: the next page starts right before (created_at, id).
          sql`(${orders.createdAt}, ${orders.id}) < ((select ${orders.createdAt} from ${orders} where ${orders.id} = ${filters.after}), ${filters.after})`
        : lt(orders.id, filters.after),
    );
  }
  return where;
}

/** With a date filter the list runs on created_at (orders_created), else on the id. */
function byDate(filters: OrderFilters): boolean {
  return Boolean(filters.from || filters.to);
}

export async function searchOrders(
  db: Db,
  filters: OrderFilters,
): Promise<{ orders: StaffOrderRow[]; next: number | null }> {
  const rows = await db
    .select({ order: orders, email: accounts.email })
    .from(orders)
    .leftJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(...conditions(db, filters)))
    .orderBy(...(byDate(filters) ? [desc(orders.createdAt), desc(orders.id)] : [desc(orders.id)]))
    .limit(ORDERS_PAGE_SIZE + 1);
  const page = rows.slice(0, ORDERS_PAGE_SIZE);
  return {
    orders: page.map((row) => rowOf(row.order, row.email)),
    next: rows.length > ORDERS_PAGE_SIZE ? (page.at(-1)?.order.id ?? null) : null,
  };
}

async function refundDaysOf(c: Context<AppEnv>, siteId: string): Promise<number> {
  const { database, sites } = c.get('deps');
  const site = sites.find((candidate) => candidate.id === siteId);
  if (!site) throw new Error(`staff-money: the order's site ${siteId} is not configured`);
  return (await siteSettings({ db: database.db, site })).refund_days;
}

export async function orderPage(c: Context<AppEnv>, publicId: string): Promise<StaffOrderPage> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const [found] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  if (!found) throw fail('not_found');
  const [[account], [hold], history, events, ledger, unused, refundDays] = await Promise.all([
    db.select().from(accounts).where(eq(accounts.id, found.accountId)).limit(1),
    db.select().from(billingHolds).where(eq(billingHolds.accountId, found.accountId)).limit(1),
    db.select().from(orderHistory).where(eq(orderHistory.orderId, found.id)).orderBy(orderHistory.id),
    db.select().from(paymentEvents).where(eq(paymentEvents.orderId, found.id)).orderBy(paymentEvents.id),
    db
      .select()
      .from(creditLedger)
      .where(
        and(
          inArray(creditLedger.reason, ['purchase', 'purchase_refund', 'chargeback']),
          eq(creditLedger.reference, found.publicId),
        ),
      )
      .orderBy(creditLedger.id),
    unusedCredits(db, found.accountId),
    refundDaysOf(c, found.siteId),
  ]);
  if (!account) throw fail('not_found');
  const left = Math.min(account.credits, unused.get(found.id) ?? 0);
  const refusal = refundRefusal(found, left, refundDays, now());
  const until = refundUntil(found, refundDays);
  return {
    order: {
      ...rowOf(found, account.email),
      list_price_minor: found.listPriceMinor,
      discount_minor: found.discountMinor,
      discount_percentage: found.discountPercentage,
      transaction_fee_minor: found.transactionFeeMinor,
      provider: found.provider,
      provider_session: found.providerSession,
      provider_ref: found.providerRef,
      failure_reason: found.failureReason,
      refunded_credits: found.refundedCredits,
      refund_minor: found.refundMinor,
      refund_provider_ref: found.refundProviderRef,
      refunded_at: found.refundedAt?.toISOString() ?? null,
      chargeback_credits: found.chargebackCredits,
      chargeback_shortfall: found.chargebackShortfall,
      charged_back_at: found.chargedBackAt?.toISOString() ?? null,
    },
    member: {
      id: account.id,
      site: account.siteId,
      email: account.email,
      status: account.status,
      credits: account.credits,
      billing_hold: hold !== undefined,
    },
    history: history.map((h) => ({
      at: h.createdAt.toISOString(),
      from: h.fromStatus,
      to: h.toStatus,
      cause: h.cause,
    })),
    events: events.map((e) => ({
      at: e.occurredAt.toISOString(),
      received_at: e.receivedAt.toISOString(),
      provider: e.provider,
      event_id: e.eventId,
      type: e.type,
      outcome: e.outcome,
    })),
    credits: ledger.map((l) => ({
      at: l.createdAt.toISOString(),
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
    })),
    refundable:
      refusal === null && until
        ? { credits: left, amount_minor: refundAmount(found, left), until: until.toISOString() }
        : null,
    refund_refusal: refusal,
  };
}

/** Billing's refund of the order's unused credits, audited in its transaction. */
export async function refundOrder(
  c: Context<AppEnv>,
  staff: StaffSession,
  publicId: string,
  reason: string,
): Promise<{ page: StaffOrderPage; refunded_credits: number; refund_minor: number }> {
  const deps = c.get('deps');
  const [found] = await deps.database.db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  if (!found) throw fail('not_found');
  const by = await auditBy(c, sessionActor(staff));
  const result = await requestRefund(deps, {
    accountId: found.accountId,
    paymentId: found.publicId,
    refundDays: await refundDaysOf(c, found.siteId),
    cause: `staff_refund:${staff.staffId}`,
    record: (tx, taken) =>
      audit(tx, by, {
        action: 'order.refund',
        targetType: 'order',
        targetId: found.publicId,
        before: { status: found.status, refunded_credits: found.refundedCredits, refund_minor: found.refundMinor },
        after: {
          status: taken.order.status,
          refunded_credits: taken.credits,
          refund_minor: taken.amountMinor,
          balance: taken.balance,
        },
        reason,
      }),
  });
  return {
    page: await orderPage(c, publicId),
    refunded_credits: result.credits,
    refund_minor: result.amountMinor,
  };
}
