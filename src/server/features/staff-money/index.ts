/**
 * Front door of the back office's Money section (docs/staff.md "Money"): orders, refunds,
 * discount codes and the daily reconciliation. app.ts imports this module only.
 */
export { registerStaffMoneyRoutes } from './routes.ts';
