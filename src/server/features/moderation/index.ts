/**
 * Front door of the moderation feature: the photo and profile review queue. Other features,
 * app.ts, the jobs and the seed import this module only (lint rule imports/feature-internals).
 */
export { registerModerationRoutes } from './routes.ts';
export {
  countQueue,
  decidePhoto,
  loadQueue,
  takeDownPhoto,
  type ModerationDecision,
  type QueueFilter,
} from './service.ts';
