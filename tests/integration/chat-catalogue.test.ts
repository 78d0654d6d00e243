/**
 * The chat's catalogues (SPEC §1 'Chat', §2.7 'Chats overview and conversation',
 * §2.6 'GIF search'): the gifts in the member's language at the site's gift_credits, their
 * pictures, the bundled GIF search by a word in any language, the GIF files, and the
 * icebreakers with their prices. Everything but the files is for logged-in members only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGifs, getGifts } from '#src/contract/chat.ts';
import { getGifFile, getGiftImage } from '#src/contract/chat-catalogue.ts';
import { translator } from '#src/i18n/index.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { sites as siteRows } from '#src/server/db/schema.ts';
import {
  GIFT_KEYS,
  giftByKey,
  icebreakerByKey,
  icebreakerText,
  listGifts,
  listIcebreakers,
} from '#src/server/features/chat-catalogue/catalogue.ts';
import { BUNDLED_GIF_IDS } from '#src/server/providers/gifs/bundled.ts';
import { sites } from '#sites-config';
import { call, callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';
import { setSiteSettings, writeSiteData } from './accounts-helpers.ts';

let t: TestApp;
let session: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const member = await createTestMember(t, { siteId: 'default' });
  session = await t.login(member.accountId);
});

afterAll(async () => {
  await t.close();
});

const host = 'default.localhost';

function fetchUrl(url: string): Promise<Response> {
  return t.request(url, { host });
}

describe('gifts', () => {
  it('lists every gift with its name in the member language, at the site gift_credits', async () => {
    const defaultCredits = sites.find((s) => s.id === 'default')?.settings.gift_credits;
    const { gifts } = await call(t, getGifts, { session, host, cookies: { locale: 'de' } });
    expect(gifts.map((g) => g.key)).toEqual([...GIFT_KEYS]);
    expect(gifts.find((g) => g.key === 'heart')?.name).toBe('Herz');
    expect(gifts.find((g) => g.key === 'teddy')?.name).toBe('Teddybär');
    expect(gifts.every((g) => g.credits === defaultCredits)).toBe(true);

    const french = await call(t, getGifts, { session, host, cookies: { locale: 'fr' } });
    expect(french.gifts.find((g) => g.key === 'heart')?.name).toBe('Cœur');
  });

  it('follows the operators price in the database', async () => {
    await setSiteSettings(t, 'default', { gift_credits: 40 });
    try {
      const { gifts } = await call(t, getGifts, { session, host });
      expect(gifts.every((g) => g.credits === 40)).toBe(true);
    } finally {
      await writeSiteData(t, () =>
        t.db
          .update(siteRows)
          .set({ settings: sql`${siteRows.settings} - 'gift_credits'` })
          .where(eq(siteRows.id, 'default')),
      );
    }
  });

  it('serves each gift picture as a small SVG the page can load', async () => {
    const { gifts } = await call(t, getGifts, { session, host });
    for (const gift of gifts) {
      const response = await fetchUrl(gift.image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const body = await response.text();
      expect(body.startsWith('<svg')).toBe(true);
      expect(body.length).toBeLessThan(2048);
      expect(body).not.toMatch(/<script|href=|on\w+=/i);
    }
    expect((await callError(t, getGiftImage, { host, query: { key: 'unicorn' } })).status).toBe(404);
  });

  it('names a gift in every language and knows its keys', () => {
    for (const locale of LOCALES) {
      for (const gift of listGifts(locale, 5)) expect(gift.name.length).toBeGreaterThan(1);
    }
    expect(giftByKey('rose')).toEqual({ key: 'rose', image: '/api/gift-image.php?key=rose' });
    expect(giftByKey('unicorn')).toBeNull();
  });

  it('is for logged-in members only', async () => {
    const failure = await callError(t, getGifts, { host });
    expect(failure.code).toBe('authentication_required');
  });
});

describe('GIF search', () => {
  it('without words shows the trending GIFs in a fixed order, titled in the member language', async () => {
    const first = await call(t, getGifs, { session, host, cookies: { locale: 'fr' } });
    const again = await call(t, getGifs, { session, host, query: { q: '  ' }, cookies: { locale: 'fr' } });
    expect(first.gifs.map((g) => g.id)).toEqual(BUNDLED_GIF_IDS.slice(0, 24));
    expect(again.gifs.map((g) => g.id)).toEqual(first.gifs.map((g) => g.id));
    expect(first.gifs.find((g) => g.id === 'hello')?.title).toBe('Bonjour');
  });

  it('finds GIFs by a word in English and in other languages, ignoring case and accents', async () => {
    const ids = async (q: string, locale = 'en') =>
      (await call(t, getGifs, { session, host, query: { q }, cookies: { locale } })).gifs.map((g) => g.id);
    expect((await ids('kiss'))[0]).toBe('kiss');
    expect(await ids('kisses')).toContain('kiss');
    expect(await ids('Kuss')).toContain('kiss');
    expect(await ids('umarmung', 'de')).toEqual(['hug']);
    expect(await ids('KÆRLIGHED')).toContain('love');
    expect(await ids('coeur')).toContain('love');
    expect(await ids('good night')).toEqual(['sleepy']);
    expect(await ids('xqzzyplonk')).toEqual([]);
    // Every word has to match: one unknown word leaves nothing.
    expect(await ids('kiss xqzzyplonk')).toEqual([]);
  });

  it('ranks GIFs matching in the member language first', async () => {
    // 'bonjour' is French for both hello and good morning; both come, hello first (catalogue order).
    const { gifs } = await call(t, getGifs, { session, host, query: { q: 'bonjour' }, cookies: { locale: 'fr' } });
    expect(gifs.map((g) => g.id)).toEqual(['hello', 'coffee']);
    expect(gifs[1]?.title).toBe('Bonjour');
  });

  it('refuses a query over 100 characters', async () => {
    const failure = await callError(t, getGifs, { session, host, query: { q: 'a'.repeat(101) } });
    expect(failure).toMatchObject({ status: 400, code: 'invalid_input', field: 'q' });
  });

  it('is for logged-in members only', async () => {
    const failure = await callError(t, getGifs, { host, query: { q: 'love' } });
    expect(failure.code).toBe('authentication_required');
  });

  it('gives a GIF by its id again for a message, and nothing for an unknown id', async () => {
    const { gifs } = await call(t, getGifs, { session, host, query: { q: 'love' }, cookies: { locale: 'nl' } });
    const love = gifs.find((g) => g.id === 'love');
    expect(love).toBeDefined();
    expect(await t.deps.gifs.get('love', 'nl')).toEqual(love);
    expect((await t.deps.gifs.get('love'))?.title).toBe('Love');
    expect(await t.deps.gifs.get('no-such-gif')).toBeNull();
  });

  it('serves the bundled GIF files as animated GIFs, kept in DATA_DIR', async () => {
    const { gifs } = await call(t, getGifs, { session, host, query: { q: 'wink' } });
    const wink = gifs[0];
    if (!wink) throw new Error('no wink GIF');
    const full = await fetchUrl(wink.url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/gif');
    const body = Buffer.from(await full.arrayBuffer());
    expect(body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const meta = await sharp(body, { animated: true }).metadata();
    expect(meta.pages).toBeGreaterThan(1);
    expect([meta.width, meta.pageHeight]).toEqual([wink.width, wink.height]);

    const preview = await fetchUrl(wink.preview_url);
    const previewMeta = await sharp(Buffer.from(await preview.arrayBuffer()), { animated: true }).metadata();
    expect(previewMeta.width).toBeLessThan(wink.width);
    expect(existsSync(join(t.config.dataDir, 'gifs'))).toBe(true);

    expect((await callError(t, getGifFile, { host, query: { id: 'no-such-gif' } })).status).toBe(404);
  });
});

describe('icebreakers', () => {
  it('lists every pickup line in the member language with its price', () => {
    const english = listIcebreakers('en');
    const german = listIcebreakers('de');
    const messageCredits = sites.find((s) => s.id === 'default')?.settings.message_credits ?? 0;
    expect(english.length).toBeGreaterThanOrEqual(8);
    expect(german.map((i) => i.key)).toEqual(english.map((i) => i.key));
    for (const [index, line] of german.entries()) {
      expect(line.text).toBe(translator('de')(`chat_catalogue.icebreakers.${line.key}` as never));
      expect(line.text).not.toBe(english[index]?.text);
      expect(line.credits).toBeGreaterThan(0);
      expect(line.credits).toBeLessThan(messageCredits);
      expect(icebreakerByKey(line.key)).toEqual({ key: line.key, credits: line.credits });
    }
    expect(icebreakerText('wifi', 'fr')).toContain('Wi-Fi');
    expect(icebreakerByKey('nope')).toBeNull();
    expect(icebreakerText('nope', 'en')).toBe('');
  });

  it('has a line for each icebreaker in every language', () => {
    for (const locale of LOCALES) {
      for (const line of listIcebreakers(locale)) expect(line.text.length).toBeGreaterThan(20);
    }
  });
});
