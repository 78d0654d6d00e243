/**
 * The action of banner (c) "Enable push notifications" (SPEC §2.4): its button subscribes
 * this browser through the push store (src/stores/push.ts: permission, the push worker,
 * POST /api/user.php?push=1). Loaded with PushBanner.tsx, outside the shell's first load.
 */
import { atom } from 'nanostores';
import { browserPush, initPush, subscribePush, type PushBrowser } from '#src/stores/push.ts';

/**
 * idle: the button is offered; subscribing: the browser asks or the subscription is sent;
 * refused: the member did not allow notifications; failed: the subscription could not be made
 * or stored (the button is offered again).
 */
export type PushBannerAction = 'idle' | 'subscribing' | 'refused' | 'failed';

export const $pushBannerAction = atom<PushBannerAction>('idle');

/** Reads this browser's push state (capability, refusal, existing subscription); never throws. */
export async function readPushState(browser: PushBrowser = browserPush()): Promise<void> {
  try {
    await initPush(browser);
  } catch {
    // No service worker registration readable: the state stays "not capable", no banner.
  }
}

/** The banner's button: subscribes; the state says how it ended. */
export async function enablePush(browser: PushBrowser = browserPush()): Promise<void> {
  if ($pushBannerAction.get() === 'subscribing') return;
  $pushBannerAction.set('subscribing');
  try {
    $pushBannerAction.set((await subscribePush(browser)) ? 'idle' : 'refused');
  } catch {
    $pushBannerAction.set('failed');
  }
}

/** Tests: back to the first state. */
export function resetPushBanner(): void {
  $pushBannerAction.set('idle');
}
