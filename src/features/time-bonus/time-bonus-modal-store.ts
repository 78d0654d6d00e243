/**
 * When the time-bonus modal opens (SPEC §2.6 'Time-bonus modal', §4, §9): TIME_BONUS_MODAL_DELAY_MS
 * after entering the members area, if then the member is logged in, has 0 credits, the time
 * bonus is visible and the modal was never dismissed. Leaving the members area cancels the
 * wait; closing the modal stores a dismissal timestamp and it does not come back.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { TIME_BONUS_MODAL_DELAY_MS } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { $session, type SessionState } from '#src/stores/session.ts';
import { $timeBonus, type TimeBonus } from '#src/stores/time-bonus.ts';

export const TIME_BONUS_MODAL_DISMISSED_KEY = 'time_bonus.modal.dismissed_at';

/** The dismissal timestamp, or null (a failing storage counts as none). */
export function timeBonusModalDismissedAt(): number | null {
  try {
    const value = Number(environment().storage?.getItem(TIME_BONUS_MODAL_DISMISSED_KEY) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** The SPEC's four conditions. */
export function timeBonusModalAllowed(
  session: SessionState,
  bonus: TimeBonus | null,
  dismissedAt: number | null,
): boolean {
  return session.status === 'member' && session.user.credits === 0 && bonus?.isVisible === true && dismissedAt === null;
}

export interface TimeBonusModalStore {
  $open: ReadableAtom<boolean>;
  /** The member entered the members area: the wait starts. */
  enter: () => void;
  /** The member left it: the wait is cancelled (an open modal closes). */
  leave: () => void;
  /** Closes the modal for good. */
  dismiss: (now?: number) => void;
}

export function createTimeBonusModalStore(): TimeBonusModalStore {
  const $open = atom(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    $open,
    enter() {
      cancel();
      if (timeBonusModalDismissedAt() !== null) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (timeBonusModalAllowed($session.get(), $timeBonus.get(), timeBonusModalDismissedAt())) $open.set(true);
      }, TIME_BONUS_MODAL_DELAY_MS);
    },
    leave() {
      cancel();
      $open.set(false);
    },
    dismiss(now = environment().now()) {
      cancel();
      $open.set(false);
      try {
        environment().storage?.setItem(TIME_BONUS_MODAL_DISMISSED_KEY, String(now));
      } catch {
        // Storage full or blocked: the modal stays away for this visit.
      }
    },
  };
}

/** 'N hours left' (from one hour) or 'N minutes left' (below), as the welcome discount shows it. */
export function timeLeft(secondsLeft: number): { key: 'left_hours' | 'left_minutes'; count: number } {
  if (secondsLeft >= 3600) return { key: 'left_hours', count: Math.floor(secondsLeft / 3600) };
  return { key: 'left_minutes', count: Math.max(1, Math.ceil(secondsLeft / 60)) };
}
