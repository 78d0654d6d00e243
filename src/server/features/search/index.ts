/**
 * Front door of the search feature: member search. Other features, app.ts, the jobs and the seed
 * import this module only (lint rule imports/feature-internals).
 */
export { registerSearchRoutes } from './routes.ts';
