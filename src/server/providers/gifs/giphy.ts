/**
 * The GIPHY adapter of the GIF search (GIF_PROVIDER=giphy with GIF_API_KEY), written against
 * GIPHY's documented API v1: `GET /v1/gifs/search?api_key&q&limit&rating&lang`,
 * `GET /v1/gifs/trending?api_key&limit&rating` and `GET /v1/gifs/{id}?api_key`. Each GIF
 * object has `id`, `title` and `images` renditions with `url`, `width` and `height` (strings);
 * we use `fixed_width` (200 px wide) for the message and `fixed_width_small` (100 px) for the
 * search grid. Ids are given out as `giphy:<GIPHY id>`, so stored messages keep pointing at
 * the right provider. GIFs already seen are kept in memory, so showing a conversation's GIF
 * messages does not ask GIPHY again.
 */
import type { Locale } from '#src/lib/locales.ts';
import type { ChatGif, GifProvider } from './types.ts';

export const GIPHY_PREFIX = 'giphy:';
const BASE_URL = 'https://api.giphy.com/v1/gifs';
const TIMEOUT_MS = 5000;
/** GIFs kept in memory by id (the oldest go first). */
const CACHE_SIZE = 5000;

export type GiphyRating = 'g' | 'pg' | 'pg-13' | 'r';

export interface GiphyOptions {
  apiKey: string;
  /** The highest content rating returned. */
  rating: GiphyRating;
  /** The fetch to use (tests give a fake one). */
  fetch?: typeof fetch;
  baseUrl?: string;
}

interface GiphyRendition {
  url?: string;
  width?: string | number;
  height?: string | number;
}

interface GiphyGif {
  id?: string;
  title?: string;
  images?: Record<string, GiphyRendition | undefined>;
}

function size(value: string | number | undefined): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
}

/** A GIPHY GIF object as our DTO; null when it lacks what a message needs. */
export function giphyToDto(gif: GiphyGif): ChatGif | null {
  const full = gif.images?.['fixed_width'] ?? gif.images?.['original'];
  const preview = gif.images?.['fixed_width_small'] ?? full;
  if (!gif.id || !full?.url || !preview?.url) return null;
  const width = size(full.width);
  const height = size(full.height);
  if (!width || !height) return null;
  if (!full.url.startsWith('https://') || !preview.url.startsWith('https://')) return null;
  return {
    id: `${GIPHY_PREFIX}${gif.id}`,
    title: (gif.title ?? '').trim() || 'GIF',
    url: full.url,
    preview_url: preview.url,
    width,
    height,
  };
}

export function createGiphyProvider(options: GiphyOptions): GifProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? BASE_URL;
  const cache = new Map<string, ChatGif>();

  const remember = (gif: ChatGif): void => {
    cache.delete(gif.id);
    cache.set(gif.id, gif);
    if (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };

  const request = async (path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> => {
    const url = new URL(`${baseUrl}${path}`);
    url.search = new URLSearchParams({ api_key: options.apiKey, ...params }).toString();
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const response = await fetchImpl(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (response.status === 404) return null;
    // The key is in the URL: the error names the path and the status only.
    if (!response.ok) throw new Error(`GIPHY ${path} answered ${response.status}`);
    return response.json();
  };

  return {
    kind: 'giphy',
    async search(query: string, locale: Locale, limit: number, signal?: AbortSignal): Promise<ChatGif[]> {
      const q = query.trim();
      const params: Record<string, string> = { limit: String(limit), rating: options.rating };
      const body = (await (q
        ? request('/search', { ...params, q, lang: locale }, signal)
        : request('/trending', params, signal))) as { data?: GiphyGif[] } | null;
      const gifs = (body?.data ?? []).map(giphyToDto).filter((gif): gif is ChatGif => gif !== null);
      for (const gif of gifs) remember(gif);
      return gifs.slice(0, limit);
    },
    async get(id: string): Promise<ChatGif | null> {
      if (!id.startsWith(GIPHY_PREFIX)) return null;
      const cached = cache.get(id);
      if (cached) return cached;
      const giphyId = id.slice(GIPHY_PREFIX.length);
      if (!/^[A-Za-z0-9]{1,64}$/.test(giphyId)) return null;
      const body = (await request(`/${giphyId}`, {})) as { data?: GiphyGif } | null;
      const gif = body?.data ? giphyToDto(body.data) : null;
      if (gif) remember(gif);
      return gif;
    },
  };
}
