/**
 * The VAPID key pair of web push (ARCHITECTURE "Providers": keys made on first start).
 * Generated with web-push on first use and kept in `app_keys`, so every API process and
 * every restart signs with the same pair. Only the public key is ever published
 * (settings.php push_pub / push_public_key); the private key never leaves the server.
 */
import webpush from 'web-push';
import type { Db } from '#src/server/db/client.ts';
import { appKey } from '#src/server/platform/app-keys.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY_NAME = 'vapid';

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/** The full key pair, for the push sender only. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  return appKey(db, VAPID_KEY_NAME, isVapidKeys, () => {
    const fresh = webpush.generateVAPIDKeys();
    return { publicKey: fresh.publicKey, privateKey: fresh.privateKey };
  });
}

/** The public VAPID key (URL-safe base64), as browsers need it for PushManager.subscribe. */
export async function pushPublicKey(db: Db): Promise<string> {
  return (await vapidKeys(db)).publicKey;
}
