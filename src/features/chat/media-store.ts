/**
 * The composer's catalogues: the gifts (loaded once per page, in the member's language, each
 * with its price) and the GIF search (the trending GIFs without words; a newer search cancels
 * the one under way, and typing waits GIF_SEARCH_DELAY_MS before asking).
 */
import { atom } from 'nanostores';
import { getGifs, getGifts, type ChatGif, type ChatGift } from '#src/contract/chat.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';

export type ListState<T> =
  { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'error'; message: string };

export const $gifts = atom<ListState<ChatGift> | null>(null);
let giftsPending: Promise<void> | null = null;

/** Loads the gift catalogue the first time; a failure is forgotten so the next call tries again. */
export function loadGifts(): Promise<void> {
  const current = $gifts.get();
  if (current?.status === 'ready') return Promise.resolve();
  giftsPending ??= (async () => {
    $gifts.set({ status: 'loading' });
    try {
      const { gifts } = await environment().api.call(getGifts);
      $gifts.set({ status: 'ready', items: gifts });
    } catch (error) {
      $gifts.set({ status: 'error', message: errorText(error) });
    } finally {
      giftsPending = null;
    }
  })();
  return giftsPending;
}

/** Tests: forget the catalogue. */
export function resetGifts(): void {
  giftsPending = null;
  $gifts.set(null);
}

/** How long typing in the GIF search waits before asking. */
export const GIF_SEARCH_DELAY_MS = 350;

export function createGifSearch() {
  const $results = atom<ListState<ChatGif>>({ status: 'loading' });
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function run(words: string): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    $results.set({ status: 'loading' });
    try {
      const q = words.trim();
      const { gifs } = await environment().api.call(getGifs, {
        query: q ? { q } : {},
        signal: own.signal,
      });
      if (controller === own) $results.set({ status: 'ready', items: gifs });
    } catch (error) {
      if (controller === own && !own.signal.aborted) $results.set({ status: 'error', message: errorText(error) });
    }
  }

  return {
    $results,
    /** Searches at once (opening the panel: the trending GIFs). */
    now: (words: string) => {
      clearTimeout(timer);
      return run(words);
    },
    /** Searches after a pause in typing. */
    typed: (words: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => void run(words), GIF_SEARCH_DELAY_MS);
    },
    stop: () => {
      clearTimeout(timer);
      controller?.abort();
      controller = null;
    },
  };
}
