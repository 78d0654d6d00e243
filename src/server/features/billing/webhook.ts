/**
 * POST /api/payment-webhook.php: the provider's events. The provider adapter reads the raw
 * body and decides what is true in it before anything else happens: the sandbox verifies
 * its signature (HMAC-SHA256 with a timestamp, compared in constant time, stale timestamps
 * refused: src/server/providers/payments/signature.ts); Mollie's webhook carries only a
 * payment id, and the adapter fetches that payment from Mollie. A refusal answers 401
 * `invalid_signature` and changes nothing; a provider that cannot be asked answers 502, so
 * it sends the webhook again later. Events are applied once each (`applyPaymentEvents`); a
 * replay, and a webhook about a payment nobody knows, answer 200 as well, so the provider
 * stops retrying.
 *
 * Bound without route(): route() takes JSON from the client app only (its CSRF guard), and
 * a provider posts its own media type (Mollie a form, `id=tr_…`). The endpoint is public and
 * carries no session, so there is nothing a forged browser request could use.
 */
import type { Hono } from 'hono';
import { postPaymentWebhook } from '#src/contract/billing.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { checkDeclared } from '#src/server/http/route.ts';
import { ProviderUnavailable, WebhookRejected, type PaymentEvent } from '#src/server/providers/payments/types.ts';
import { applyPaymentEvents } from './payment-events.ts';

export function registerPaymentWebhook(app: Hono<AppEnv>): void {
  app.post(postPaymentWebhook.path, async (c) => {
    try {
      const deps = c.get('deps');
      const body = await c.req.text();
      let events: PaymentEvent[];
      try {
        events = await deps.payments.parseWebhook({ body, headers: c.req.raw.headers });
      } catch (error) {
        if (error instanceof ProviderUnavailable) {
          console.error(`[billing] webhook not read, the provider will send it again: ${error.message}`);
          throw fail('payment_provider_unavailable');
        }
        if (!(error instanceof WebhookRejected)) throw error;
        console.warn(`[billing] webhook refused: ${error.message}`);
        throw fail('invalid_signature');
      }
      await applyPaymentEvents(deps, deps.payments.name, events);
      return c.json(postPaymentWebhook.response.parse({ received: events.length }));
    } catch (error) {
      checkDeclared(c, postPaymentWebhook, error);
      throw error;
    }
  });
}
