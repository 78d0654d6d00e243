/**
 * Front door of the operator feature: the operator console: chat pals answering members. Other
 * features, app.ts, the jobs and the seed import this module only (lint rule imports/feature-
 * internals).
 */
export { registerOperatorRoutes } from './routes.ts';
