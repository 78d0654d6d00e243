/**
 * Front door of the profile feature: the member's own profile: details, privacy, city
 * suggestions and the signup teasers. Other features, app.ts, the jobs and the seed import this
 * module only (lint rule imports/feature-internals).
 */
export { registerProfileRoutes } from './routes.ts';
