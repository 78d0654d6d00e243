/**
 * Front door of the back office's "Reports and moderation" section (docs/staff.md, docs/reports.md):
 * the photo queue, the reports queue with decisions and statements of reasons, the decision
 * log, the repeat offenders and the complaints; the 302 of the member sites' /moderation.
 * app.ts imports this module only.
 */
export { registerStaffModerationRoutes } from './routes.ts';
export { MODERATION_SECTION_PATH, moderationConsoleRedirect } from './redirect.ts';
