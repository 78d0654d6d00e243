/**
 * Front door of the billing feature: packages, orders and their states, payment webhooks,
 * refunds and receipts. Other features, app.ts, the jobs and the seed import this module only
 * (lint rule imports/feature-internals).
 */
export { registerBillingRoutes } from './routes.ts';
export {
  applyPaymentEvents,
  assertMayBuy,
  chargeStoredMethod,
  createOrder,
  findOrder,
  loadBuyer,
  paymentCountry,
} from './orders.ts';
export type { Buyer, OrderContext } from './orders.ts';
export { pricedPackage, transactionFee } from './packages.ts';
export { methodName } from './receipts.ts';
export { lockOrder, moveOrder } from './state.ts';
export type { OrderRow } from './state.ts';
