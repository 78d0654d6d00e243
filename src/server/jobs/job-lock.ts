/**
 * Which process runs a task of the hourly job (docs/operations.md "Hourly job"): on PostgreSQL
 * the one that takes the task's advisory lock for the current slot (the hour since the epoch),
 * `pg_try_advisory_lock(hashtext('flirt-job:' || task), slot)`, on a connection of its own. The
 * winner keeps the lock until the next slot, so a process whose timer fires later in the same
 * hour finds it taken and skips; a failed run gives it back, so another process retries in
 * that hour; a process that dies loses its connection and its locks with it. On PGlite there
 * is one process per database (src/server/db/data-dir-lock.ts): it always runs.
 */
import pg from 'pg';
import { log } from '#src/server/platform/log.ts';

export interface JobGate {
  /** True when this process runs `task` in `slot` (and holds it until the next slot). */
  claim(task: string, slot: number): Promise<boolean>;
  /** A failed run: the slot is given back for another process (or the next tick) to retry. */
  release(task: string, slot: number): Promise<void>;
  close(): Promise<void>;
}

/** Every claim succeeds: one process (PGlite, `npm run purge`). */
export const soleProcess: JobGate = {
  claim: () => Promise.resolve(true),
  release: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** The slot of a moment for a job that runs every `intervalMs`. */
export function slotOf(now: Date, intervalMs: number): number {
  return Math.floor(now.getTime() / intervalMs);
}

const KEY = `hashtext('flirt-job:' || $1::text)`;

/** Advisory locks on a dedicated connection to `url` (opened at the first claim, again after a loss). */
export function advisoryJobGate(url: string): JobGate {
  let connection: Promise<pg.Client> | null = null;
  // The slot each task holds now: taking a newer one lets the older go.
  const held = new Map<string, number>();
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      const lost = (error?: Error) => {
        // Its locks went with the session; the next claim opens a new one.
        held.clear();
        connection = null;
        if (!closed) log.warn({ area: 'jobs', reason: error?.message ?? 'ended' }, 'job lock connection lost');
      };
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
      } catch (error) {
        connection = null;
        throw error;
      }
      return client;
    })();
    return connection;
  };

  const unlock = async (client: pg.Client, task: string, slot: number) => {
    await client.query(`select pg_advisory_unlock(${KEY}, $2::int)`, [task, slot]);
    if (held.get(task) === slot) held.delete(task);
  };

  return {
    async claim(task, slot) {
      if (closed) return false;
      if (held.get(task) === slot) return false;
      const client = await connect();
      const { rows } = await client.query<{ locked: boolean }>(
        `select pg_try_advisory_lock(${KEY}, $2::int) as locked`,
        [task, slot],
      );
      if (!rows[0]?.locked) return false;
      const previous = held.get(task);
      held.set(task, slot);
      if (previous !== undefined) await unlock(client, task, previous);
      return true;
    },
    async release(task, slot) {
      if (!connection || held.get(task) !== slot) return;
      await unlock(await connection, task, slot);
    },
    async close() {
      closed = true;
      const open = connection;
      connection = null;
      held.clear();
      if (open) await (await open).end().catch(() => undefined);
    },
  };
}

/** The gate of a configuration: advisory locks on PostgreSQL, the sole process on PGlite. */
export function jobGateOf(databaseUrl: string | undefined): JobGate {
  return databaseUrl ? advisoryJobGate(databaseUrl) : soleProcess;
}
