/**
 * Front door of the dev-inbox feature: the mails and text messages the offline providers kept
 * (not in production). Other features, app.ts, the jobs and the seed import this module only
 * (lint rule imports/feature-internals).
 */
export { registerDevInbox } from './routes.ts';
