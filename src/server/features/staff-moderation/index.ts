/**
 * Front door of the back office's "Reports and moderation" section (docs/staff.md, docs/reports.md):
 * the photo queue, the reports queue with decisions and statements of reasons, the decision
 * log and the repeat offenders. app.ts imports this module only.
 */
export { registerStaffModerationRoutes } from './routes.ts';
