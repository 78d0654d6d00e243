/**
 * The in-process event hub: the default when no REDIS_URL is set (one API process). Events
 * are logged in `account_events` and handed to this process's listeners. The log functions
 * here (record, replay, latest id, pruning) serve the Redis hub as well.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ServerEvent } from '#src/contract/events.ts';
import type { Db } from '#src/server/db/client.ts';
import { accountEvents } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import type {
  DeliveredEvent,
  EventHub,
  EventListener,
  HubStatus,
  OutgoingEvent,
  StoredEvent,
  StoredEvents,
} from './types.ts';

/** The first key of the advisory locks that order one account's events ('EVNT'). */
const EVENT_LOCK_SPACE = 0x45564e54;

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

  /** Delivers stored rows (or ephemeral events, id null) to the accounts' listeners here. */
  deliverRows(rows: readonly StoredEvent[] | readonly { id: null; accountId: number; event: ServerEvent }[]): void {
    for (const row of rows) {
      const previousId = 'previousId' in row ? row.previousId : undefined;
      this.deliver(row.accountId, {
        id: row.id,
        event: row.event,
        ...(previousId !== undefined ? { previousId } : {}),
      });
    }
  }
}

/** The status listeners of this process (see HubStatus). */
export class StatusListeners {
  private readonly listeners = new Set<(status: HubStatus) => void>();

  add(listener: (status: HubStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(status: HubStatus): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(status);
      } catch (error) {
        console.error('[events] status listener failed:', error);
      }
    }
  }
}

function isTransaction(tx: Tx | Db): tx is Tx {
  return 'rollback' in tx;
}

/**
 * Writes events to the log; the rows to announce. Inside the caller's transaction it first
 * takes a per-account advisory lock (held to the commit), so one account's events commit in
 * the order of their ids, and notes each row's previous event of the same account: a
 * channel can then tell a gap (an earlier commit announced later) from a new event.
 */
export async function recordEvents(
  tx: Tx | Db,
  events: readonly OutgoingEvent[],
  now: Date = new Date(),
): Promise<StoredEvents> {
  if (events.length === 0) return { rows: [] };
  if (!isTransaction(tx)) return tx.transaction((inner) => recordEvents(inner, events, now));
  const accountIds = [...new Set(events.map((e) => e.accountId))].sort((a, b) => a - b);
  // One statement takes the locks in account order (a volatile function in the select list
  // is evaluated after the ORDER BY). The two-key form keeps these locks apart from any other
  // advisory lock; a huge id wraps, which only makes two accounts share a lock.
  const keys = sql.join(
    accountIds.map((id) => sql`(${id % 2_147_483_647}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EVENT_LOCK_SPACE}, k) from (values ${keys}) as accounts(k) order by k`,
  );
  // The account's newest event before this statement: the lock above is held, so every
  // earlier event of the account has committed and is seen (the statement's own rows are not).
  const inserted = await tx
    .insert(accountEvents)
    .values(events.map(({ accountId, event }) => ({ accountId, type: event.type, data: event.data, createdAt: now })))
    .returning({
      id: accountEvents.id,
      accountId: accountEvents.accountId,
      before: sql<
        string | number | null
      >`(select max(earlier.id) from account_events earlier where earlier.account_id = ${accountEvents.accountId})`,
    });
  const previous = new Map<number, number | null>();
  for (const row of inserted) previous.set(row.accountId, row.before === null ? null : Number(row.before));
  // RETURNING answers the rows in the order of VALUES.
  const rows = events
    .flatMap(({ event }, index) => {
      const row = inserted[index];
      return row ? [{ id: row.id, accountId: row.accountId, event }] : [];
    })
    .sort((a, b) => a.id - b.id);
  return {
    rows: rows.map((row) => {
      const previousId = previous.get(row.accountId) ?? null;
      previous.set(row.accountId, row.id);
      return { id: row.id, accountId: row.accountId, event: row.event, previousId };
    }),
  };
}

export async function replayEvents(
  db: Db,
  accountId: number,
  afterId: number,
  limit: number,
): Promise<DeliveredEvent[]> {
  const rows = await db
    .select({ id: accountEvents.id, type: accountEvents.type, data: accountEvents.data })
    .from(accountEvents)
    .where(and(eq(accountEvents.accountId, accountId), gt(accountEvents.id, afterId)))
    .orderBy(asc(accountEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, event: { type: row.type, data: row.data } as ServerEvent }));
}

export async function latestEventId(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ id: accountEvents.id })
    .from(accountEvents)
    .where(eq(accountEvents.accountId, accountId))
    .orderBy(desc(accountEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** What every hub shares: the log and this process's listeners. `now` is the app's clock. */
export function logAndListeners(db: Db, now: () => Date) {
  const listeners = new LocalListeners();
  const status = new StatusListeners();
  return {
    listeners,
    status,
    hub: {
      record: (tx: Tx | Db, events: readonly OutgoingEvent[]) => recordEvents(tx, events, now()),
      subscribe: (accountId: number, listener: EventListener) => listeners.subscribe(accountId, listener),
      replay: (accountId: number, afterId: number, limit: number) => replayEvents(db, accountId, afterId, limit),
      latestId: (accountId: number) => latestEventId(db, accountId),
      onStatus: (listener: (s: HubStatus) => void) => status.add(listener),
    } satisfies Partial<EventHub>,
  };
}

export function createLocalEventHub(db: Db, now: () => Date = () => new Date()): EventHub {
  const { listeners, status, hub } = logAndListeners(db, now);
  const announce = (stored: StoredEvents): Promise<void> => {
    listeners.deliverRows(stored.rows);
    return Promise.resolve();
  };
  return {
    ...hub,
    ready: () => Promise.resolve(),
    announce,
    async publish(events) {
      await announce(await recordEvents(db, events, now()));
    },
    ephemeral(events) {
      listeners.deliverRows(events.map(({ accountId, event }) => ({ id: null, accountId, event })));
      return Promise.resolve();
    },
    close() {
      status.emit('closed');
      return Promise.resolve();
    },
  };
}
