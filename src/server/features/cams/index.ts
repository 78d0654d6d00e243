/**
 * Front door of the cams feature: the cam cards of the search and the redirect to a cam. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerCamRoutes } from './routes.ts';
