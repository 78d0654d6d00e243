/**
 * Secrets the server makes for itself on first use and keeps in `app_keys` (the VAPID pair
 * of web push, the key of IP hashes...), so every API process and every restart uses the
 * same value. Two processes starting at once agree: the first insert wins, all read it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { appKeys } from '#src/server/db/schema.ts';

// Keys never change once stored: one read per database handle and name is enough.
const cache = new WeakMap<Db, Map<string, Promise<unknown>>>();

async function read(db: Db, name: string): Promise<unknown> {
  const [row] = await db.select({ value: appKeys.value }).from(appKeys).where(eq(appKeys.name, name)).limit(1);
  return row?.value;
}

async function loadOrCreate<T>(db: Db, name: string, isValid: (v: unknown) => v is T, create: () => T): Promise<T> {
  const existing = await read(db, name);
  if (existing !== undefined) {
    if (!isValid(existing)) throw new Error(`app_keys.${name} does not hold what it should`);
    return existing;
  }
  await db
    .insert(appKeys)
    .values({ name, value: create() as Record<string, unknown> })
    .onConflictDoNothing({ target: appKeys.name });
  const stored = await read(db, name);
  if (!isValid(stored)) throw new Error(`app_keys.${name} could not be stored`);
  return stored;
}

/** The stored key `name`, made by `create` when there is none yet. */
export function appKey<T>(db: Db, name: string, isValid: (v: unknown) => v is T, create: () => T): Promise<T> {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let value = byName.get(name) as Promise<T> | undefined;
  if (!value) {
    value = loadOrCreate(db, name, isValid, create);
    byName.set(name, value);
    // A failed attempt (database down) must not stick.
    value.catch(() => byName.delete(name));
  }
  return value;
}
