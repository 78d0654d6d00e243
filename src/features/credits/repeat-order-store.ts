/**
 * Repeating the last order (SPEC §2.7 'Repeat order', §4 'Payment'): what would be bought
 * (GET repeat-order.php: the last completed order's bundle at today's price and its method,
 * with the stored method when it is charged without a checkout) and one button to buy it
 * again (POST repeat-order.php), which goes where the answer says (`followOrder`).
 *
 * A stored card or PayPal account is charged without a checkout, so the member confirms
 * first: `buy()` opens the confirmation (`$confirming`: bundle, price and method on screen)
 * and only its 'Confirm and pay' submits `repeatForm`. Without a stored method `buy()`
 * submits at once: the provider's checkout is the confirmation there.
 *
 * When the stored card is declined (402 stored_payment_failed) the failed order is kept and
 * `$storedFailed` holds the server's text; the screen then offers 'Try again' with manual
 * card entry or a wallet through the normal payment screen.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getRepeatOrder, postRepeatOrder } from '#src/contract/billing.ts';
import { ApiError } from '#src/client/api.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { followOrder } from './payment-store.ts';

type Repeat = NonNullable<Awaited<ReturnType<typeof loadRepeat>>>;

function loadRepeat() {
  return environment()
    .api.call(getRepeatOrder)
    .then((answer) => answer.repeat);
}

export type RepeatState =
  | { status: 'loading' }
  | { status: 'error' }
  /** Nothing bought yet. */
  | { status: 'none' }
  | { status: 'ready'; repeat: Repeat };

export interface RepeatOrderStore {
  $state: ReadableAtom<RepeatState>;
  /** The stored-card refusal's text, or null. */
  $storedFailed: ReadableAtom<string | null>;
  /** The confirmation of a charge on the stored method is on screen. */
  $confirming: ReadableAtom<boolean>;
  load: () => Promise<void>;
  /** The buy button: the confirmation for a stored method, the checkout otherwise. */
  buy: () => void;
  /** Closes the confirmation without buying. */
  cancel: () => void;
  /** Buys (for a stored method: the confirmation's 'Confirm and pay'). */
  repeatForm: Form<[], unknown>;
}

export function createRepeatOrderStore(): RepeatOrderStore {
  const $state = atom<RepeatState>({ status: 'loading' });
  const $storedFailed = atom<string | null>(null);
  const $confirming = atom(false);

  async function load(): Promise<void> {
    $state.set({ status: 'loading' });
    try {
      const repeat = await loadRepeat();
      $state.set(repeat ? { status: 'ready', repeat } : { status: 'none' });
    } catch {
      $state.set({ status: 'error' });
    }
  }

  const repeatForm = createForm(
    async () => {
      $storedFailed.set(null);
      return environment().api.call(postRepeatOrder);
    },
    {
      handle: (error) => {
        if (error instanceof ApiError && error.code === 'stored_payment_failed') {
          $confirming.set(false);
          $storedFailed.set(errorText(error));
          return true;
        }
        if (error instanceof ApiError && error.code === 'no_previous_order') {
          $state.set({ status: 'none' });
          return true;
        }
        return false;
      },
      onDone: followOrder,
    },
  );

  function buy(): void {
    const state = $state.get();
    if (state.status !== 'ready') return;
    if (state.repeat.stored_method) {
      $storedFailed.set(null);
      $confirming.set(true);
    } else void repeatForm.submit();
  }

  return { $state, $storedFailed, $confirming, load, buy, cancel: () => $confirming.set(false), repeatForm };
}
