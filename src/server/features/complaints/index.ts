/**
 * Front door of the complaints feature: complaints about members and content. Other features,
 * app.ts, the jobs and the seed import this module only (lint rule imports/feature-internals).
 */
export { registerComplaintRoutes } from './routes.ts';
