/**
 * Picks the payment provider of the configuration (PAYMENTS): 'sandbox' (the default
 * outside production), 'mollie' (mollie/, with MOLLIE_API_KEY) or 'none' (the default in
 * production: buying answers payment_provider_unavailable). A real provider is one more
 * adapter folder here and one more PAYMENTS value in env.ts (docs/payments.md).
 */
import type { Db } from '#src/server/db/client.ts';
import type { Config } from '#src/server/env.ts';
import { createMollieProvider } from './mollie/index.ts';
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

export function createPaymentProvider(
  config: Pick<Config, 'payments' | 'mollie'>,
  db: Db,
  now: () => Date,
): PaymentProvider {
  if (config.payments === 'sandbox') return createSandboxProvider({ db, now });
  if (config.payments === 'mollie' && config.mollie) return createMollieProvider({ ...config.mollie, now });
  return createNoPaymentProvider();
}
