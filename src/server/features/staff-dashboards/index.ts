/**
 * Front door of the back office's dashboards (docs/staff.md "Dashboards"): the daily
 * aggregates' hourly roll-up and the calls reading them.
 */
export { registerStaffDashboardRoutes } from './routes.ts';
export { rollUpDailyStats } from './rollup.ts';
