/**
 * The Mollie payment service (PAYMENTS=mollie, MOLLIE_API_KEY), through Mollie's official
 * SDK. Billing speaks only the PaymentProvider interface (../types.ts); everything Mollie is
 * in this folder (README.md, docs/payments.md 'Mollie'):
 *
 * - createCheckout: a payment on Mollie's hosted checkout; the payer comes back to
 *   /transactions/{payment_id} (redirectUrl), Mollie calls /api/payment-webhook.php.
 *   Storable methods (cards, PayPal) are a first payment of a Mollie customer
 *   (sequenceType 'first'): once paid, its mandate is the stored method.
 * - parseWebhook: Mollie's webhook carries only `id=tr_…`; the payment is fetched from
 *   Mollie (with its refunds and chargebacks) and read as events (events.ts), which billing
 *   applies through its state machine. An id Mollie does not know answers no event.
 * - chargeStored: a recurring payment on the stored mandate (repeat orders, direct debit).
 * - registerMandate: a SEPA direct debit mandate of a new Mollie customer.
 * - refund: the refunds API. cancelCheckout: cancels the payment where Mollie allows it.
 * - availableMethods: the methods the profile has activated (methods.ts, cached).
 *
 * Amounts are minor units everywhere but in the two calls of amounts.ts.
 */
import {
  createMollieClient,
  MandateMethod,
  MollieApiError,
  PaymentEmbed,
  PaymentLineType,
  PaymentStatus,
  SequenceType,
  Locale as MollieLocale,
} from '@mollie/api-client';
import type { Locale } from '#src/lib/locales.ts';
import {
  ProviderUnavailable,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
} from '../types.ts';
import { toMollieAmount } from './amounts.ts';
import { paymentEvents, parseStoredToken, storedToken, type MollieMetadata } from './events.ts';
import { createMethodsCache, MOLLIE_METHOD } from './methods.ts';

export const MOLLIE_WEBHOOK_PATH = '/api/payment-webhook.php';

const MOLLIE_LOCALE: Readonly<Record<Locale, MollieLocale>> = {
  da: MollieLocale.da_DK,
  de: MollieLocale.de_DE,
  en: MollieLocale.en_US,
  es: MollieLocale.es_ES,
  fi: MollieLocale.fi_FI,
  fr: MollieLocale.fr_FR,
  it: MollieLocale.it_IT,
  nb: MollieLocale.nb_NO,
  nl: MollieLocale.nl_NL,
  pl: MollieLocale.pl_PL,
  sv: MollieLocale.sv_SE,
};

export interface MollieOptions {
  apiKey: string;
  /** Mollie's API root; the tests point it at their recorded answers on loopback. */
  apiEndpoint?: string | undefined;
  now: () => Date;
}

/** The webhook URL Mollie can call; none for a local origin (Mollie refuses unreachable ones). */
export function webhookUrl(apiOrigin: string): string | undefined {
  const host = new URL(apiOrigin).hostname;
  const local = host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
  return local ? undefined : `${apiOrigin}${MOLLIE_WEBHOOK_PATH}`;
}

/** Mollie could not be reached, or refused what it should not have (our side's bug or its outage). */
function unavailable(what: string, error: unknown): ProviderUnavailable {
  const status =
    error instanceof MollieApiError
      ? ` (${error.statusCode ?? 'no status'}${error.field ? `, ${error.field}` : ''})`
      : '';
  return new ProviderUnavailable(`mollie: ${what} failed${status}: ${(error as Error).message}`, { cause: error });
}

/** A refusal about the payer's side (a revoked mandate, an invalid account): not an outage. */
function isRefusal(error: unknown): error is MollieApiError {
  return error instanceof MollieApiError && (error.statusCode === 422 || error.statusCode === 404);
}

function description(request: CheckoutRequest): string {
  return `${request.brand}: ${request.credits} credits, order ${request.paymentId}`.slice(0, 255);
}

function metadata(request: CheckoutRequest): MollieMetadata {
  return { payment_id: request.paymentId, method: request.method };
}

/** Mollie's provider: every optional method of PaymentProvider is there. */
export type MollieProvider = PaymentProvider &
  Required<Pick<PaymentProvider, 'readPayment' | 'availableMethods' | 'registerMandate'>>;

export function createMollieProvider(options: MollieOptions): MollieProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    versionStrings: 'flirt-network/1',
  });
  const availableMethods = createMethodsCache(client, options.now);

  /**
   * Captures an authorized payment (Klarna): credits are delivered at once, so the money is
   * taken at once; Mollie then reports it paid. A failed capture is tried again on the next
   * webhook or poll.
   */
  const capture = async (id: string): Promise<void> => {
    try {
      await client.paymentCaptures.create({ paymentId: id, idempotencyKey: `capture-${id}` });
    } catch (error) {
      console.error(`[payments] Mollie payment ${id} could not be captured:`, (error as Error).message);
    }
  };

  /** A payment's present state as events: fetched from Mollie, never taken from a request. */
  const readPayment = async (id: string): Promise<PaymentEvent[]> => {
    // Only payments are ours; anything else is nobody's business here.
    if (!/^tr_\w{1,64}$/.test(id)) return [];
    try {
      const payment = await client.payments.get(id, { embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks] });
      if (payment.status === PaymentStatus.authorized) await capture(payment.id);
      return paymentEvents(payment, options.now());
    } catch (error) {
      // An id Mollie does not know (a probe, another mode's payment): nothing to apply.
      if (error instanceof MollieApiError && error.statusCode === 404) return [];
      throw unavailable(`reading payment ${id}`, error);
    }
  };

  return {
    name: 'mollie',
    availableMethods,

    async createCheckout(request) {
      const method = MOLLIE_METHOD[request.method];
      if (!method) throw new ProviderUnavailable(`mollie: ${request.method} has no Mollie method`);
      const hook = webhookUrl(request.apiOrigin);
      try {
        // A storable method is paid as the first payment of a customer: its mandate is kept.
        const customerId = request.offerStoring
          ? (
              await client.customers.create({
                metadata: { payment_id: request.paymentId },
                idempotencyKey: `customer-${request.paymentId}`,
              })
            ).id
          : undefined;
        const amount = toMollieAmount(request.amountMinor, request.currency);
        const payment = await client.payments.create({
          amount,
          description: description(request),
          // Klarna needs what is bought as order lines (one digital good here).
          ...(request.method === 'klarna'
            ? {
                lines: [
                  {
                    type: PaymentLineType.digital,
                    description: description(request),
                    quantity: 1,
                    unitPrice: amount,
                    totalAmount: amount,
                  },
                ],
              }
            : {}),
          redirectUrl: request.returnUrl,
          cancelUrl: request.returnUrl,
          ...(hook ? { webhookUrl: hook } : {}),
          method,
          locale: MOLLIE_LOCALE[request.locale],
          metadata: metadata(request),
          ...(customerId ? { customerId, sequenceType: SequenceType.first } : { sequenceType: SequenceType.oneoff }),
          idempotencyKey: `checkout-${request.paymentId}`,
        });
        const checkout = payment.getCheckoutUrl();
        if (!checkout) throw new Error(`payment ${payment.id} has no checkout link`);
        return { sessionId: payment.id, redirectUrl: checkout };
      } catch (error) {
        throw unavailable(`the checkout of order ${request.paymentId}`, error);
      }
    },

    async chargeStored(token, request): Promise<PaymentEvent[]> {
      const refused = (reason: string): PaymentEvent[] => [
        {
          id: `charge-${request.paymentId}:refused`,
          type: 'failed',
          paymentId: request.paymentId,
          occurredAt: options.now(),
          reason,
          raw: { resource: 'charge', payment_id: request.paymentId, reason },
        },
      ];
      const stored = parseStoredToken(token);
      if (!stored) return refused('unknown_stored_method');
      const hook = webhookUrl(request.apiOrigin);
      try {
        const payment = await client.payments.create({
          amount: toMollieAmount(request.amountMinor, request.currency),
          description: description(request),
          sequenceType: SequenceType.recurring,
          customerId: stored.customerId,
          mandateId: stored.mandateId,
          ...(hook ? { webhookUrl: hook } : {}),
          metadata: metadata(request),
          idempotencyKey: `charge-${request.paymentId}`,
        });
        return paymentEvents(payment, options.now());
      } catch (error) {
        // Mollie refuses a revoked or invalid mandate: the member is asked to pay otherwise.
        if (isRefusal(error)) return refused(`mollie_${error.field ?? error.statusCode ?? 'refused'}`);
        throw unavailable(`the stored charge of order ${request.paymentId}`, error);
      }
    },

    parseWebhook({ body }) {
      const id = new URLSearchParams(body).get('id');
      if (!id) return Promise.reject(new WebhookRejected('not a Mollie webhook (no id)'));
      return readPayment(id);
    },

    readPayment,

    async cancelCheckout({ sessionId, paymentId }) {
      if (!/^tr_\w+$/.test(sessionId)) return;
      try {
        await client.payments.cancel(sessionId, { idempotencyKey: `cancel-${paymentId}` });
      } catch (error) {
        // Many methods cannot be cancelled while open (cards): a completion may still come,
        // and billing credits it at the price paid (docs/payments.md 'Discount codes on orders').
        if (isRefusal(error)) {
          console.warn(`[payments] Mollie keeps payment ${sessionId} of order ${paymentId} open: ${error.message}`);
          return;
        }
        throw unavailable(`cancelling payment ${sessionId}`, error);
      }
    },

    async refund({ paymentId, providerRef, amountMinor, currency }) {
      if (!providerRef) throw new ProviderUnavailable(`mollie: order ${paymentId} has no Mollie payment to refund`);
      try {
        const refund = await client.paymentRefunds.create({
          paymentId: providerRef,
          amount: toMollieAmount(amountMinor, currency),
          description: `Refund of order ${paymentId}`,
          metadata: { payment_id: paymentId },
          idempotencyKey: `refund-${paymentId}`,
        });
        return { refundRef: refund.id };
      } catch (error) {
        throw unavailable(`the refund of order ${paymentId}`, error);
      }
    },

    async registerMandate({ reference, holder, iban, signedAt }) {
      try {
        const customer = await client.customers.create({
          name: holder,
          metadata: { mandate: reference },
          idempotencyKey: `customer-${reference}`,
        });
        const mandate = await client.customerMandates.create({
          customerId: customer.id,
          method: MandateMethod.directdebit,
          consumerName: holder,
          consumerAccount: iban,
          signatureDate: signedAt.toISOString().slice(0, 10),
          mandateReference: reference,
          idempotencyKey: `mandate-${reference}`,
        });
        return storedToken(customer.id, mandate.id);
      } catch (error) {
        throw unavailable(`the mandate ${reference}`, error);
      }
    },
  };
}
