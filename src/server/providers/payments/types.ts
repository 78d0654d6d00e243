/**
 * The payment provider interface (docs/payments.md 'Adding a provider'). Billing
 * (src/server/features/billing) speaks only this; the sandbox (sandbox.ts) is the offline
 * default, a real payment service is one more adapter file next to it.
 */
import type { PaymentMethod } from '#src/contract/billing.ts';
import type { Locale } from '#src/lib/locales.ts';

/** What a provider needs to take one payment. Amounts in minor units of `currency`. */
export interface CheckoutRequest {
  /** Our order's public id (the provider's merchant reference). */
  paymentId: string;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  /** The payment country. */
  country: string;
  /** The payer's language (the hosted page's). */
  locale: Locale;
  /** The site's brand and what is bought, for the hosted page and bank statements. */
  brand: string;
  credits: number;
  /** Where the payer returns when done: /transactions/{paymentId} on the member's site. */
  returnUrl: string;
  /** The origin of this API (hosted sandbox pages live there; webhooks are sent there). */
  apiOrigin: string;
  /** The payer may store the method for repeat orders (storable methods only). */
  offerStoring: boolean;
}

export interface CheckoutSession {
  /** The provider's id of the checkout. */
  sessionId: string;
  /** Where to send the payer's browser. */
  redirectUrl: string;
}

export type PaymentEventType = 'pending' | 'completed' | 'failed' | 'cancelled' | 'refunded' | 'chargeback';

/** A provider message about a payment, verified (signature checked) and normalized. */
export interface PaymentEvent {
  /** The provider's event id: the same message delivered again has the same id. */
  id: string;
  type: PaymentEventType;
  /** Our order's public id. */
  paymentId: string;
  /** The provider's payment id (refunds need it). */
  providerRef?: string;
  occurredAt: Date;
  /** With 'completed' when the payer chose to store the method: its token and label. */
  storedMethod?: { token: string; label: string; method: PaymentMethod };
  /** With 'refunded': the money paid back, in minor units (all of it when absent). */
  amountMinor?: number;
  /** Why a payment failed (a provider code, kept for support). */
  reason?: string;
  /** The message as received, kept in payment_events. */
  raw: Record<string, unknown>;
}

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/** The provider could not be reached or refused the request (not the payer's decision). */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/** A signed one-time SEPA direct debit mandate, registered with the payment service. */
export interface MandateRequest {
  reference: string;
  holder: string;
  /** Electronic format, only for the payment service. */
  iban: string;
  signedAt: Date;
}

/** Which methods can pay an amount now (the provider's account may not have all activated). */
export interface MethodsRequest {
  amountMinor: number;
  currency: string;
  /** The payment country. */
  country: string;
}

export interface PaymentProvider {
  /** Stored with every order and event ('sandbox', 'mollie'...). */
  readonly name: string;
  /** Opens a hosted checkout for an order. Throws ProviderUnavailable. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Charges a stored method (a repeat order) without the payer: answers the attempt's
   * events at once ('completed', 'failed' with a reason, or 'pending'); webhooks with the
   * same event ids may follow and change nothing. Throws ProviderUnavailable.
   */
  chargeStored(token: string, request: CheckoutRequest): Promise<PaymentEvent[]>;
  /**
   * Verifies and reads a webhook request (the raw body as received). Throws WebhookRejected
   * for a bad or stale signature: nothing in it may be trusted then.
   */
  parseWebhook(request: { body: string; headers: Headers }): Promise<PaymentEvent[]>;
  /**
   * Ends an unpaid checkout (an order superseded by a newer one): its page stops taking
   * payments. A payment the payer finished just before may still arrive as a completion.
   * Throws ProviderUnavailable.
   */
  cancelCheckout(request: { paymentId: string; sessionId: string }): Promise<void>;
  /**
   * Reads a payment's present state at the provider (its id: an order's provider_ref or
   * provider_session) as events, for a provider whose webhooks carry no state (Mollie): the
   * transaction screen asks while an order is open, so a missed or unreachable webhook (a
   * local origin) does not leave it open. Unknown payment: no events. Throws ProviderUnavailable.
   */
  readPayment?(providerPaymentId: string): Promise<PaymentEvent[]>;
  /**
   * The methods the provider can take for such a payment now; absent or null: every method
   * of PAYMENT_METHOD_RULES (the sandbox). Billing offers and accepts only these.
   */
  availableMethods?(request: MethodsRequest): Promise<ReadonlySet<PaymentMethod> | null>;
  /**
   * Registers a signed SEPA mandate; answers the token chargeStored collects with. Absent:
   * the provider takes no direct debit (the direct-debit feature's gateway decides).
   * Throws ProviderUnavailable.
   */
  registerMandate?(request: MandateRequest): Promise<string>;
  /** Pays back part or all of a completed payment. Throws ProviderUnavailable. */
  refund(request: {
    paymentId: string;
    providerRef: string | null;
    amountMinor: number;
    currency: string;
  }): Promise<{ refundRef: string }>;
}
