/**
 * The billing calls (contract src/contract/billing.ts): bundles, orders, transactions,
 * repeat orders, refunds, and the provider's webhook. All but the webhook are for
 * logged-in members of the request's site.
 */
import type { Context, Hono } from 'hono';
import type { SiteConfig } from '#sites-config';
import {
  PACKAGE_KEYS,
  PAYMENT_METHOD_RULES,
  TRANSACTIONS_MAX,
  getPackages,
  getRepeatOrder,
  getTransaction,
  getTransactions,
  postOrder,
  postRefund,
  postRepeatOrder,
  type OrderAnswer,
  type PackageKey,
  type PaymentMethod,
} from '#src/contract/billing.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { fail } from '#src/server/http/errors.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { buyerRequest, loadBuyer, paymentCountry, type Buyer, type OrderContext } from './buyer.ts';
import { findOrder, lastPaidOrder, latestStoredMethod, listOrders, orderDto } from './order-queries.ts';
import { chargeStoredMethod, createOrder, openCheckout } from './orders.ts';
import type { OrderRow } from './state.ts';
import { isMethodOffered, methodsDto, offeredMethods, packageDto, pricedPackage } from './packages.ts';
import { refreshOpenOrder } from './refresh.ts';
import { requestRefund, unusedCredits } from './refunds.ts';
import { registerPaymentWebhook } from './webhook.ts';

interface BillingRequest {
  ctx: OrderContext;
  buyer: Buyer;
  settings: SiteConfig['settings'];
}

async function billingRequest(c: Context<AppEnv>, site: SiteConfig | null): Promise<BillingRequest> {
  const { ctx, buyer } = await buyerRequest(c, site);
  const { settings } = await loadSite(ctx.db, ctx.site);
  return { ctx, buyer, settings };
}

/** How an order is shown; `unused`: its unused bought credits (0 for one not completed). */
function view(req: BillingRequest, unused = 0) {
  return { now: req.ctx.now, refundDays: req.settings.refund_days, unused };
}

/** The unused bought credits of the buyer's completed orders, by order id. */
function unusedOf(req: BillingRequest) {
  return unusedCredits(req.ctx.db, req.buyer.accountId);
}

/** Opens the way to pay a created order: the provider's checkout, or the site's SEPA form. */
async function answerNewOrder(req: BillingRequest, order: OrderRow): Promise<OrderAnswer> {
  if (PAYMENT_METHOD_RULES[order.method as PaymentMethod].flow === 'directdebit') {
    return { order: orderDto(order, view(req)), next: 'directdebit', redirect_url: null };
  }
  const redirectUrl = await openCheckout(req.ctx, order);
  return { order: orderDto(order, view(req)), next: 'checkout', redirect_url: redirectUrl };
}

export function registerBillingRoutes(app: Hono<AppEnv>): void {
  registerPaymentWebhook(app);

  route(app, getPackages, async ({ c, site, query }) => {
    const req = await billingRequest(c, site);
    const pricing = await paymentCountry(req.ctx.db, req.ctx.site, req.buyer, query.country);
    const { country, currency } = pricing;
    const stored = await latestStoredMethod(req.ctx.db, req.buyer.accountId);
    // Only what the payment service takes now (a Mollie profile's activated methods).
    const offered = await offeredMethods(req.ctx.deps.payments, pricing);
    const packages = PACKAGE_KEYS.map((key) => {
      const dto = packageDto(key, pricing, req.settings.message_credits);
      return { ...dto, methods: dto.methods.filter((method) => offered(key, method)) };
    });
    return {
      country,
      currency,
      countries: req.settings.countries,
      packages,
      methods: methodsDto(country).filter((info) => packages.some((p) => p.methods.includes(info.key))),
      stored_method: stored ? { method: stored.method as PaymentMethod, label: stored.label } : null,
      first_purchase: !req.buyer.paidUser,
      refund_days: req.settings.refund_days,
      message_credits: req.settings.message_credits,
    };
  });

  route(app, postOrder, async ({ c, site, body }) => {
    const req = await billingRequest(c, site);
    const order = await createOrder(req.ctx, req.buyer, {
      packageKey: body.package,
      method: body.method,
      discountCode: body.discount_code,
      country: body.country,
      kind: PAYMENT_METHOD_RULES[body.method].flow === 'directdebit' ? 'direct_debit' : 'checkout',
    });
    return answerNewOrder(req, order);
  });

  route(app, getTransaction, async ({ c, site, query, fail }) => {
    const req = await billingRequest(c, site);
    let order = await findOrder(req.ctx.db, req.buyer.accountId, query.id);
    if (!order) throw fail('not_found');
    // An open order: ask the provider what became of it (refresh.ts), then answer the news.
    if (await refreshOpenOrder(req.ctx, order)) {
      order = (await findOrder(req.ctx.db, req.buyer.accountId, query.id)) ?? order;
      req.buyer = (await loadBuyer(req.ctx.db, req.buyer.accountId)) ?? req.buyer;
    }
    const unused = (await unusedOf(req)).get(order.id) ?? 0;
    return { order: orderDto(order, view(req, unused)), balance: req.buyer.credits, paid_user: req.buyer.paidUser };
  });

  route(app, getTransactions, async ({ c, site }) => {
    const req = await billingRequest(c, site);
    const rows = await listOrders(req.ctx.db, req.buyer.accountId, TRANSACTIONS_MAX);
    const unused = await unusedOf(req);
    return {
      orders: rows.map((row) => orderDto(row, view(req, unused.get(row.id) ?? 0))),
      refund_days: req.settings.refund_days,
    };
  });

  route(app, getRepeatOrder, async ({ c, site }) => {
    const req = await billingRequest(c, site);
    const last = await lastPaidOrder(req.ctx.db, req.buyer.accountId);
    if (!last) return { repeat: null };
    const pricing = await paymentCountry(req.ctx.db, req.ctx.site, req.buyer, last.order.country);
    const { currency } = pricing;
    const method = last.order.method as PaymentMethod;
    // A one-off method the payment service no longer takes is not offered again (a stored
    // method is charged through its mandate).
    if (!last.stored) {
      const amountMinor = pricedPackage(last.order.packageKey as PackageKey, pricing).priceMinor;
      const offered = await isMethodOffered(req.ctx.deps.payments, method, {
        amountMinor,
        currency,
        country: last.order.country,
      });
      if (!offered) return { repeat: null };
    }
    return {
      repeat: {
        package: packageDto(last.order.packageKey as PackageKey, pricing, req.settings.message_credits),
        method,
        stored_method: last.stored ? { method: last.stored.method as PaymentMethod, label: last.stored.label } : null,
      },
    };
  });

  route(app, postRepeatOrder, async ({ c, site, fail }) => {
    const req = await billingRequest(c, site);
    const last = await lastPaidOrder(req.ctx.db, req.buyer.accountId);
    if (!last) throw fail('no_previous_order');
    const method = last.order.method as PaymentMethod;
    const order = await createOrder(req.ctx, req.buyer, {
      packageKey: last.order.packageKey as PackageKey,
      method,
      country: last.order.country,
      kind: last.stored ? 'stored' : PAYMENT_METHOD_RULES[method].flow === 'directdebit' ? 'direct_debit' : 'checkout',
      storedMethodId: last.stored?.id ?? null,
    });
    if (!last.stored) return answerNewOrder(req, order);
    const after = await chargeStoredMethod(req.ctx, order, last.stored.token);
    if (after.status === 'failed' || after.status === 'cancelled') {
      throw fail('stored_payment_failed');
    }
    const unused = (await unusedOf(req)).get(after.id) ?? 0;
    return { order: orderDto(after, view(req, unused)), next: 'transaction' as const, redirect_url: null };
  });

  route(app, postRefund, async ({ c, site, body }) => {
    const req = await billingRequest(c, site);
    const result = await requestRefund(req.ctx.deps, {
      accountId: req.buyer.accountId,
      paymentId: body.order,
      refundDays: req.settings.refund_days,
    });
    if (result.credits <= 0) throw fail('nothing_to_refund');
    return {
      // Refunded: nothing left to refund.
      order: orderDto(result.order, view(req)),
      refunded_credits: result.credits,
      refund_minor: result.amountMinor,
      balance: result.balance,
    };
  });
}
