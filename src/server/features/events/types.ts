/**
 * The event bus of the realtime channel (ARCHITECTURE "Realtime with a fallback"). Features
 * publish events to accounts; every API process delivers them to the channels
 * (GET /api/events.php) its clients hold open. Stored events are written to `account_events`
 * first, so a channel that reconnects replays what it missed by id, exactly once; the
 * transport between processes (in-process, or Redis pub/sub with REDIS_URL) only carries the
 * news that they exist.
 */
import type { ServerEvent } from '#src/contract/events.ts';
import type { Db } from '#src/server/db/client.ts';
import type { Tx } from '#src/server/db/client.ts';

/** An event for one account. */
export interface OutgoingEvent {
  accountId: number;
  event: ServerEvent;
}

/** An event as a channel receives it: stored events have their log id, typing has none. */
export interface DeliveredEvent {
  id: number | null;
  event: ServerEvent;
  /**
   * The id of the account's stored event before this one (null: there was none), when the
   * transport knows it. A channel that has not sent that one yet (two commits announced out
   * of order) reads the log first, so nothing is skipped; unknown (undefined) means the same.
   */
  previousId?: number | null;
}

/** One stored event: its log id, its account, the account's event before it (see DeliveredEvent). */
export interface StoredEvent {
  id: number;
  accountId: number;
  event: ServerEvent;
  previousId?: number | null;
}

/** Events written in a transaction, to announce once it has committed. */
export interface StoredEvents {
  readonly rows: readonly StoredEvent[];
}

export type EventListener = (delivered: DeliveredEvent) => void;

/**
 * What the transport tells open channels: `resumed` after a gap (Redis was unreachable, so
 * other processes' events may have been missed: read the log from the last id sent),
 * `closed` when the hub stops (channels end; clients reconnect elsewhere and replay).
 */
export type HubStatus = 'resumed' | 'closed';

export interface EventHub {
  /**
   * Writes events to the log inside the caller's transaction (or on the database), so they
   * exist exactly when what they tell of was committed. Announce them after the commit.
   * It holds a per-account lock until the commit, so one account's events commit in id
   * order: call it once per transaction, near its end (two calls in one transaction must
   * name the accounts in the same order as other transactions, or they may deadlock).
   */
  record(tx: Tx | Db, events: readonly OutgoingEvent[]): Promise<StoredEvents>;
  /** Delivers recorded events to the open channels of every process. */
  announce(stored: StoredEvents): Promise<void>;
  /** record on the database, then announce: for events outside a transaction. */
  publish(events: readonly OutgoingEvent[]): Promise<void>;
  /** Delivers events without storing them (typing): a channel that is not open misses them. */
  ephemeral(events: readonly OutgoingEvent[]): Promise<void>;
  /** Listens for one account's events on this process; returns the unsubscribe. */
  subscribe(accountId: number, listener: EventListener): () => void;
  /** The stored events of an account after `afterId`, oldest first (a reconnect's replay). */
  replay(accountId: number, afterId: number, limit: number): Promise<DeliveredEvent[]>;
  /** The id of the account's newest stored event (0: none): where a new channel starts. */
  latestId(accountId: number): Promise<number>;
  /** Listens for the transport's status on this process; returns the unsubscribe. */
  onStatus(listener: (status: HubStatus) => void): () => void;
  /** Resolves once events from other processes arrive here (Redis subscribed; at once in-process). */
  ready(): Promise<void>;
  /** Stops the transport (Redis connections); open channels end. */
  close(): Promise<void>;
}
