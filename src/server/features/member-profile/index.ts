/**
 * Front door of the member-profile feature: another member's profile page and blocking. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerMemberRoutes } from './routes.ts';
