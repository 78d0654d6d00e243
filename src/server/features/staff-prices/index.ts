/**
 * Front door of the back office's prices (docs/staff.md "Prices"): the credit bundles' prices
 * per payment country, read by admin and finance, changed by finance. app.ts imports this
 * module only.
 */
export { registerStaffPriceRoutes } from './routes.ts';
