/** The event hub of a configuration: in-process by default, Redis pub/sub with REDIS_URL. */
import type { Database } from '#src/server/db/client.ts';
import type { Config } from '#src/server/env.ts';
import { createLocalEventHub } from './local.ts';
import { createRedisEventHub } from './redis.ts';
import type { EventHub } from './types.ts';

/** `now`: the app's clock, which stamps the event log (pruned by age). */
export function createEventHub(config: Config, database: Database, now: () => Date = () => new Date()): EventHub {
  return config.redisUrl
    ? createRedisEventHub(database.db, config.redisUrl, { now })
    : createLocalEventHub(database.db, now);
}
