/**
 * Front door of the back office's marketing funnel (docs/staff.md "Marketing funnel"): the
 * funnel's hourly roll-up and the calls reading it.
 */
export { registerStaffFunnelRoutes } from './routes.ts';
export { rollUpFunnel } from './rollup.ts';
