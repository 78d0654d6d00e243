/**
 * The GIF providers (docs/chat-catalogue.md): the GIPHY adapter against GIPHY's
 * documented answers (a fake fetch, no network), the switch by configuration, and the
 * fallback to the bundled catalogue when the online search fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#src/server/env.ts';
import {
  combineGifProviders,
  createBundledGifProvider,
  createGifProvider,
  createGiphyProvider,
} from '#src/server/providers/gifs/index.ts';
import { giphyToDto } from '#src/server/providers/gifs/giphy.ts';
import { GIF_TAGS } from '#src/server/providers/gifs/bundled-tags.ts';
import { ART } from '#src/server/providers/gifs/bundled-art.ts';
import { LOCALES } from '#src/lib/locales.ts';

/** A GIF object as GIPHY's API v1 answers it (sizes are strings there). */
function giphyGif(id: string, title = `GIF ${id}`) {
  return {
    type: 'gif',
    id,
    title,
    images: {
      original: { url: `https://media.giphy.com/media/${id}/giphy.gif`, width: '480', height: '360' },
      fixed_width: { url: `https://media.giphy.com/media/${id}/200w.gif`, width: '200', height: '150' },
      fixed_width_small: { url: `https://media.giphy.com/media/${id}/100w.gif`, width: '100', height: '75' },
    },
  };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  const fn = vi.fn((input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    urls.push(url);
    return Promise.resolve(answer(url));
  });
  return { fetch: fn as unknown as typeof fetch, urls, fn };
}

describe('GIPHY adapter', () => {
  it('searches with the key, words, limit, rating and language, and maps the GIFs', async () => {
    const fake = fakeFetch(() => jsonResponse({ data: [giphyGif('abc123', 'Happy Dance'), { id: 'broken' }] }));
    const giphy = createGiphyProvider({ apiKey: 'k3y', rating: 'pg-13', fetch: fake.fetch });
    const gifs = await giphy.search('happy dance', 'de', 12);
    expect(gifs).toEqual([
      {
        id: 'giphy:abc123',
        title: 'Happy Dance',
        url: 'https://media.giphy.com/media/abc123/200w.gif',
        preview_url: 'https://media.giphy.com/media/abc123/100w.gif',
        width: 200,
        height: 150,
      },
    ]);
    const url = fake.urls[0];
    expect(`${url?.origin ?? ''}${url?.pathname ?? ''}`).toBe('https://api.giphy.com/v1/gifs/search');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      api_key: 'k3y',
      q: 'happy dance',
      limit: '12',
      rating: 'pg-13',
      lang: 'de',
    });
  });

  it('asks for the trending GIFs without words', async () => {
    const fake = fakeFetch(() => jsonResponse({ data: [giphyGif('t1')] }));
    const giphy = createGiphyProvider({ apiKey: 'k', rating: 'g', fetch: fake.fetch });
    expect((await giphy.search(' ', 'en', 5)).map((g) => g.id)).toEqual(['giphy:t1']);
    expect(fake.urls[0]?.pathname).toBe('/v1/gifs/trending');
    expect(fake.urls[0]?.searchParams.has('q')).toBe(false);
  });

  it('gets one GIF by id once and then from memory; unknown ids are null', async () => {
    const fake = fakeFetch((url) =>
      url.pathname.endsWith('/xyz9') ? jsonResponse({ data: giphyGif('xyz9') }) : jsonResponse({}, 404),
    );
    const giphy = createGiphyProvider({ apiKey: 'k', rating: 'g', fetch: fake.fetch });
    expect((await giphy.get('giphy:xyz9'))?.url).toBe('https://media.giphy.com/media/xyz9/200w.gif');
    expect((await giphy.get('giphy:xyz9'))?.id).toBe('giphy:xyz9');
    expect(fake.fn).toHaveBeenCalledTimes(1);
    expect(await giphy.get('giphy:gone1')).toBeNull();
    // Not an id of ours, or one that could walk the API's paths: never asked.
    expect(await giphy.get('love')).toBeNull();
    expect(await giphy.get('giphy:../trending')).toBeNull();
    expect(fake.fn).toHaveBeenCalledTimes(2);
  });

  it('throws on a failing API without the key in the message', async () => {
    const fake = fakeFetch(() => jsonResponse({ meta: { status: 401 } }, 401));
    const giphy = createGiphyProvider({ apiKey: 'secret-key', rating: 'g', fetch: fake.fetch });
    await expect(giphy.search('love', 'en', 5)).rejects.toThrow(/answered 401/);
    await expect(giphy.search('love', 'en', 5)).rejects.not.toThrow(/secret-key/);
  });

  it('leaves out GIFs without a usable https rendition', () => {
    expect(
      giphyToDto({ id: 'a', images: { fixed_width: { url: 'http://x/a.gif', width: '1', height: '1' } } }),
    ).toBeNull();
    expect(
      giphyToDto({ id: 'a', images: { fixed_width: { url: 'https://x/a.gif', width: '0', height: '1' } } }),
    ).toBeNull();
    expect(
      giphyToDto({ id: 'a', title: '', images: { original: { url: 'https://x/a.gif', width: 10, height: 20 } } }),
    ).toMatchObject({ title: 'GIF', preview_url: 'https://x/a.gif', width: 10, height: 20 });
  });
});

describe('choosing and combining providers', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'gif-provider-')) };
  afterAll(() => rmSync(base.DATA_DIR, { recursive: true, force: true }));

  it('is the bundled catalogue by default, GIPHY when configured with a key', async () => {
    expect(createGifProvider(loadConfig(base)).kind).toBe('bundled');
    const fake = fakeFetch(() => jsonResponse({ data: [giphyGif('on1')] }));
    const online = createGifProvider(loadConfig({ ...base, GIF_PROVIDER: 'giphy', GIF_API_KEY: 'k' }), {
      fetch: fake.fetch,
    });
    expect(online.kind).toBe('giphy');
    expect((await online.search('love', 'en', 3)).map((g) => g.id)).toEqual(['giphy:on1']);
    // GIF messages sent with the bundled catalogue still show.
    expect((await online.get('love'))?.id).toBe('love');
    expect(await online.file?.('love', 'preview')).not.toBeNull();
  });

  it('refuses GIF_PROVIDER=giphy without GIF_API_KEY', () => {
    expect(() => loadConfig({ ...base, GIF_PROVIDER: 'giphy' })).toThrow(/GIF_API_KEY/);
  });

  it('answers from the bundled catalogue when the online search fails', async () => {
    const failing = createGiphyProvider({
      apiKey: 'k',
      rating: 'g',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const combined = combineGifProviders(failing, createBundledGifProvider(), 'giphy:');
      expect((await combined.search('kiss', 'en', 5))[0]?.id).toBe('kiss');
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('bundled catalogue', () => {
  it('has a drawing, a title and words in every language for each GIF', () => {
    expect(Object.keys(GIF_TAGS).sort()).toEqual(Object.keys(ART).sort());
    expect(Object.keys(GIF_TAGS).length).toBeGreaterThanOrEqual(24);
    for (const tags of Object.values(GIF_TAGS)) {
      for (const locale of LOCALES) expect(tags[locale]).toMatch(/^[^|]+\S \| \S/);
    }
  });

  it('caps a search at the limit', async () => {
    const bundled = createBundledGifProvider();
    expect(await bundled.search('', 'en', 5)).toHaveLength(5);
  });
});
