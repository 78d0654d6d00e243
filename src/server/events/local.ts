/**
 * The in-process event hub: the default when no REDIS_URL is set (one API process). Events
 * are logged in `account_events` and handed to this process's listeners.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ServerEvent } from '#src/contract/events.ts';
import type { Db } from '#src/server/db/client.ts';
import { accountEvents } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/features/credits/ledger.ts';
import type { DeliveredEvent, EventHub, EventListener, OutgoingEvent, StoredEvents } from './types.ts';

/** The listeners of this process, by account. */
export class LocalListeners {
  private readonly byAccount = new Map<number, Set<EventListener>>();

  subscribe(accountId: number, listener: EventListener): () => void {
    let set = this.byAccount.get(accountId);
    if (!set) {
      set = new Set();
      this.byAccount.set(accountId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byAccount.get(accountId) === set) this.byAccount.delete(accountId);
    };
  }

  /** Whether any channel of the account is open on this process. */
  has(accountId: number): boolean {
    return this.byAccount.has(accountId);
  }

  deliver(accountId: number, delivered: DeliveredEvent): void {
    const set = this.byAccount.get(accountId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(delivered);
      } catch (error) {
        // One broken channel must not keep the event from the account's other tabs.
        console.error('[events] listener failed:', error);
      }
    }
  }
}

/** Writes events to the log; the rows to announce. */
export async function recordEvents(tx: Tx | Db, events: readonly OutgoingEvent[]): Promise<StoredEvents> {
  if (events.length === 0) return { rows: [] };
  const inserted = await tx
    .insert(accountEvents)
    .values(events.map(({ accountId, event }) => ({ accountId, type: event.type, data: event.data })))
    .returning({ id: accountEvents.id, accountId: accountEvents.accountId });
  return {
    rows: inserted.map((row, index) => ({ id: row.id, accountId: row.accountId, event: events[index]!.event })),
  };
}

export async function replayEvents(db: Db, accountId: number, afterId: number, limit: number): Promise<DeliveredEvent[]> {
  const rows = await db
    .select({ id: accountEvents.id, type: accountEvents.type, data: accountEvents.data })
    .from(accountEvents)
    .where(and(eq(accountEvents.accountId, accountId), gt(accountEvents.id, afterId)))
    .orderBy(asc(accountEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, event: { type: row.type, data: row.data } as ServerEvent }));
}

export function createLocalEventHub(db: Db): EventHub {
  const listeners = new LocalListeners();
  const announce = (stored: StoredEvents): Promise<void> => {
    for (const row of stored.rows) listeners.deliver(row.accountId, { id: row.id, event: row.event });
    return Promise.resolve();
  };
  return {
    record: recordEvents,
    announce,
    async publish(events) {
      await announce(await recordEvents(db, events));
    },
    ephemeral(events) {
      for (const { accountId, event } of events) listeners.deliver(accountId, { id: null, event });
      return Promise.resolve();
    },
    subscribe: (accountId, listener) => listeners.subscribe(accountId, listener),
    replay: (accountId, afterId, limit) => replayEvents(db, accountId, afterId, limit),
    close: () => Promise.resolve(),
  };
}
