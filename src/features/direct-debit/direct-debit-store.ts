/**
 * Paying by SEPA direct debit (SPEC §2.7 'Direct debit (directdebit)', §5 'SMS one-time
 * code', §8 'Payment and direct debit'; contract src/contract/direct-debit.ts):
 *
 * 1. `loadDebitOrder` reads what is paid: `/directdebit?order={payment_id}` (the credits
 *    screens made an 'sdd' order) or `/directdebit?package=p1` (the order is made by start).
 * 2. The form (`$debitDetails`, `startForm`): account holder, IBAN (shown in groups of
 *    four), address, country, mobile number and the one-time authorization; the IBAN's
 *    check digits and the ticked box are checked here first, the rest by the server.
 * 3. The SMS step (`$debitStep`, `verifyForm`, `resendForm`): the code, a new code once
 *    `$resendIn` reaches 0; the right code goes to /transactions/{payment_id}.
 *
 * Every refusal is the form's error, in the member's language.
 */
import { atom, computed, map, onMount } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { getPackages, getTransaction, type PackageKey, PACKAGE_KEYS } from '#src/contract/billing.ts';
import {
  DIRECT_DEBIT_CODE_LENGTH,
  SEPA_COUNTRIES,
  postDirectDebitResend,
  postDirectDebitStart,
  postDirectDebitVerify,
  type DebitCodeSent,
} from '#src/contract/direct-debit.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm } from '#src/stores/form.ts';
import { navigate } from '#src/stores/router.ts';

export type SepaCountry = (typeof SEPA_COUNTRIES)[number];

/** What the member pays. `paymentId` is null until the order exists (a bundle bought from here). */
export interface DebitOrder {
  paymentId: string | null;
  packageKey: PackageKey;
  credits: number;
  amountMinor: number;
  currency: string;
  /** The payment country: the form's default address country. */
  country: string;
}

export type DebitLoad =
  | { status: 'loading' }
  | { status: 'ready'; order: DebitOrder }
  /** The order was submitted (or paid) already: the result screen shows it. */
  | { status: 'closed'; paymentId: string }
  /** No such order, not an 'sdd' one, or a bundle direct debit does not pay. */
  | { status: 'missing' }
  | { status: 'error' };

export const $debitLoad = atom<DebitLoad>({ status: 'loading' });

export interface DebitDetails {
  holder: string;
  /** As shown: upper case in groups of four. */
  iban: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: SepaCountry;
  phone: string;
  authorize: boolean;
}

const emptyDetails = (country: SepaCountry = 'NL'): DebitDetails => ({
  holder: '',
  iban: '',
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  country,
  phone: '',
  authorize: false,
});

export const $debitDetails = map<DebitDetails>(emptyDetails());

export type DebitStep = { step: 'form' } | { step: 'code'; sent: DebitCodeSent; receivedAt: number };

export const $debitStep = atom<DebitStep>({ step: 'form' });

/** The IBAN as the member reads it: 'nl91abna…' → 'NL91 ABNA 0417 1643 00'. */
export function groupIban(value: string): string {
  const compact = electronicIban(value).slice(0, 34);
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN without spaces or separators, upper case. */
export function electronicIban(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The IBAN's ISO 13616 check (country letters, length, mod 97); the server checks its country's format too. */
export function ibanChecksumOk(value: string): boolean {
  const iban = electronicIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

export function setDetail<K extends keyof DebitDetails>(key: K, value: DebitDetails[K]): void {
  $debitDetails.set({ ...$debitDetails.get(), [key]: key === 'iban' ? groupIban(value as string) : value });
}

const isSepa = (country: string): country is SepaCountry => (SEPA_COUNTRIES as readonly string[]).includes(country);

/** Reads the order or bundle of the page's query and starts at the form. */
export async function loadDebitOrder(search: Record<string, string>): Promise<void> {
  $debitLoad.set({ status: 'loading' });
  $debitStep.set({ step: 'form' });
  const { api } = environment();
  try {
    let order: DebitOrder | null = null;
    if (search['order']) {
      const { order: existing } = await api.call(getTransaction, { query: { id: search['order'] } });
      if (existing.method === 'sdd' && existing.status !== 'created') {
        $debitLoad.set({ status: 'closed', paymentId: existing.payment_id });
        return;
      }
      if (existing.method === 'sdd') {
        order = {
          paymentId: existing.payment_id,
          packageKey: existing.package,
          credits: existing.credits,
          amountMinor: existing.amount_minor,
          currency: existing.currency,
          country: existing.country,
        };
      }
    } else if (PACKAGE_KEYS.includes(search['package'] as PackageKey)) {
      const data = await api.call(getPackages);
      const pkg = data.packages.find((p) => p.key === search['package']);
      if (pkg?.methods.includes('sdd')) {
        order = {
          paymentId: null,
          packageKey: pkg.key,
          credits: pkg.credits,
          amountMinor: pkg.price_minor,
          currency: pkg.currency,
          country: data.country,
        };
      }
    }
    if (!order) {
      $debitLoad.set({ status: 'missing' });
      return;
    }
    if (!$debitDetails.get().holder && isSepa(order.country)) $debitDetails.setKey('country', order.country);
    $debitLoad.set({ status: 'ready', order });
  } catch (error) {
    $debitLoad.set({ status: error instanceof ApiError && error.code === 'not_found' ? 'missing' : 'error' });
  }
}

function readyOrder(): DebitOrder {
  const load = $debitLoad.get();
  if (load.status !== 'ready') throw new Error('direct debit: no order to pay');
  return load.order;
}

function showCode(sent: DebitCodeSent): void {
  $debitStep.set({ step: 'code', sent, receivedAt: environment().now() });
  refreshClock();
}

/** Checks the form, asks the server to send the code; the SMS step follows. */
export const startForm = createForm(
  async () => {
    const order = readyOrder();
    const details = $debitDetails.get();
    if (!ibanChecksumOk(details.iban)) throw new CheckError('direct_debit.form.iban_invalid', 'iban');
    if (!details.authorize) throw new CheckError('direct_debit.form.authorize_missing', 'authorize');
    const sent = await environment().api.call(postDirectDebitStart, {
      body: {
        ...(order.paymentId ? { order: order.paymentId } : { package: order.packageKey }),
        holder: details.holder,
        iban: electronicIban(details.iban),
        street: details.street,
        house_number: details.houseNumber,
        postal_code: details.postalCode,
        city: details.city,
        country: details.country,
        phone: details.phone,
        authorize: true,
      },
    });
    // The order exists now: starting again pays this one.
    $debitLoad.set({ status: 'ready', order: { ...order, paymentId: sent.payment_id } });
    return sent;
  },
  {
    repeatable: true,
    onDone: (sent) => {
      verifyForm.reset();
      resendForm.reset();
      showCode(sent);
    },
  },
);

function codeStep() {
  const step = $debitStep.get();
  if (step.step !== 'code') throw new Error('direct debit: no code was sent');
  return step;
}

/** The SMS code: the right one submits the debit and opens the order's result. */
export const verifyForm = createForm(
  async (code: string) => {
    const entered = code.replace(/\D/g, '');
    if (entered.length !== DIRECT_DEBIT_CODE_LENGTH) {
      throw new CheckError('direct_debit.code.length', 'code', { length: DIRECT_DEBIT_CODE_LENGTH });
    }
    return environment().api.call(postDirectDebitVerify, { body: { session: codeStep().sent.session, code: entered } });
  },
  { onDone: (answer) => navigate(`/transactions/${encodeURIComponent(answer.payment_id)}`) },
);

/** A new code to the same number (the old one stops working). */
export const resendForm = createForm(
  () => environment().api.call(postDirectDebitResend, { body: { session: codeStep().sent.session } }),
  {
    repeatable: true,
    onDone: (sent) => {
      verifyForm.reset();
      showCode(sent);
    },
  },
);

/** Back from the SMS step to the form (to correct the number or the IBAN). */
export function changeDetails(): void {
  verifyForm.reset();
  resendForm.reset();
  startForm.reset();
  $debitStep.set({ step: 'form' });
}

/** The clock of the countdown: ticks every second while the SMS step is shown. */
const $clock = atom(0);
onMount($clock, () => {
  refreshClock();
  const timer = setInterval(refreshClock, 1000);
  return () => clearInterval(timer);
});

/** Reads the environment's clock now (the countdown's tick; tests call it after moving time). */
export function refreshClock(): void {
  $clock.set(environment().now());
}

/** Seconds until a new code may be asked (0: the resend button works). */
export const $resendIn = computed([$debitStep, $clock], (step, now) => {
  if (step.step !== 'code') return 0;
  const passed = Math.floor(Math.max(0, now - step.receivedAt) / 1000);
  return Math.max(0, step.sent.resend_in - passed);
});

/** Back to the start (leaving the screen; tests). */
export function resetDirectDebit(): void {
  $debitLoad.set({ status: 'loading' });
  $debitStep.set({ step: 'form' });
  $debitDetails.set(emptyDetails());
  startForm.reset();
  verifyForm.reset();
  resendForm.reset();
}
