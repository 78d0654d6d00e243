/**
 * The browser's realtime channel (src/contract/events.ts): an EventSource on
 * GET /api/events.php, same origin, the session cookie going along by itself. Every event
 * it receives is checked lightly and handed on; the EventSource reconnects on its own after a
 * dropped connection, sending the last id (Last-Event-ID), and the server replays what was
 * missed. When it gives up (an HTTP error, say during a deploy), a new one starts after a
 * growing pause with `?last_event_id=`. A source opened without an id (the first one, or a
 * new one before any event came) tells the stores to `resync` once it is open.
 *
 * Part of the members shell's first load: only types come from the contract, so the event
 * schemas (and the chat contract behind them) stay out of it; the path and event names are
 * kept equal to the contract's by the type checker.
 */
import type { EVENTS_PATH, ServerEvent, ServerEventType } from '#src/contract/events.ts';
import type { RealtimeState } from '#src/stores/realtime.ts';

const EVENTS_URL: typeof EVENTS_PATH = '/api/events.php';

/** Every event type of the contract: a missing or unknown one does not compile. */
const EVENT_TYPES: Record<ServerEventType, true> = {
  message: true,
  typing: true,
  read: true,
  chat_removed: true,
  counters: true,
  resync: true,
};

/** EventSource.CLOSED: the source gave up and will not reconnect by itself. */
const CLOSED = 2;

/** What the channel needs of an EventSource (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface EventChannelOptions {
  /** Opens a source on a URL (default: the browser's EventSource). */
  create: (url: string) => EventSourceLike;
  onEvent: (event: ServerEvent) => void;
  onState: (state: RealtimeState) => void;
  /** The pause before a new source after the previous one gave up (attempt 1, 2, …). */
  restartDelay?: (attempt: number) => number;
}

/** 5 s, 10 s, 20 s, … at most a minute. */
export function restartDelay(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60_000);
}

/** The event, when its data is a JSON object; null for anything else. */
export function parseServerEvent(type: string, data: string): ServerEvent | null {
  if (!Object.hasOwn(EVENT_TYPES, type)) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return { type, data: parsed } as ServerEvent;
  } catch {
    return null;
  }
}

export interface EventChannel {
  close(): void;
}

export function openEventChannel(options: EventChannelOptions): EventChannel {
  const delay = options.restartDelay ?? restartDelay;
  let source: EventSourceLike | null = null;
  let lastId: string | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /**
   * A source that cannot name where it stopped: the stores reload once it is open. The first
   * one too: the server starts a new channel at the account's newest event, so whatever
   * happened between the lists the page loaded and that moment would never come.
   */
  let resyncOnOpen = true;

  const start = () => {
    const url = lastId ? `${EVENTS_URL}?last_event_id=${encodeURIComponent(lastId)}` : EVENTS_URL;
    const current = options.create(url);
    source = current;
    options.onState('connecting');
    current.onopen = () => {
      if (source !== current) return;
      attempts = 0;
      options.onState('open');
      if (resyncOnOpen) {
        resyncOnOpen = false;
        options.onEvent({ type: 'resync', data: {} });
      }
    };
    current.onerror = () => {
      if (source !== current) return;
      if (current.readyState !== CLOSED) {
        options.onState('connecting');
        return;
      }
      current.close();
      source = null;
      options.onState('closed');
      attempts += 1;
      if (!lastId) resyncOnOpen = true;
      timer = setTimeout(() => {
        if (!closed) start();
      }, delay(attempts));
    };
    for (const type of Object.keys(EVENT_TYPES)) {
      current.addEventListener(type, (message) => {
        if (source !== current) return;
        if (message.lastEventId) lastId = message.lastEventId;
        const event = parseServerEvent(type, message.data);
        if (event) options.onEvent(event);
      });
    }
  };

  start();
  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
      options.onState('off');
    },
  };
}
