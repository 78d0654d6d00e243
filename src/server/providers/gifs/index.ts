/**
 * Picks the GIF provider of the configuration (GIF_PROVIDER; 'bundled' by default). The
 * bundled catalogue is always there: it answers the ids it gave out (old GIF messages keep
 * showing after a switch) and serves its files; with 'giphy' the search goes to GIPHY, and
 * a failing GIPHY search is logged and answered from the bundled catalogue, so the picker
 * never comes up empty. A new online API is one more adapter here and in env.ts.
 */
import { join } from 'node:path';
import type { Config } from '#src/server/env.ts';
import type { Locale } from '#src/lib/locales.ts';
import { createBundledGifProvider } from './bundled.ts';
import { createGiphyProvider, GIPHY_PREFIX } from './giphy.ts';
import type { ChatGif, GifProvider } from './types.ts';

export type { ChatGif, GifFile, GifProvider } from './types.ts';
export { GIF_SEARCH_LIMIT } from './types.ts';
export { createBundledGifProvider } from './bundled.ts';
export { createGiphyProvider } from './giphy.ts';

type GifConfig = Pick<Config, 'dataDir' | 'gifProvider' | 'gifApiKey' | 'gifRating'>;

/** The online provider for searches, with the bundled one for its own ids and as fallback. */
export function combineGifProviders(online: GifProvider, bundled: GifProvider, prefix: string): GifProvider {
  return {
    kind: online.kind,
    async search(query: string, locale: Locale, limit: number, signal?: AbortSignal): Promise<ChatGif[]> {
      try {
        return await online.search(query, locale, limit, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        console.error(`[gifs] ${online.kind} search failed, answering from the bundled catalogue:`, error);
        return bundled.search(query, locale, limit, signal);
      }
    },
    get(id: string, locale?: Locale): Promise<ChatGif | null> {
      return id.startsWith(prefix) ? online.get(id, locale) : bundled.get(id, locale);
    },
    file: (id, variant) => bundled.file?.(id, variant) ?? Promise.resolve(null),
  };
}

export function createGifProvider(config: GifConfig, options: { fetch?: typeof fetch } = {}): GifProvider {
  const bundled = createBundledGifProvider({ cacheDir: join(config.dataDir, 'gifs') });
  if (config.gifProvider === 'giphy' && config.gifApiKey) {
    const giphy = createGiphyProvider({ apiKey: config.gifApiKey, rating: config.gifRating, fetch: options.fetch });
    return combineGifProviders(giphy, bundled, GIPHY_PREFIX);
  }
  return bundled;
}
