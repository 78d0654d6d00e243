/**
 * The time bonus on the client (SPEC §3 'Time bonus (client state)', §4 'Time bonus',
 * 'Time-bonus modal', Session): the countdown from the server's seconds ticking each second
 * on the test clock, cleared at zero and on logout, reloaded on a login-state change, the
 * active code, and the modal's 40 s rule with leaving and dismissal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import { getDiscountCode, getWelcomeDiscount, type DiscountCode } from '#src/contract/discounts.ts';
import { TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_TICK_MS } from '#src/lib/constants.ts';
import { $session } from '#src/stores/session.ts';
import {
  $activeDiscountCode,
  $timeBonus,
  $welcomeDiscount,
  countdownTimer,
  mayHaveTimeBonus,
  type TimeBonus,
} from '#src/stores/time-bonus.ts';
import {
  TIME_BONUS_MODAL_DISMISSED_KEY,
  createTimeBonusModalStore,
  timeLeft,
} from '#src/features/time-bonus/time-bonus-modal-store.ts';
import { member } from '../fixtures/members.ts';
import { testEnvironment, type TestEnvironment } from './test-environment.ts';

const NOW = Date.UTC(2026, 0, 15, 12);

function code(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'TIMEBONUS25',
    kind: 'time_bonus',
    country: null,
    user_id: null,
    expires: null,
    expires_in: 3,
    value_percentage: '25.0',
    percentage: '25.0',
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    ...overrides,
  };
}
const welcome = code({ code: 'WELCOME25', kind: 'welcome', expires_in: null });

/** The API: the time bonus with `expiresIn` seconds left, and the welcome code (or refusals). */
function discountApi(options: { expiresIn?: number; bonus?: 'refused'; welcome?: 'refused' } = {}) {
  const calls: string[] = [];
  const call = vi.fn((endpoint: unknown) => {
    if (endpoint === getDiscountCode) {
      calls.push('time_bonus');
      if (options.bonus === 'refused') return Promise.reject(new ApiError(400, 'code_used', 'Code already used'));
      return Promise.resolve({ discount: code({ expires_in: options.expiresIn ?? 3 }) });
    }
    if (endpoint === getWelcomeDiscount) {
      calls.push('welcome');
      if (options.welcome === 'refused') return Promise.reject(new ApiError(400, 'code_first_purchase', 'No'));
      return Promise.resolve({ discount: welcome });
    }
    return Promise.reject(new Error('unexpected call'));
  });
  return { api: { call } as unknown as ApiClient, calls };
}

/** A member who signed up `secondsAgo` before NOW. */
const newMember = (secondsAgo = 60, overrides: Parameters<typeof member>[0] = {}) =>
  member({ signup_date: new Date(NOW - secondsAgo * 1000).toISOString(), credits: 0, ...overrides });

let env: TestEnvironment;
let stop: (() => void) | undefined;

function setUp(api: ApiClient) {
  env = testEnvironment({ api });
  // Listening is what makes the stores follow the session.
  const stops = [$activeDiscountCode.listen(() => {}), $timeBonus.listen(() => {})];
  stop = () => stops.forEach((s) => s());
}

/** Moves the test clock and the timers together. */
async function advance(ms: number) {
  env.advance(ms);
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  $session.set({ status: 'loading' });
});
afterEach(() => {
  stop?.();
  stop = undefined;
  $session.set({ status: 'loading' });
  // The stores stop following the session a moment after the last listener left (a computed
  // store lets go of its sources only after its own delay).
  vi.advanceTimersByTime(5_000);
  vi.useRealTimers();
});

describe('countdown parts', () => {
  it('are zero-padded hours, minutes and seconds', () => {
    expect(countdownTimer(14_400)).toEqual({ hours: '04', minutes: '00', seconds: '00' });
    expect(countdownTimer(3_725)).toEqual({ hours: '01', minutes: '02', seconds: '05' });
    expect(countdownTimer(0)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
  });

  it('show the welcome discount left in hours, or in minutes below one hour', () => {
    expect(timeLeft(14_399)).toEqual({ key: 'left_hours', count: 3 });
    expect(timeLeft(3_600)).toEqual({ key: 'left_hours', count: 1 });
    expect(timeLeft(3_599)).toEqual({ key: 'left_minutes', count: 60 });
    expect(timeLeft(61)).toEqual({ key: 'left_minutes', count: 2 });
    expect(timeLeft(5)).toEqual({ key: 'left_minutes', count: 1 });
  });

  it('a time bonus only for unpaid members within 14 400 s of signup', () => {
    expect(mayHaveTimeBonus(newMember(14_399), NOW)).toBe(true);
    expect(mayHaveTimeBonus(newMember(14_400), NOW)).toBe(false);
    expect(mayHaveTimeBonus(newMember(60, { paid_user: true }), NOW)).toBe(false);
  });
});

describe('$timeBonus', () => {
  it('counts down every second from the seconds the server gave, and is cleared at zero', async () => {
    const { api } = discountApi({ expiresIn: 3 });
    setUp(api);
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    const first = $timeBonus.get() as TimeBonus;
    expect(first).toMatchObject({ code: 'TIMEBONUS25', isVisible: true, value_percentage: '25.0' });
    expect(first.countdownTimer).toEqual({ hours: '00', minutes: '00', seconds: '03' });
    expect($activeDiscountCode.get()?.code).toBe('TIMEBONUS25');
    await advance(TIME_BONUS_TICK_MS);
    expect($timeBonus.get()?.countdownTimer.seconds).toBe('02');
    await advance(TIME_BONUS_TICK_MS);
    expect($timeBonus.get()?.countdownTimer.seconds).toBe('01');
    await advance(TIME_BONUS_TICK_MS);
    expect($timeBonus.get()).toBeNull();
    // The welcome discount is the active code once the time bonus is gone.
    expect($activeDiscountCode.get()?.code).toBe('WELCOME25');
  });

  it('is cleared on logout and loaded again at the next login', async () => {
    const { api, calls } = discountApi({ expiresIn: 600 });
    setUp(api);
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()).not.toBeNull();
    $session.set({ status: 'guest' });
    expect($timeBonus.get()).toBeNull();
    expect($activeDiscountCode.get()).toBeNull();
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()?.countdownTimer).toEqual({ hours: '00', minutes: '10', seconds: '00' });
    expect(calls.filter((c) => c === 'time_bonus')).toHaveLength(2);
  });

  it('goes when the member becomes a paid user, and never comes for old or paid members', async () => {
    const { api, calls } = discountApi({ expiresIn: 600 });
    setUp(api);
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()).not.toBeNull();
    $session.set({ status: 'member', user: newMember(60, { paid_user: true }) });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()).toBeNull();
    $session.set({ status: 'member', user: newMember(20_000, { id: 'old' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()).toBeNull();
    // Only the first member was worth asking.
    expect(calls.filter((c) => c === 'time_bonus')).toHaveLength(1);
  });

  it('asks for the welcome discount only while the member has not bought yet', async () => {
    const { api, calls } = discountApi({ expiresIn: 600 });
    setUp(api);
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c === 'welcome')).toHaveLength(1);
    $session.set({ status: 'member', user: newMember(60, { paid_user: true }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c === 'welcome')).toHaveLength(1);
    expect($welcomeDiscount.get()).toBeNull();
    expect($activeDiscountCode.get()).toBeNull();
  });

  it('a refused time bonus and a refused welcome code leave none, silently', async () => {
    const { api } = discountApi({ bonus: 'refused', welcome: 'refused' });
    setUp(api);
    $session.set({ status: 'member', user: newMember() });
    await vi.advanceTimersByTimeAsync(0);
    expect($timeBonus.get()).toBeNull();
    expect($activeDiscountCode.get()).toBeNull();
    expect(env.reported).toEqual([]);
  });
});

describe('the time-bonus modal', () => {
  async function withBonus(user = newMember()) {
    const { api } = discountApi({ expiresIn: 14_000 });
    setUp(api);
    $session.set({ status: 'member', user });
    await vi.advanceTimersByTimeAsync(0);
  }

  it('opens 40 s after entering, for a member with 0 credits and a visible time bonus', async () => {
    await withBonus();
    const modal = createTimeBonusModalStore();
    modal.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS - 1);
    expect(modal.$open.get()).toBe(false);
    await advance(1);
    expect(modal.$open.get()).toBe(true);
  });

  it('stays closed with credits left or without a time bonus', async () => {
    await withBonus(newMember(60, { credits: 5 }));
    const withCredits = createTimeBonusModalStore();
    withCredits.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    expect(withCredits.$open.get()).toBe(false);

    $session.set({ status: 'member', user: newMember(20_000, { id: 'old' }) });
    await vi.advanceTimersByTimeAsync(0);
    const noBonus = createTimeBonusModalStore();
    noBonus.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    expect(noBonus.$open.get()).toBe(false);
  });

  it('leaving the members area cancels the wait', async () => {
    await withBonus();
    const modal = createTimeBonusModalStore();
    modal.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS / 2);
    modal.leave();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    expect(modal.$open.get()).toBe(false);
  });

  it('closing stores the dismissal time, and it does not come back', async () => {
    await withBonus();
    const modal = createTimeBonusModalStore();
    modal.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    modal.dismiss();
    expect(modal.$open.get()).toBe(false);
    expect(env.storage?.getItem(TIME_BONUS_MODAL_DISMISSED_KEY)).toBe(String(env.now()));
    const again = createTimeBonusModalStore();
    again.enter();
    await advance(TIME_BONUS_MODAL_DELAY_MS);
    expect(again.$open.get()).toBe(false);
  });
});
