/** The VAPID key pair: made once, shared by every process through the database. */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '#src/contract/site.ts';
import { appKeys } from '#src/server/db/schema.ts';
import { pushPublicKey, vapidKeys } from '#src/server/features/push/vapid.ts';
import { createTestApp, seedSiteData, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());

describe('the VAPID keys', () => {
  it('are the pair another process stored first', async () => {
    const stored = webpush.generateVAPIDKeys();
    await t.db.insert(appKeys).values({ name: 'vapid', value: { ...stored } });
    const response = await t.request('/api/settings.php', { host: 'flirtmoment.com' });
    const { settings } = await answerOf(getSettings, response);
    expect(settings.push_public_key).toBe(stored.publicKey);
    expect(await vapidKeys(t.db)).toEqual(stored);
  });

  it('are made once even when asked for concurrently', async () => {
    const fresh = await createTestApp();
    try {
      const keys = await Promise.all(Array.from({ length: 5 }, () => pushPublicKey(fresh.db)));
      expect(new Set(keys).size).toBe(1);
      expect(await fresh.db.select().from(appKeys)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
