/**
 * The VAPID key pair of web push (ARCHITECTURE "Providers": keys made on first start).
 * Generated with web-push on first use and kept in `app_keys`, so every API process and
 * every restart signs with the same pair. Only the public key is ever published
 * (settings.php push_pub / push_public_key); the private key never leaves the server.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { appKeys } from '../../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY_NAME = 'vapid';

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

// The pair never changes once stored: one read per database handle is enough.
const cache = new WeakMap<Db, Promise<VapidKeys>>();

async function readKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ value: appKeys.value })
    .from(appKeys)
    .where(eq(appKeys.name, VAPID_KEY_NAME))
    .limit(1);
  if (!row) return null;
  if (!isVapidKeys(row.value)) throw new Error(`app_keys.${VAPID_KEY_NAME} does not hold a VAPID key pair`);
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
}

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const fresh = webpush.generateVAPIDKeys();
  // Two processes may start at once: the first insert wins, everyone reads the winner.
  await db
    .insert(appKeys)
    .values({ name: VAPID_KEY_NAME, value: { publicKey: fresh.publicKey, privateKey: fresh.privateKey } })
    .onConflictDoNothing({ target: appKeys.name });
  const stored = await readKeys(db);
  if (!stored) throw new Error('the VAPID key pair could not be stored');
  return stored;
}

/** The full key pair, for the push sender only. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    cache.set(db, keys);
    // A failed attempt (database down) must not stick.
    keys.catch(() => cache.delete(db));
  }
  return keys;
}

/** The public VAPID key (URL-safe base64), as browsers need it for PushManager.subscribe. */
export async function pushPublicKey(db: Db): Promise<string> {
  return (await vapidKeys(db)).publicKey;
}
