/**
 * The time bonus and the welcome discount on the client (SPEC §3 'Time bonus (client state)',
 * §4 'Time bonus', §7 discountcode.php, §9 'Discounts').
 *
 * - $timeBonus: null, or the TIMEBONUS25 code with `isVisible` and `countdownTimer` (hours,
 *   minutes, seconds, each two digits). Only a logged-in member who is not a paid user and
 *   signed up less than TIME_BONUS_WINDOW_SECONDS ago has one; the server's `expires_in`
 *   sets the deadline (the device clock may be wrong), and the countdown ticks every
 *   TIME_BONUS_TICK_MS from the environment's clock. It is cleared at zero and on logout.
 * - $welcomeDiscount: the welcome code (?welcome=true); errors are ignored (SPEC §8).
 * - $activeDiscountCode: the time bonus when there is one, else the welcome code.
 *
 * Both load when something subscribes to them and follow the session: a login-state change
 * (another member, a guest, or a member who just became a paid user) loads them again.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { getDiscountCode, getWelcomeDiscount, type DiscountCode } from '#src/contract/discounts.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { TIME_BONUS_CODE, TIME_BONUS_TICK_MS } from '#src/lib/constants.ts';
import { mayHaveTimeBonus, timeBonusSecondsLeft } from '#src/lib/time-bonus.ts';
import { environment } from './environment.ts';
import { $session, type SessionState } from './session.ts';

export interface CountdownTimer {
  hours: string;
  minutes: string;
  seconds: string;
}

export type TimeBonus = DiscountCode & {
  isVisible: boolean;
  countdownTimer: CountdownTimer;
  /** Whole seconds left. */
  secondsLeft: number;
};

export { mayHaveTimeBonus, timeBonusSecondsLeft };

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds → {hours, minutes, seconds}, each zero-padded to two digits. */
export function countdownTimer(secondsLeft: number): CountdownTimer {
  const s = Math.max(0, Math.floor(secondsLeft));
  return { hours: pad(Math.floor(s / 3600)), minutes: pad(Math.floor((s % 3600) / 60)), seconds: pad(s % 60) };
}

const $bonus = atom<TimeBonus | null>(null);
const $welcome = atom<DiscountCode | null>(null);

export const $timeBonus: ReadableAtom<TimeBonus | null> = $bonus;
export const $welcomeDiscount: ReadableAtom<DiscountCode | null> = $welcome;
/** The time bonus's code without its countdown: the active code does not change every second. */
const $bonusCode = atom<DiscountCode | null>(null);
/** The code offered: the time bonus if present, else the welcome discount (SPEC §4). */
export const $activeDiscountCode = computed([$bonusCode, $welcome], (bonus, welcome) => bonus ?? welcome);

let ticker: ReturnType<typeof setInterval> | undefined;
let deadline = 0;
/** Bumped by every load and clear: an answer for an older request is dropped. */
let generation = 0;

function stopTicking(): void {
  if (ticker !== undefined) clearInterval(ticker);
  ticker = undefined;
}

function tick(): void {
  const bonus = $bonus.get();
  if (!bonus) return stopTicking();
  const secondsLeft = Math.ceil((deadline - environment().now()) / 1000);
  if (secondsLeft <= 0) {
    clearTimeBonus();
    return;
  }
  if (secondsLeft !== bonus.secondsLeft)
    $bonus.set({ ...bonus, secondsLeft, countdownTimer: countdownTimer(secondsLeft) });
}

/** Removes the time bonus and stops its countdown (at zero, on logout). */
export function clearTimeBonus(): void {
  generation++;
  stopTicking();
  $bonus.set(null);
  $bonusCode.set(null);
}

/**
 * Loads the member's time bonus (null user: a guest, nothing). Asks the server only when the
 * member may have one; a refusal (used, expired, first purchase made) means none.
 */
export async function loadTimeBonus(user: CurrentUser | null): Promise<void> {
  clearTimeBonus();
  const mine = generation;
  if (!user || !mayHaveTimeBonus(user, environment().now())) return;
  let discount: DiscountCode;
  try {
    ({ discount } = await environment().api.call(getDiscountCode, { query: { code: TIME_BONUS_CODE } }));
  } catch {
    return;
  }
  if (mine !== generation) return;
  const now = environment().now();
  const secondsLeft = discount.expires_in ?? timeBonusSecondsLeft(user, now);
  if (secondsLeft <= 0) return;
  deadline = now + secondsLeft * 1000;
  $bonusCode.set(discount);
  $bonus.set({ ...discount, isVisible: true, secondsLeft, countdownTimer: countdownTimer(secondsLeft) });
  ticker = setInterval(tick, TIME_BONUS_TICK_MS);
}

let welcomeGeneration = 0;

/** Loads the welcome discount; any failure leaves none (SPEC §8 'Silently ignored failures'). */
export async function loadWelcomeDiscount(): Promise<void> {
  const mine = ++welcomeGeneration;
  try {
    const { discount } = await environment().api.call(getWelcomeDiscount, { query: { welcome: 'true' } });
    if (mine === welcomeGeneration) $welcome.set(discount);
  } catch {
    if (mine === welcomeGeneration) $welcome.set(null);
  }
}

/** Who the discounts were loaded for: a member (and whether paid), a guest, or not yet known. */
function sessionKey(state: SessionState): string | null {
  if (state.status === 'member') return `member:${state.user.id}:${state.user.paid_user}`;
  if (state.status === 'guest') return 'guest';
  return null;
}

let loadedFor: string | null = null;

function onSession(state: SessionState): void {
  const key = sessionKey(state);
  if (key === null || key === loadedFor) return;
  loadedFor = key;
  if (state.status === 'member') {
    void loadTimeBonus(state.user);
    // The welcome discount is for the first purchase only: a paid member has none to ask for.
    if (state.user.paid_user) {
      welcomeGeneration++;
      $welcome.set(null);
    } else void loadWelcomeDiscount();
  } else {
    clearTimeBonus();
    welcomeGeneration++;
    $welcome.set(null);
  }
}

let watchers = 0;
let unwatch: (() => void) | undefined;

/** Follows the session while anything listens to the time bonus or the welcome discount. */
function watchSession(): () => void {
  if (watchers++ === 0) unwatch = $session.subscribe(onSession);
  return () => {
    if (--watchers > 0) return;
    unwatch?.();
    unwatch = undefined;
    loadedFor = null;
    clearTimeBonus();
  };
}

onMount($bonus, watchSession);
onMount($welcome, watchSession);
