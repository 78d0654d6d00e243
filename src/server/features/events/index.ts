/**
 * The realtime feature's front door (docs/realtime.md): the event bus every feature records
 * and announces through (`deps.events`, created once by composeApp) and the member's channel,
 * GET /api/events.php.
 */
export { createEventHub } from './hub.ts';
export { createLocalEventHub } from './local.ts';
export { createRedisEventHub } from './redis.ts';
export { registerEventRoutes } from './routes.ts';
export type { DeliveredEvent, EventHub, HubStatus, OutgoingEvent, StoredEvent, StoredEvents } from './types.ts';
