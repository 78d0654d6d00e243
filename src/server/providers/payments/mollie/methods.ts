/**
 * Our payment methods (PAYMENT_METHOD_RULES) as Mollie's method ids, and which of them the
 * Mollie profile can take now.
 *
 * - Card brands open Mollie's card form (`creditcard`): Visa, Mastercard, Maestro, Carte
 *   Bancaire (co-badged cards), Dankort and Nexi cards (co-badged Visa/Mastercard) all pay
 *   there; Mollie has no method of their own for them.
 * - giropay (closed by its operator at the end of 2024) and Sofort (ended by Klarna in 2024)
 *   have no Mollie method any more: `null`, so they are never offered with Mollie
 *   (docs/payments.md 'Methods with Mollie').
 * - Which methods a profile has activated comes from Mollie's methods API (amount, currency
 *   and billing country given, Apple Pay included), kept METHODS_TTL_MS per question; when
 *   Mollie cannot be asked, the last answer is used, else every mapped method (the checkout
 *   then says what it cannot take).
 */
import { PaymentMethod as MollieMethod, SequenceType, type MollieClient } from '@mollie/api-client';
import { PAYMENT_METHODS, type PaymentMethod } from '#src/contract/billing.ts';
import type { MethodsRequest } from '../types.ts';
import { toMollieAmount } from './amounts.ts';

/** Mollie's method id of each of ours; null: Mollie has none (the method is not offered). */
export const MOLLIE_METHOD: Readonly<Record<PaymentMethod, MollieMethod | null>> = {
  creditcard: MollieMethod.creditcard,
  visa: MollieMethod.creditcard,
  mastercard: MollieMethod.creditcard,
  maestro: MollieMethod.creditcard,
  cartebancaire: MollieMethod.creditcard,
  dankort: MollieMethod.creditcard,
  nexi: MollieMethod.creditcard,
  applepay: MollieMethod.applepay,
  googlepay: MollieMethod.googlepay,
  paypal: MollieMethod.paypal,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  sofort: null,
  giropay: null,
  eps: MollieMethod.eps,
  prezelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
  mobilepay: MollieMethod.mobilepay,
  swish: MollieMethod.swish,
  twint: MollieMethod.twint,
  satispay: MollieMethod.satispay,
  vipps: MollieMethod.vipps,
  klarna: MollieMethod.klarna,
  trustly: MollieMethod.trustly,
  paysafecard: MollieMethod.paysafecard,
  sct: MollieMethod.banktransfer,
  sdd: MollieMethod.directdebit,
};

/** How long an answer of the methods API is used (activations are rare; a new one shows within this). */
export const METHODS_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 500;

/** Our methods that the given Mollie method ids cover. */
export function methodsOf(mollieIds: Iterable<string>): Set<PaymentMethod> {
  const active = new Set<string>(mollieIds);
  return new Set(
    PAYMENT_METHODS.filter((m) => {
      const id = MOLLIE_METHOD[m];
      // SEPA direct debit runs on a mandate we register (recurring), not on a checkout: Mollie
      // lists it under sequenceType 'first'/'recurring' only, so its activation is asked apart.
      return id !== null && active.has(id);
    }),
  );
}

/** Every method Mollie has (the answer when its methods API cannot be reached). */
export const ALL_MAPPED: ReadonlySet<PaymentMethod> = new Set(PAYMENT_METHODS.filter((m) => MOLLIE_METHOD[m] !== null));

export function createMethodsCache(client: MollieClient, now: () => Date) {
  const answers = new Map<string, { at: number; methods: ReadonlySet<PaymentMethod> }>();

  const ask = async (request: MethodsRequest): Promise<Set<string>> => {
    const amount = toMollieAmount(request.amountMinor, request.currency);
    const [oneOff, recurring] = await Promise.all([
      client.methods.list({
        amount,
        billingCountry: request.country,
        includeWallets: 'applepay',
        resource: 'payments',
      }),
      // Direct debit: available when the profile may collect on mandates.
      client.methods.list({ amount, billingCountry: request.country, sequenceType: SequenceType.recurring }),
    ]);
    const ids = new Set<string>(oneOff.map((m) => m.id));
    if (recurring.some((m) => m.id === MollieMethod.directdebit)) ids.add(MollieMethod.directdebit);
    else ids.delete(MollieMethod.directdebit);
    return ids;
  };

  return async function availableMethods(request: MethodsRequest): Promise<ReadonlySet<PaymentMethod>> {
    const key = `${request.currency}:${request.amountMinor}:${request.country}`;
    const known = answers.get(key);
    const at = now().getTime();
    if (known && at - known.at < METHODS_TTL_MS) return known.methods;
    try {
      const methods = methodsOf(await ask(request));
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value ?? key);
      answers.delete(key);
      answers.set(key, { at, methods });
      return methods;
    } catch (error) {
      console.error(`[payments] Mollie's methods could not be read (${key}):`, (error as Error).message);
      return known?.methods ?? ALL_MAPPED;
    }
  };
}
