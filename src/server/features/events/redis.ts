/**
 * The event hub across API processes: Redis pub/sub (REDIS_URL). Events are logged in
 * `account_events` as with the in-process hub; announcing them hands them to this process's
 * listeners at once and publishes them (ids, account ids, the events) on one channel, where
 * every other process hands them to its own listeners. Typing goes the same way, unstored.
 *
 * Redis is a carrier, not the record: while it is unreachable the hub logs once and keeps
 * delivering to this process; when it is back, every process tells its open channels to read
 * the log from the last id they sent (`resumed`), so stored events still arrive exactly once.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { ServerEvent } from '#src/contract/events.ts';
import type { Db } from '#src/server/db/client.ts';
import { logAndListeners, recordEvents } from './local.ts';
import type { EventHub, StoredEvent, StoredEvents } from './types.ts';

/** The pub/sub channel all processes of one deployment share. */
export const EVENTS_CHANNEL = 'flirt:events';

/** What travels on the channel. `resume` asks every process to catch its channels up. */
type Wire =
  | { origin: string; rows: (StoredEvent | { id: null; accountId: number; event: ServerEvent })[] }
  | { origin: string; resume: true };

export interface RedisHubOptions {
  /** The channel (default EVENTS_CHANNEL): tests isolate themselves with their own. */
  channel?: string;
  /** Where connection trouble is reported (default console.error). */
  log?: (message: string) => void;
  /** The app's clock, for the log's timestamps (default: the real one). */
  now?: () => Date;
}

/** Reconnect after 100 ms, doubling up to 5 s, for as long as it takes. */
function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** retries, 5000);
}

export function createRedisEventHub(db: Db, url: string, options: RedisHubOptions = {}): EventHub {
  const channel = options.channel ?? EVENTS_CHANNEL;
  const log = options.log ?? ((message: string) => console.error(message));
  const origin = randomUUID();
  const now = options.now ?? (() => new Date());
  const { listeners, status, hub } = logAndListeners(db, now);
  let closed = false;

  // Commands while disconnected fail at once instead of queueing: an announcement that cannot
  // be published now is recovered from the log, not sent late and out of order.
  const publisher = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
  const subscriber = publisher.duplicate();
  /** Something could not be published: other processes are asked to catch up once it can. */
  let publishFailed = false;

  const send = async (wire: Wire): Promise<void> => {
    if (closed) return;
    try {
      await publisher.publish(channel, JSON.stringify(wire));
    } catch (error) {
      if (!publishFailed) {
        log(
          `[events] publish failed (${error instanceof Error ? error.message : String(error)}); other processes catch up when Redis is back`,
        );
      }
      publishFailed = true;
    }
  };

  /** Per connection: down since the first error of an outage (logged once), back on ready. */
  const watch = (client: typeof publisher, name: string, onBack: () => void) => {
    let down = false;
    client.on('error', (error: unknown) => {
      if (down || closed) return;
      down = true;
      log(
        `[events] Redis ${name} unreachable (${error instanceof Error ? error.message : String(error)}); delivering on this process only until it is back`,
      );
    });
    client.on('ready', () => {
      if (!down || closed) return;
      down = false;
      log(`[events] Redis ${name} is back`);
      onBack();
    });
  };
  watch(subscriber, 'subscriber', () => status.emit('resumed'));
  watch(publisher, 'publisher', () => {
    if (!publishFailed) return;
    publishFailed = false;
    // Other processes missed what this one could not publish: they catch up from the log.
    void send({ origin, resume: true });
  });

  const onMessage = (message: string) => {
    let wire: Wire;
    try {
      wire = JSON.parse(message) as Wire;
    } catch {
      return;
    }
    if (wire.origin === origin) return;
    if ('resume' in wire) status.emit('resumed');
    else listeners.deliverRows(wire.rows as StoredEvent[]);
  };

  const connect = async (client: typeof publisher): Promise<void> => {
    try {
      await client.connect();
    } catch (error) {
      // connect() keeps retrying on its own; a rejection here means it gave up or we closed.
      if (!closed) log(`[events] Redis connection failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  void connect(publisher);
  // node-redis subscribes again by itself after every reconnect.
  const subscribed = connect(subscriber).then(async () => {
    if (!closed && subscriber.isOpen) await subscriber.subscribe(channel, onMessage);
  });
  subscribed.catch((error: unknown) => {
    if (!closed) log(`[events] Redis subscribe failed: ${error instanceof Error ? error.message : String(error)}`);
  });

  const announce = async (stored: StoredEvents): Promise<void> => {
    if (stored.rows.length === 0) return;
    listeners.deliverRows(stored.rows);
    await send({ origin, rows: [...stored.rows] });
  };

  return {
    ...hub,
    ready: () => subscribed.catch(() => {}),
    announce,
    async publish(events) {
      await announce(await recordEvents(db, events, now()));
    },
    async ephemeral(events) {
      if (events.length === 0) return;
      const rows = events.map(({ accountId, event }) => ({ id: null, accountId, event }));
      listeners.deliverRows(rows);
      await send({ origin, rows });
    },
    async close() {
      if (closed) return;
      closed = true;
      status.emit('closed');
      // A client still trying to connect is destroyed, which also settles its connect().
      await Promise.allSettled(
        [subscriber, publisher].map(async (client) => {
          if (client.isReady) await client.close();
          else client.destroy();
        }),
      );
      await subscribed.catch(() => {});
    },
  };
}
