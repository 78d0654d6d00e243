/**
 * The bundled GIF catalogue: the offline default of the GIF search. 24 small looping GIFs
 * drawn by this server (bundled-art.ts: faces, hearts, hands… no text), each with a title
 * and search words in all eleven languages (bundled-tags.ts). Works with no network.
 *
 * Search: every word of the query must match a word of the GIF in any language, ignoring
 * case and accents: the whole word, the start of a word (query words of 3+ letters) or the
 * word with a short ending ('kisses' finds 'kiss'). GIFs matching in the viewer's language
 * come first; no query gives the catalogue's fixed (trending) order.
 *
 * Files: rendered with sharp on first request (SVG frames joined into an animated GIF),
 * kept in memory and, when a cache folder is given, on disk (DATA_DIR/gifs), so a restart
 * does not draw them again. Ids are the catalogue keys ('love'); they never contain ':'.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GIF_FILE_PATH, type GifVariant } from '#src/contract/chat-catalogue.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#src/lib/locales.ts';
import { loadSharp } from '#src/server/platform/sharp.ts';
import { ART, ART_SIZE } from './bundled-art.ts';
import { GIF_TAGS } from './bundled-tags.ts';
import type { ChatGif, GifFile, GifProvider } from './types.ts';

/** Pixel sizes of the two variants: the message's GIF and the search grid's preview. */
export const BUNDLED_SIZES: Readonly<Record<GifVariant, number>> = { full: 200, preview: 100 };
const FRAMES = 12;
const FRAME_DELAY_MS = 90;
/** Part of the cache file names: bump it when the drawings change. */
const ART_VERSION = 1;

/** Lower case without accents, with æ œ ø ß ł spelled plainly ('cœur' is 'coeur'). */
export function normalizeWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** The words of a text (letters and digits), normalized. */
export function wordsOf(text: string): string[] {
  return normalizeWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

interface Entry {
  id: string;
  titles: Record<Locale, string>;
  /** Normalized words per locale. */
  words: Record<Locale, Set<string>>;
}

function entryOf(id: string, tags: Readonly<Record<Locale, string>>): Entry {
  const titles = {} as Record<Locale, string>;
  const words = {} as Record<Locale, Set<string>>;
  for (const locale of LOCALES) {
    const [title = '', more = ''] = tags[locale].split('|');
    titles[locale] = title.trim();
    words[locale] = new Set([...wordsOf(title), ...wordsOf(more)]);
  }
  return { id, titles, words };
}

export const BUNDLED_GIF_IDS = Object.keys(GIF_TAGS);

const ENTRIES: readonly Entry[] = BUNDLED_GIF_IDS.map((id) => entryOf(id, GIF_TAGS[id] ?? ({} as never)));
const BY_ID = new Map(ENTRIES.map((entry) => [entry.id, entry]));

function wordMatches(query: string, word: string): boolean {
  if (word === query) return true;
  if (query.length >= 3 && word.startsWith(query)) return true;
  return word.length >= 3 && query.startsWith(word) && query.length - word.length <= 2;
}

function matchesIn(words: Set<string>, query: string): boolean {
  for (const word of words) if (wordMatches(query, word)) return true;
  return false;
}

/** How well an entry matches the query words: -1 none, 1 in some language, 2 in the viewer's. */
function score(entry: Entry, queryWords: string[], locale: Locale): number {
  const all = LOCALES.map((l) => entry.words[l]);
  if (!queryWords.every((q) => all.some((words) => matchesIn(words, q)))) return -1;
  return queryWords.every((q) => matchesIn(entry.words[locale], q)) ? 2 : 1;
}

function fileUrl(id: string, variant: GifVariant): string {
  return `${GIF_FILE_PATH}?id=${encodeURIComponent(id)}&v=${variant}`;
}

function dto(entry: Entry, locale: Locale): ChatGif {
  return {
    id: entry.id,
    title: entry.titles[locale] || entry.titles[DEFAULT_LOCALE],
    url: fileUrl(entry.id, 'full'),
    preview_url: fileUrl(entry.id, 'preview'),
    width: BUNDLED_SIZES.full,
    height: BUNDLED_SIZES.full,
  };
}

/** One frame of a drawing as an SVG document of the variant's size. */
export function frameSvg(id: string, t: number, size: number): string | null {
  const draw = ART[id];
  if (!draw) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}">${draw(t)}</svg>`;
}

/** Renders a bundled GIF: its frames joined into a looping animated GIF. */
export async function renderBundledGif(id: string, variant: GifVariant): Promise<Buffer> {
  const size = BUNDLED_SIZES[variant];
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i += 1) {
    const svg = frameSvg(id, i / FRAMES, size);
    if (!svg) throw new Error(`No drawing for the bundled GIF '${id}'`);
    frames.push(Buffer.from(svg));
  }
  const sharp = await loadSharp();
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: FRAME_DELAY_MS, colours: 64, effort: 7 })
    .toBuffer();
}

export interface BundledOptions {
  /** A folder to keep rendered files in (DATA_DIR/gifs); memory only without it. */
  cacheDir?: string;
}

export function createBundledGifProvider(options: BundledOptions = {}): GifProvider {
  const files = new Map<string, Promise<Buffer>>();

  const load = async (id: string, variant: GifVariant): Promise<Buffer> => {
    const path = options.cacheDir ? join(options.cacheDir, `${id}-${variant}-v${ART_VERSION}.gif`) : null;
    if (path) {
      const cached = await readFile(path).catch(() => null);
      if (cached) return cached;
    }
    const body = await renderBundledGif(id, variant);
    if (path && options.cacheDir) {
      // Written aside and renamed, so another process never reads half a file.
      await mkdir(options.cacheDir, { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    }
    return body;
  };

  return {
    kind: 'bundled',
    search(query: string, locale: Locale, limit: number, signal?: AbortSignal): Promise<ChatGif[]> {
      signal?.throwIfAborted();
      const queryWords = wordsOf(query);
      if (queryWords.length === 0) return Promise.resolve(ENTRIES.slice(0, limit).map((e) => dto(e, locale)));
      const scored = ENTRIES.map((entry, index) => ({ entry, index, score: score(entry, queryWords, locale) }))
        .filter((row) => row.score > 0)
        .sort((a, b) => b.score - a.score || a.index - b.index);
      return Promise.resolve(scored.slice(0, limit).map((row) => dto(row.entry, locale)));
    },
    get(id: string, locale: Locale = DEFAULT_LOCALE): Promise<ChatGif | null> {
      const entry = BY_ID.get(id);
      return Promise.resolve(entry ? dto(entry, locale) : null);
    },
    file(id: string, variant: GifVariant): Promise<GifFile | null> {
      if (!BY_ID.has(id)) return Promise.resolve(null);
      const key = `${id}:${variant}`;
      let body = files.get(key);
      if (!body) {
        body = load(id, variant);
        files.set(key, body);
        // A failed rendering is not kept: the next request draws again.
        body.catch(() => files.delete(key));
      }
      return body.then((buffer) => ({ body: buffer, contentType: 'image/gif' }));
    },
  };
}
