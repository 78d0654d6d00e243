/**
 * One open realtime channel (GET /api/events.php): what it sends, in which order, and when it
 * ends. Stored events go out exactly once and in id order; `typing` goes out as it comes.
 *
 * The channel keeps a watermark: every stored event of the account up to it has been sent
 * (or was before the channel's start). It listens before it reads the log, so nothing
 * published meanwhile is lost (a new channel first reads where it starts, then listens, then
 * reads again); everything runs through one queue, so live events wait behind the replay and
 * are skipped when the replay already sent them. A live event whose
 * predecessor the channel has not sent (two commits announced out of order, or a gap while
 * Redis was away) makes it read the log from the watermark instead of sending it blindly.
 */
import { EVENTS_REPLAY_LIMIT, type ServerEvent } from '#src/contract/events.ts';
import type { DeliveredEvent, EventHub } from './types.ts';

/** A comment line that keeps proxies and the browser from thinking the channel died. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects (the `retry:` hint). */
export const RECONNECT_HINT_MS = 3_000;
/** Frames waiting for a client that does not read: past this the channel ends; it replays on return. */
export const MAX_PENDING_FRAMES = 1_000;

export interface ChannelOptions {
  hub: EventHub;
  accountId: number;
  /** The client's cursor (Last-Event-ID): replay after it; null for a new channel. */
  lastEventId: number | null;
  /** Writes one SSE frame; resolves when the stream took it. */
  write: (frame: string) => Promise<void>;
  /** Asked at every heartbeat: false (logged out, banned, expired) ends the channel. */
  stillValid: () => Promise<boolean>;
  heartbeatMs?: number;
  replayLimit?: number;
}

export interface Channel {
  /** Resolves when the channel has ended (stop, hub closed, session over, client too slow). */
  readonly done: Promise<void>;
  stop(): void;
}

/** One SSE frame of an event; stored ones carry their id (the client's cursor). */
export function eventFrame(event: ServerEvent, id: number | null): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n${id !== null ? `id: ${id}\n` : ''}\n`;
}

export function openChannel(options: ChannelOptions): Channel {
  const { hub, accountId, write } = options;
  const limit = options.replayLimit ?? EVENTS_REPLAY_LIMIT;
  let watermark = 0;
  let ended = false;
  let pending = 0;
  let queue: Promise<void> = Promise.resolve();
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const enqueue = (task: () => Promise<void>) => {
    if (ended) return;
    if (pending >= MAX_PENDING_FRAMES) {
      stop();
      return;
    }
    pending += 1;
    queue = queue
      .then(() => (ended ? undefined : task()))
      .catch((error: unknown) => {
        console.error('[events] channel failed:', error);
        stop();
      })
      .finally(() => {
        pending -= 1;
      });
  };

  const sendStored = async (delivered: DeliveredEvent & { id: number }) => {
    if (delivered.id <= watermark) return;
    await write(eventFrame(delivered.event, delivered.id));
    watermark = delivered.id;
  };

  /** Sends every stored event after the watermark from the log; too many: `resync`. */
  const catchUp = async () => {
    const rows = await hub.replay(accountId, watermark, limit + 1);
    if (rows.length > limit) {
      watermark = Math.max(watermark, await hub.latestId(accountId));
      await write(eventFrame({ type: 'resync', data: {} }, watermark));
      return;
    }
    for (const row of rows) if (row.id !== null) await sendStored({ ...row, id: row.id });
  };

  const live = (delivered: DeliveredEvent) => {
    enqueue(async () => {
      if (delivered.id === null) {
        await write(eventFrame(delivered.event, null));
        return;
      }
      if (delivered.id <= watermark) return;
      const previous = delivered.previousId;
      if (previous === null || (previous !== undefined && previous <= watermark)) {
        await sendStored({ ...delivered, id: delivered.id });
      } else {
        await catchUp();
      }
    });
  };

  let unsubscribe = () => {};
  const listen = () => {
    if (!ended) unsubscribe = hub.subscribe(accountId, live);
  };
  const cursor = options.lastEventId;
  // A resuming channel listens before its replay reads the log (see the header).
  if (cursor !== null) listen();
  const unwatch = hub.onStatus((status) => {
    if (status === 'closed') stop();
    else enqueue(catchUp);
  });
  const beat = () => {
    enqueue(async () => {
      if (!(await options.stillValid())) {
        stop();
        return;
      }
      await write(': ping\n\n');
    });
  };
  // The first beat comes at a random point of the period: channels opened together (clients
  // coming back after a deploy) would otherwise all ask for their sessions in the same moment.
  const period = options.heartbeatMs ?? HEARTBEAT_MS;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const firstBeat = setTimeout(() => {
    beat();
    heartbeat = setInterval(beat, period);
  }, Math.random() * period);

  function stop() {
    if (ended) return;
    ended = true;
    unsubscribe();
    unwatch();
    clearTimeout(firstBeat);
    clearInterval(heartbeat);
    finish();
  }

  // First in the queue, so live events that arrive meanwhile wait behind it.
  enqueue(async () => {
    await write(`retry: ${RECONNECT_HINT_MS}\n\n`);
    const latest = await hub.latestId(accountId);
    if (cursor !== null && cursor <= latest) {
      watermark = cursor;
      await catchUp();
      return;
    }
    watermark = latest;
    if (cursor !== null) {
      // A cursor beyond the log (another database, a reset): the client's state is unknown.
      await write(eventFrame({ type: 'resync', data: {} }, watermark));
      return;
    }
    // A new channel starts at the account's newest event: it listens from here on, sends the
    // cursor (so a reconnect before the first event still resumes from it), and reads what
    // was stored between reading the newest id and listening.
    listen();
    await write(`id: ${watermark}\n\n`);
    await catchUp();
  });

  return { done, stop };
}
