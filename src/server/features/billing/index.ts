/**
 * Front door of the billing feature: packages, orders and their states, payment webhooks,
 * refunds and receipts. Other features, app.ts, the jobs and the seed import this module only
 * (lint rule imports/feature-internals).
 */
export { registerBillingRoutes } from './routes.ts';
export { assertMayBuy, buyerRequest, loadBuyer, paymentCountry } from './buyer.ts';
export type { Buyer, OrderContext } from './buyer.ts';
export { chargeStoredMethod, createOrder } from './orders.ts';
export { findOrder } from './order-queries.ts';
export { applyPaymentEvents } from './payment-events.ts';
export {
  PACKAGE_CREDITS,
  pricedPackage,
  pricesProblem,
  seedBundlePrices,
  transactionFee,
  type CountryPrices,
} from './packages.ts';
export { methodName } from './receipts.ts';
export { refundAmount, refundRefusal, refundUntil, requestRefund, unusedCredits } from './refunds.ts';
export type { RefundResult } from './refunds.ts';
export { lockOrder, moveOrder } from './state.ts';
export type { OrderRow } from './state.ts';
