/**
 * Front door of the reports feature: members' reports of profiles, photos and messages for
 * the moderators (docs/reports.md). app.ts imports this module only.
 */
export { registerReportRoutes } from './routes.ts';
