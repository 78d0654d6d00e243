/**
 * Front door of the traffic feature: traffic sources, page bounces and lander visits. Other features, app.ts,
 * the jobs and the seed import this module only (lint rule imports/feature-internals).
 */
export { registerTrafficRoutes } from './routes.ts';
export { prunePageBounces } from './service.ts';
export { signupLanding } from './visits.ts';
