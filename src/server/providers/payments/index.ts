/**
 * Picks the payment provider of the configuration (PAYMENTS): 'sandbox' (the default
 * outside production), 'mollie' (mollie/, with MOLLIE_API_KEY) or 'none' (the default in
 * production: buying answers payment_provider_unavailable). A real provider is one more
 * adapter folder here and one more PAYMENTS value in env.ts (docs/payments.md). Mollie's client
 * library loads only with PAYMENTS=mollie, in the background as the provider is made: a process
 * without it never holds it (docs/operations.md "Memory of a process").
 */
import type { Db } from '#src/server/db/client.ts';
import type { Config } from '#src/server/env.ts';
import type { MollieOptions, MollieProvider } from './mollie/index.ts';
import { createSandboxProvider } from './sandbox.ts';
import { ProviderUnavailable, WebhookRejected, type PaymentProvider } from './types.ts';

export type { CheckoutRequest, PaymentEvent, PaymentProvider } from './types.ts';
export { ProviderUnavailable, WebhookRejected } from './types.ts';

/** No payment service: every payment call fails as unavailable, every webhook is refused. */
export function createNoPaymentProvider(): PaymentProvider {
  const unavailable = () => Promise.reject(new ProviderUnavailable('no payment provider is configured (PAYMENTS)'));
  return {
    name: 'none',
    createCheckout: unavailable,
    chargeStored: unavailable,
    refund: unavailable,
    // It never opened a checkout, so there is none to end.
    cancelCheckout: () => Promise.resolve(),
    parseWebhook: () => Promise.reject(new WebhookRejected('no payment provider is configured')),
  };
}

/** Mollie's provider; its calls wait for the client library, which starts loading now. */
function mollieProvider(options: MollieOptions): MollieProvider {
  const loading = import('./mollie/index.ts').then(({ createMollieProvider }) => createMollieProvider(options));
  // A failed load is the first call's error, not an unhandled rejection.
  loading.catch(() => undefined);
  const provider = () => loading;
  return {
    name: 'mollie',
    createCheckout: async (request) => (await provider()).createCheckout(request),
    chargeStored: async (token, request) => (await provider()).chargeStored(token, request),
    parseWebhook: async (request) => (await provider()).parseWebhook(request),
    cancelCheckout: async (request) => (await provider()).cancelCheckout(request),
    readPayment: async (id) => (await provider()).readPayment(id),
    availableMethods: async (request) => (await provider()).availableMethods(request),
    registerMandate: async (request) => (await provider()).registerMandate(request),
    refund: async (request) => (await provider()).refund(request),
  };
}

export function createPaymentProvider(
  config: Pick<Config, 'payments' | 'mollie'>,
  db: Db,
  now: () => Date,
): PaymentProvider {
  if (config.payments === 'sandbox') return createSandboxProvider({ db, now });
  if (config.payments === 'mollie' && config.mollie) return mollieProvider({ ...config.mollie, now });
  return createNoPaymentProvider();
}
