/**
 * The rules of the swipe game (SPEC §2.7 'Swipe game', §8 'Likes and swipes', §9) as pure
 * functions, shared by the store, the card and their tests: what a decision costs, when the
 * game is over for today, how a fresh batch of profiles joins the queue, which key or drag
 * means Yes or No.
 */
import type { ProfileCard } from '#src/contract/members.ts';

export type Decision = 'yes' | 'no';

/** What is left of today's swipes and likes. */
export interface Allowance {
  swipes: number;
  likes: number;
}

/** Refill the queue when fewer cards than this wait to be decided. */
export const REFILL_BELOW = 3;

/**
 * A drag of the card decides once it travels this share of the card's width (and at least
 * DRAG_MIN_PX), so a small wobble of the thumb while tapping is not a decision.
 */
export const DRAG_THRESHOLD = 0.3;
export const DRAG_MIN_PX = 80;
/** Pointer movement below this is a tap (it opens the profile), not a drag. */
export const TAP_SLOP_PX = 8;

/**
 * What today's allowance is once the decisions still on their way are taken off: each costs
 * a swipe, a Yes also a like (the server may charge less, e.g. a profile decided on earlier
 * today; its answer then sets the truth).
 */
export function allowanceAfter(known: Allowance, pending: readonly Decision[]): Allowance {
  const yes = pending.filter((decision) => decision === 'yes').length;
  return { swipes: Math.max(0, known.swipes - pending.length), likes: Math.max(0, known.likes - yes) };
}

/**
 * The game is over for today when no swipes are left: the server then refuses every new
 * decision (429 swipe_limit). With only the likes gone it goes on with No (`canSayYes`).
 */
export function isGameOver(allowance: Allowance): boolean {
  return allowance.swipes <= 0;
}

/**
 * A Yes is a like: it needs one of today's likes, which likes given on profile pages use as
 * well (the server refuses it with 429 daily_limit).
 */
export function canSayYes(allowance: Allowance): boolean {
  return allowance.likes > 0;
}

/**
 * The queue with a fresh batch of profiles appended: a profile already waiting, on its way or
 * decided in this visit is left out (a batch asked for while decisions were on their way may
 * still hold them), and so is a repeat inside the batch.
 */
export function appendFresh(
  queue: readonly ProfileCard[],
  batch: readonly ProfileCard[],
  known: ReadonlySet<string>,
): ProfileCard[] {
  const seen = new Set([...known, ...queue.map((card) => card.id)]);
  const next = [...queue];
  for (const card of batch) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    next.push(card);
  }
  return next;
}

/**
 * The decision of a key press: ArrowRight is Yes, ArrowLeft is No. Keys with a modifier, and
 * keys typed into a form field, are not decisions.
 */
export function keyDecision(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}): Decision | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (isFormField(event.target)) return null;
  if (event.key === 'ArrowRight') return 'yes';
  if (event.key === 'ArrowLeft') return 'no';
  return null;
}

function isFormField(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** The decision a drag of `dx` pixels on a card `width` pixels wide ends in, if any. */
export function dragDecision(dx: number, width: number): Decision | null {
  const threshold = Math.max(DRAG_MIN_PX, width * DRAG_THRESHOLD);
  if (dx >= threshold) return 'yes';
  if (dx <= -threshold) return 'no';
  return null;
}
