/**
 * The realtime channel (ARCHITECTURE "Realtime with a fallback"): GET /api/events.php is a
 * server-sent-events stream for the logged-in member. Each event's `event:` field is one of
 * SERVER_EVENT_TYPES and its `data:` one JSON object of the schema below. Stored events carry
 * an `id:`; a client that reconnects sends it back (Last-Event-ID, or `?last_event_id=`) and
 * gets every stored event after it exactly once. `typing` is not stored (no id).
 */
import * as z from 'zod/mini';
import { chatListItem, chatMessage } from './chat.ts';
import { defineEndpoint } from './define.ts';

export const EVENTS_PATH = '/api/events.php';

export const serverEvents = {
  /** A message in one of my conversations (mine from another tab, or theirs). */
  message: z.object({ conversation: z.string(), message: chatMessage, chat: chatListItem }),
  /** The other side is typing in a conversation (shown for TYPING_SHOWN_MS). */
  typing: z.object({ conversation: z.string() }),
  /** The other side read my messages up to and including `message`. */
  read: z.object({ conversation: z.string(), message: z.string() }),
  /** A conversation left my list (deleted in another tab, a block). */
  chat_removed: z.object({ conversation: z.string() }),
  /** My counters changed: unread messages, new likes, credits. */
  counters: z.object({
    total_unread: z.number().check(z.int(), z.nonnegative()),
    total_new_likes: z.optional(z.number().check(z.int(), z.nonnegative())),
    credits: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  /**
   * More was missed than a reconnect replays (or the log no longer has it): reload chats,
   * likes and counters as after a page load. Later events follow as usual.
   */
  resync: z.object({}),
} as const;

export type ServerEventType = keyof typeof serverEvents;
export const SERVER_EVENT_TYPES = Object.keys(serverEvents) as ServerEventType[];
export type ServerEventData<T extends ServerEventType> = z.infer<(typeof serverEvents)[T]>;
export type ServerEvent = { [T in ServerEventType]: { type: T; data: ServerEventData<T> } }[ServerEventType];

/** Stored events replayed to a reconnecting channel at most; past that it gets `resync`. */
export const EVENTS_REPLAY_LIMIT = 500;

/**
 * The channel itself: `text/event-stream`, not JSON, so `response` is never parsed. The
 * cursor comes in the Last-Event-ID header (EventSource's own reconnect) or, for a new
 * EventSource that resumes, as `last_event_id`; the header wins. A value that is not an id
 * is ignored (the channel starts from now).
 */
export const getEvents = defineEndpoint({
  method: 'GET',
  path: EVENTS_PATH,
  query: z.looseObject({
    last_event_id: z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined),
  }),
  response: z.never(),
  errors: ['authentication_required'],
  roles: ['member'],
});
