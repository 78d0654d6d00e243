/** The event hub of a configuration: in-process by default (Redis pub/sub with REDIS_URL: see redis.ts). */
import type { Database } from '#src/server/db/client.ts';
import type { Config } from '#src/server/env.ts';
import { createLocalEventHub } from './local.ts';
import type { EventHub } from './types.ts';

export type { DeliveredEvent, EventHub, OutgoingEvent, StoredEvents } from './types.ts';

export function createEventHub(_config: Config, database: Database): EventHub {
  return createLocalEventHub(database.db);
}
