/**
 * What the credits and payment screens share (SPEC §2.7 'Credits', 'Payment', §3 'Order /
 * payment'): the bundles of the payment country, the payment country itself (the SPEC's client
 * state paymentCountry), the chosen payment method and the discount code that applies.
 *
 * - $packages: the answer of packages.php for the payment country (idle, loading, ready,
 *   error). `loadPackages()` asks again only when the country changed or the last load failed.
 * - $paymentCountry: null for the member's profile country, else one of the site's countries.
 * - $chosenMethod: the method the member picked from the list; `methodFor(data)` falls back to
 *   the stored method of the last order, then the first method of the country.
 * - $discount: the code entered by the member, else the offered one (time bonus, else the
 *   welcome discount: $activeDiscountCode), unless the member removed it. `discountForm`
 *   checks an entered code with discountcode.php (refusals such as 'Code not found' or 'Code
 *   already used' come from the server, in the member's language).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { getPackages, type PackagesData, type PaymentMethod } from '#src/contract/billing.ts';
import { discountCodeString, getDiscountCode, type DiscountCode } from '#src/contract/discounts.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { $activeDiscountCode } from '#src/stores/time-bonus.ts';

export type PackagesLoad =
  | { status: 'idle' }
  | { status: 'loading'; country: string | null }
  | { status: 'ready'; country: string | null; data: PackagesData }
  | { status: 'error'; country: string | null };

const $load = atom<PackagesLoad>({ status: 'idle' });
const $country = atom<string | null>(null);
const $method = atom<PaymentMethod | null>(null);
const $entered = atom<DiscountCode | null>(null);
const $offerRemoved = atom(false);

export const $packages: ReadableAtom<PackagesLoad> = $load;
export const $paymentCountry: ReadableAtom<string | null> = $country;
export const $chosenMethod: ReadableAtom<PaymentMethod | null> = $method;

export interface AppliedDiscount {
  code: DiscountCode;
  /** 'offer': the time bonus or welcome discount; 'entered': typed in by the member. */
  source: 'offer' | 'entered';
}

/** The code the screens price with, or null. */
export const $discount: ReadableAtom<AppliedDiscount | null> = computed(
  [$entered, $activeDiscountCode, $offerRemoved],
  (entered, offer, removed): AppliedDiscount | null => {
    if (entered) return { code: entered, source: 'entered' };
    return offer && !removed ? { code: offer, source: 'offer' } : null;
  },
);

let generation = 0;

/** Loads the bundles of the payment country, unless they are loaded or on their way. */
export async function loadPackages(options: { force?: boolean } = {}): Promise<void> {
  const country = $country.get();
  const current = $load.get();
  if (!options.force && current.status !== 'idle' && current.status !== 'error' && current.country === country) return;
  const mine = ++generation;
  $load.set({ status: 'loading', country });
  try {
    const data = await environment().api.call(getPackages, { query: country ? { country } : {} });
    if (mine === generation) $load.set({ status: 'ready', country, data });
  } catch {
    if (mine === generation) $load.set({ status: 'error', country });
  }
}

/** Pays from another of the site's countries: its currency, prices and methods. */
export function choosePaymentCountry(country: string): Promise<void> {
  const current = $load.get();
  if (current.status === 'ready' && current.data.country === country) return Promise.resolve();
  $country.set(country);
  return loadPackages();
}

export function chooseMethod(method: PaymentMethod): void {
  $method.set(method);
}

/** The method to offer: the chosen one, else the stored one, else the country's first; null when none. */
export function methodFor(data: PackagesData, chosen: PaymentMethod | null): PaymentMethod | null {
  const offered = data.methods.map((m) => m.key);
  if (chosen && offered.includes(chosen)) return chosen;
  const stored = data.stored_method?.method;
  if (stored && offered.includes(stored)) return stored;
  return offered[0] ?? null;
}

/**
 * Checks a code the member typed for the payment country; it then replaces the offered code.
 * A malformed code is refused without asking ('Code not found', as the server would).
 */
export const discountForm = createForm(
  async (text: string) => {
    const parsed = discountCodeString.safeParse(text);
    if (!parsed.success) throw new CheckError('discounts.code_not_found', 'code');
    const current = $load.get();
    const country = current.status === 'ready' ? current.data.country : $country.get();
    const { discount } = await environment().api.call(getDiscountCode, {
      query: { code: parsed.data, ...(country ? { country } : {}) },
    });
    $entered.set(discount);
    return discount;
  },
  { repeatable: true },
);

/** Takes the applied code off: an entered one, or the offer (until the member enters a code). */
export function removeDiscount(): void {
  if ($entered.get()) $entered.set(null);
  else $offerRemoved.set(true);
  discountForm.reset();
}

/** Forgets everything (logout, tests). */
export function resetCredits(): void {
  generation++;
  $load.set({ status: 'idle' });
  $country.set(null);
  $method.set(null);
  $entered.set(null);
  $offerRemoved.set(false);
  discountForm.reset();
}
