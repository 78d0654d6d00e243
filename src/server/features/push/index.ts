/**
 * Front door of the push feature: subscriptions, the VAPID key and the pushes of messages and
 * likes. Other features, app.ts, the jobs and the seed import this module only (lint rule
 * imports/feature-internals).
 */
export { registerPushRoutes } from './routes.ts';
export { pushContext, pushLike, withPushes } from './hooks.ts';
export { pushesSettled } from './sender.ts';
export { pushPublicKey } from './vapid.ts';
