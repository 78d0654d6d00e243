/**
 * Front door of the notifications feature: triggers, preferences, the hourly jobs and
 * unsubscribing. Other features, app.ts, the jobs and the seed import this module only (lint
 * rule imports/feature-internals).
 */
export { registerNotificationRoutes } from './routes.ts';
export { runNotificationJobs } from './jobs.ts';
export { notificationMailsSettled } from './sender.ts';
export { mailLike, withNotificationMails } from './triggers.ts';
