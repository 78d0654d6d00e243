/**
 * The GIF provider behind the chat's GIF search and GIF messages. A message stores only the
 * GIF's id; its DTO is built again from `get(id)` whenever the message is shown.
 */
import type { ChatGif } from '#src/contract/chat.ts';
import type { Locale } from '#src/lib/locales.ts';

export type { ChatGif };

/** The most GIFs one search answers. */
export const GIF_SEARCH_LIMIT = 24;

export interface GifProvider {
  /** 'bundled' (offline catalogue) or the online API's name. */
  readonly kind: string;
  /**
   * GIFs matching the words of `query` (the trending ones for an empty query), at most
   * `limit`, titles in `locale` where the provider has them. A failing online API throws.
   */
  search(query: string, locale: Locale, limit: number, signal?: AbortSignal): Promise<ChatGif[]>;
  /** One GIF by the id a search gave; null when the id is unknown (or no longer exists). */
  get(id: string, locale?: Locale): Promise<ChatGif | null>;
  /** The file of a GIF this server serves itself (bundled only); null for an unknown id. */
  file?(id: string, variant: 'full' | 'preview'): Promise<GifFile | null>;
}

export interface GifFile {
  body: Buffer;
  contentType: string;
}
