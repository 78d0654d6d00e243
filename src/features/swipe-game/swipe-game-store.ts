/**
 * The swipe game (SPEC §2.7 'Swipe game', §8 'Likes and swipes'): a queue of profiles from
 * GET swipe.php, decided one at a time with Yes or No (POST swipe.php).
 *
 * - A decision moves on to the next card at once (optimistic) and joins an outbox that sends
 *   the decisions one after another, in order, so each answer's swipes_left / likes_left is
 *   the truth up to that decision; the allowance shown takes the unanswered ones off.
 * - A failed decision brings its card back to the front of the queue, with the decisions
 *   still waiting behind it (nothing is lost), and `failure` says which decision to retry.
 *   A profile that has gone meanwhile (404) just leaves the game.
 * - When fewer than REFILL_BELOW cards wait, the next batch is fetched; profiles already
 *   waiting, on their way or decided are left out of it. An empty batch means the server has
 *   no more profiles now (`exhausted`).
 * - The game is over for today when no swipes are left (the answers say so, a GET says so
 *   with `next_in_hours`, or a decision is refused with 429 swipe_limit and the server's
 *   message). Once the last answer says so, GET swipe.php tells the hours.
 * - With no likes left (likes given on profile pages share them) the game goes on with No
 *   only: a Yes is not taken, and a Yes refused with 429 daily_limit brings its card back.
 *   GET swipe.php tells the hours until a like is free again (`likeHours`).
 * - A Yes that makes a match queues the profile for the match modal; every answered Yes
 *   calls `onLiked` (the likes page and counters reload).
 * - Leaving the page (`leave`, on pagehide) does not lose what the member decided: the
 *   decision on its way outlives the page (keepalive) and the waiting ones go out at once.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { DAILY_LIMIT_ERROR, getSwipe, postSwipe, SWIPE_LIMIT_ERROR } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { environment } from '#src/stores/environment.ts';
import {
  allowanceAfter,
  appendFresh,
  canSayYes,
  isGameOver,
  REFILL_BELOW,
  type Allowance,
  type Decision,
} from './swipe-rules.ts';

/** The game is over for today. */
export interface DailyLimit {
  /** Hours until the game goes on (rounded up); null while not known. */
  hours: number | null;
  /** The server's text of a refused decision, in the member's language. */
  message: string | null;
}

export type SwipeGameState =
  | { status: 'loading' }
  /** The first batch could not be loaded. */
  | { status: 'error' }
  | {
      status: 'ready';
      /** The cards waiting for a decision; the first one is shown. */
      queue: readonly ProfileCard[];
      /** Today's swipes and likes left, less the decisions still on their way. */
      left: Allowance;
      limit: DailyLimit | null;
      /** No likes left (Yes is off): the hours until one is free again; null while not known or likes are left. */
      likeHours: number | null;
      /** The server has no more profiles to offer now. */
      exhausted: boolean;
      /** A batch is on its way. */
      refilling: boolean;
      /** The last batch could not be loaded (shown when the queue runs empty). */
      refillFailed: boolean;
      /** The decision on the first card failed; deciding again (or `retry`) sends it anew. */
      failure: { profileId: string; decision: Decision } | null;
      /** A Yes made a match with this profile: the match modal shows it. */
      match: ProfileCard | null;
    };

export interface SwipeGameStore {
  $state: ReadableAtom<SwipeGameState>;
  /** Loads the first batch (again, after an error). */
  load: () => Promise<void>;
  /** Yes or No on the first card. */
  decide: (decision: Decision) => void;
  /** Sends the failed decision on the first card again. */
  retry: () => void;
  /** Fetches a batch again after a failed one. */
  refill: () => void;
  /** Closes the match modal (the next match, if any, shows). */
  dismissMatch: () => void;
  /** Resolves when no decision and no batch is on its way (tests, leaving the page). */
  settled: () => Promise<void>;
  /**
   * The page is being left (pagehide): the decisions still waiting are sent at once, each
   * outliving the page, and count as made.
   */
  leave: () => void;
}

interface Pending {
  card: ProfileCard;
  decision: Decision;
}

export function createSwipeGameStore(deps: { onLiked?: () => void } = {}): SwipeGameStore {
  const $state = atom<SwipeGameState>({ status: 'loading' });

  let started = false;
  let queue: ProfileCard[] = [];
  let known: Allowance = { swipes: 0, likes: 0 };
  /** Decisions not answered yet, in the order they were made; the first one is being sent. */
  let outbox: Pending[] = [];
  let sending: Promise<void> | null = null;
  /** Profiles decided in this visit (never offered again). */
  const decided = new Set<string>();
  let serverLimit: DailyLimit | null = null;
  let likeHours: number | null = null;
  let exhausted = false;
  let batch: Promise<void> | null = null;
  let refillFailed = false;
  let failure: { profileId: string; decision: Decision } | null = null;
  let matches: ProfileCard[] = [];
  /** Counts decisions made, so a batch can tell whether one was made while it was on its way. */
  let revision = 0;

  function publish(): void {
    if (!started) return;
    const left = allowanceAfter(
      known,
      outbox.map((pending) => pending.decision),
    );
    const limit = serverLimit ?? (isGameOver(left) ? { hours: null, message: null } : null);
    $state.set({
      status: 'ready',
      queue,
      left,
      limit,
      likeHours: canSayYes(left) ? null : likeHours,
      exhausted,
      refilling: batch !== null,
      refillFailed,
      failure,
      match: matches[0] ?? null,
    });
  }

  /** GET swipe.php: the next batch, today's allowance, or the hours until the game goes on. */
  function fetchBatch(): Promise<void> {
    const cleanStart = outbox.length === 0;
    const startRevision = revision;
    const run = (async () => {
      try {
        const answer = await environment().api.call(getSwipe);
        // Counts asked for while decisions were on their way may miss some of them; a game
        // over for today is the truth either way.
        const clean = cleanStart && outbox.length === 0 && revision === startRevision;
        if (clean || answer.next_in_hours !== null) known = { swipes: answer.swipes_left, likes: answer.likes_left };
        if (answer.next_in_hours !== null) serverLimit = { hours: answer.next_in_hours, message: null };
        if (clean || answer.likes_left === 0) likeHours = answer.next_like_in_hours;
        const pendingIds = outbox.map((pending) => pending.card.id);
        queue = appendFresh(queue, answer.profiles, new Set([...decided, ...pendingIds]));
        exhausted = answer.profiles.length === 0 && answer.next_in_hours === null;
        refillFailed = false;
        started = true;
        batch = null;
        publish();
        // The batch may have held profiles decided meanwhile: with every decision answered
        // now, ask again (earlier, the next answer asks).
        if (!clean && outbox.length === 0) maybeRefill();
      } catch {
        batch = null;
        refillFailed = true;
        if (started) publish();
        else $state.set({ status: 'error' });
      }
    })();
    batch = run;
    return run;
  }

  function maybeRefill(): void {
    if (batch !== null || serverLimit !== null || !started) return;
    if (isGameOver(known)) {
      // Over by the last answer: the GET tells the hours (once everything is answered).
      if (outbox.length === 0) void fetchBatch();
      return;
    }
    if (!canSayYes(known) && likeHours === null && outbox.length === 0) {
      // The likes ran out by the last answer: the GET tells the hours until the next one.
      void fetchBatch();
      publish();
      return;
    }
    if (
      isGameOver(
        allowanceAfter(
          known,
          outbox.map((pending) => pending.decision),
        ),
      )
    )
      return;
    if (exhausted || queue.length >= REFILL_BELOW) return;
    void fetchBatch();
    publish();
  }

  /** Sends the outbox, one decision after another. */
  function pump(): void {
    if (sending !== null || outbox.length === 0) return;
    const { card, decision } = outbox[0] as Pending;
    sending = (async () => {
      try {
        // keepalive: a reload or a link right after the decision must not cancel it.
        const answer = await environment().api.call(postSwipe, {
          body: { profile: card.id, decision },
          keepalive: true,
        });
        outbox.shift();
        decided.add(card.id);
        known = { swipes: answer.swipes_left, likes: answer.likes_left };
        if (canSayYes(known)) likeHours = null;
        if (answer.match) matches = [...matches, { ...card, did_like_profile: true, liked_by_profile: true }];
        if (decision === 'yes') deps.onLiked?.();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found') {
          // Hidden, blocked or gone since it was offered: it just leaves the game.
          outbox.shift();
          decided.add(card.id);
        } else {
          // The card and every decision waiting behind it come back, in order.
          queue = [...outbox.map((pending) => pending.card), ...queue];
          outbox = [];
          if (error instanceof ApiError && error.code === SWIPE_LIMIT_ERROR) {
            serverLimit = { hours: null, message: error.message };
          } else if (error instanceof ApiError && error.code === DAILY_LIMIT_ERROR) {
            // The likes ran out elsewhere (a profile page): Yes goes off, No plays on.
            known = { ...known, likes: 0 };
            likeHours = null;
          } else {
            failure = { profileId: card.id, decision };
          }
        }
      }
      sending = null;
      publish();
      pump();
      maybeRefill();
    })();
  }

  function decide(decision: Decision): void {
    const state = $state.get();
    if (state.status !== 'ready' || state.limit !== null) return;
    if (decision === 'yes' && !canSayYes(state.left)) return;
    const [card, ...rest] = queue;
    if (!card) return;
    queue = rest;
    if (failure?.profileId === card.id) failure = null;
    outbox = [...outbox, { card, decision }];
    revision += 1;
    publish();
    pump();
    maybeRefill();
  }

  return {
    $state,
    async load() {
      if (batch !== null) return batch;
      started = false;
      $state.set({ status: 'loading' });
      await fetchBatch();
    },
    decide,
    retry() {
      const first = queue[0];
      if (failure && first?.id === failure.profileId) decide(failure.decision);
    },
    refill() {
      refillFailed = false;
      maybeRefill();
      publish();
    },
    dismissMatch() {
      matches = matches.slice(1);
      publish();
    },
    async settled() {
      while (sending !== null || batch !== null) await Promise.all([sending, batch]);
    },
    leave() {
      // The first one is on its way already (keepalive); the rest would wait for its answer,
      // which a left page never gets. Their answers do not matter any more.
      const [first, ...waiting] = outbox;
      if (!first || sending === null || waiting.length === 0) return;
      outbox = [first];
      known = allowanceAfter(
        known,
        waiting.map((pending) => pending.decision),
      );
      for (const { card, decision } of waiting) {
        decided.add(card.id);
        environment()
          .api.call(postSwipe, { body: { profile: card.id, decision }, keepalive: true })
          .catch(() => undefined);
      }
      publish();
    },
  };
}
