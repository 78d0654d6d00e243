/**
 * Front door of the moderation feature: the queue of photos being inspected and the decisions
 * on them, which the back office's "Reports and moderation" section takes (its calls are
 * staff-moderation's). Other features, app.ts, the jobs and the seed import this module only
 * (lint rule imports/feature-internals).
 */
export {
  countQueue,
  decidePhoto,
  loadQueue,
  takeDownPhoto,
  type ModerationDecision,
  type QueueFilter,
} from './service.ts';
