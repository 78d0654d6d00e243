/**
 * Front door of the back office's sites section (docs/staff.md "Sites"): the sites'
 * settings, the companies and the minimum message costs, changed by admins and audited.
 */
export { registerStaffSiteRoutes } from './routes.ts';
