/**
 * The push switch of the settings (SPEC §4 Push) for this browser: `$ready` once the
 * browser's state is known (initPush), and `form`, which subscribes or unsubscribes through
 * the push store (src/stores/push.ts). A failure has one text, 'push.settings.failed': the
 * browser, its push service and the server may each refuse, and the member's way out is
 * the same. The browser is passed in, so tests use a fake one.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { CheckError } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { browserPush, initPush, subscribePush, unsubscribePush, type PushBrowser } from '#src/stores/push.ts';

export interface PushSwitch {
  $ready: ReadableAtom<boolean>;
  /** Reads the browser's state; the switch is ready afterwards, even when that failed. */
  prepare: () => Promise<void>;
  /** Turns push on or off for this browser. */
  form: Form<[on: boolean], void>;
}

export function createPushSwitch(browser: PushBrowser = browserPush()): PushSwitch {
  const $ready = atom(false);
  return {
    $ready,
    prepare: () =>
      initPush(browser)
        .catch(() => undefined)
        .finally(() => $ready.set(true)),
    form: createForm(
      async (on: boolean) => {
        try {
          if (on) await subscribePush(browser);
          else await unsubscribePush(browser);
        } catch {
          throw new CheckError('push.settings.failed');
        }
      },
      { repeatable: true },
    ),
  };
}
