/**
 * Front door of the discounts feature: discount codes and the time bonus. Other features,
 * app.ts, the jobs and the seed import this module only (lint rule imports/feature-internals).
 */
export { registerDiscountRoutes } from './routes.ts';
export { codeUses, createCode, listCodes, setCodeStatus } from './admin.ts';
export { DELETE_DISCOUNT_PERCENT, seedDiscountCodes } from './seed.ts';
export { discountError, isSharedReservation, quoteDiscount, redeemDiscount } from './service.ts';
