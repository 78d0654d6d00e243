/**
 * Server events on the client (ARCHITECTURE "Realtime with a fallback"): stores that react to
 * new messages, typing, read state and counters subscribe here with `onServerEvent`; the
 * channel (src/client/events.ts, the SSE connection of GET /api/events.php) hands every event
 * it receives to `dispatchServerEvent`. Tests dispatch events directly.
 */
import { atom } from 'nanostores';
import { openEventChannel, type EventChannel, type EventSourceLike } from '#src/client/events.ts';
import type { ServerEvent, ServerEventData, ServerEventType } from '#src/contract/events.ts';

/** The channel's state: 'off' when logged out, 'open' while events flow. */
export type RealtimeState = 'off' | 'connecting' | 'open' | 'closed';
export const $realtime = atom<RealtimeState>('off');

type Handler = (data: never) => void;
const handlers = new Map<ServerEventType, Set<Handler>>();

/** Calls `handler` with the data of every event of `type`; returns the unsubscribe. */
export function onServerEvent<T extends ServerEventType>(
  type: T,
  handler: (data: ServerEventData<T>) => void,
): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  const entry = handler as Handler;
  set.add(entry);
  return () => set.delete(entry);
}

/** Hands an event to its subscribers. */
export function dispatchServerEvent(event: ServerEvent): void {
  const set = handlers.get(event.type);
  if (!set) return;
  for (const handler of [...set]) (handler as (data: unknown) => void)(event.data);
}

let channel: EventChannel | null = null;

/**
 * Opens the channel while a member is logged in (the members shell calls it; a second call
 * does nothing). Without EventSource in the browser it does nothing: the polling carries on.
 */
export function startRealtime(options: { create?: (url: string) => EventSourceLike } = {}): void {
  if (channel) return;
  const create = options.create ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url));
  if (!create) return;
  channel = openEventChannel({ create, onEvent: dispatchServerEvent, onState: (state) => $realtime.set(state) });
}

/** Closes the channel (logout, leaving the members area). */
export function stopRealtime(): void {
  channel?.close();
  channel = null;
  $realtime.set('off');
}
