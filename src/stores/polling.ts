/**
 * The fallback of the realtime channel (SPEC §4 'Session', §9): while a member is logged in,
 * the current user, the conversations and the likes are refreshed, the first time
 * POLLING_START_MS after the members area loaded, then every POLLING_INTERVAL_MS, or every
 * POLLING_INTERVAL_PUSH_MS while the browser is subscribed to push messages (which bring
 * news themselves). The shell loads this module on demand (`startMemberUpdates`), so the
 * realtime channel, the conversation and likes stores and their contracts stay out of its
 * first load.
 */
import { getUser } from '#src/contract/user.ts';
import { ApiError } from '#src/client/api.ts';
import { POLLING_INTERVAL_MS, POLLING_INTERVAL_PUSH_MS, POLLING_START_MS } from '#src/lib/constants.ts';
import { loadChats, watchChatEvents } from './chats.ts';
import { $newLikes } from './counters.ts';
import { environment } from './environment.ts';
import { $totalNewLikes, loadLikes } from './likes.ts';
import { $push, initPush, watchPush } from './push.ts';
import { onServerEvent, startRealtime, stopRealtime } from './realtime.ts';
import { $session } from './session.ts';

export interface PollingOptions {
  /** Whether the browser is subscribed to push messages now (asked before every wait). */
  pushSubscribed?: () => boolean;
}

/** The wait before the next refresh. */
export function pollingInterval(pushSubscribed: boolean): number {
  return pushSubscribed ? POLLING_INTERVAL_PUSH_MS : POLLING_INTERVAL_MS;
}

/** Refreshes the current user quietly: a lost session logs out, anything else waits for the next round. */
export async function refreshUser(): Promise<void> {
  try {
    const { user } = await environment().api.call(getUser);
    if ($session.get().status === 'member') $session.set({ status: 'member', user });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'authentication_required' && $session.get().status === 'member')
      $session.set({ status: 'guest' });
  }
}

/** One round: user, conversations and likes together. */
export async function pollOnce(): Promise<void> {
  await Promise.all([refreshUser(), loadChats(), loadLikes()]);
}

/** Starts polling; returns the function that stops it. */
export function startPolling(options: PollingOptions = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      if (stopped) return;
      // The loads share a request under way, so a slow round never runs twice at once.
      void pollOnce();
      schedule(pollingInterval(options.pushSubscribed?.() ?? false));
    }, delay);
  };
  schedule(POLLING_START_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * What the shell runs while a member is in: the realtime channel (src/stores/realtime.ts),
 * the conversation list and the likes loaded at once (badges, title, the desktop link to the
 * newest conversation), the list following the server events, the likes kept in step with
 * the counters and resync events and mirrored into $newLikes, and the polling as the
 * fallback. Returns the function that stops it all (logout closes the channel).
 */
export function startMemberUpdates(options: PollingOptions = {}): () => void {
  startRealtime();
  void loadChats();
  void loadLikes();
  // Push: the worker's NEW_PUSH_MESSAGE reloads chats and likes, and a subscribed browser
  // polls every 300 s instead of 60 s (SPEC §4).
  void initPush();
  const stops = [
    watchPush(),
    watchChatEvents(),
    $totalNewLikes.subscribe((count) => $newLikes.set(count)),
    onServerEvent('counters', ({ total_new_likes }) => {
      if (total_new_likes !== undefined && total_new_likes !== $totalNewLikes.get()) void loadLikes({ fresh: true });
    }),
    onServerEvent('resync', () => void loadLikes({ fresh: true })),
    startPolling({ pushSubscribed: () => $push.get().isSubscribed, ...options }),
    stopRealtime,
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
