/**
 * POST /api/payment-webhook.php: the provider's events. The provider adapter verifies the
 * signature over the raw body (HMAC-SHA256 with a timestamp, compared in constant time,
 * stale timestamps refused: src/server/providers/payments/signature.ts) before anything in
 * it is read; a refusal answers 401 `invalid_signature` and changes nothing. Verified events
 * are applied once each (orders.ts `applyPaymentEvents`); a replay answers 200 as well, so
 * the provider stops retrying.
 */
import type { Hono } from 'hono';
import { postPaymentWebhook } from '#src/contract/billing.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { route } from '#src/server/http/route.ts';
import { WebhookRejected, type PaymentEvent } from '#src/server/providers/payments/types.ts';
import { applyPaymentEvents } from './payment-events.ts';

export function registerPaymentWebhook(app: Hono<AppEnv>): void {
  route(app, postPaymentWebhook, async ({ c, fail }) => {
    const deps = c.get('deps');
    // route() read the body already; Hono keeps the raw text, which the signature covers.
    const body = await c.req.text();
    let events: PaymentEvent[];
    try {
      events = await deps.payments.parseWebhook({ body, headers: c.req.raw.headers });
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      console.warn(`[billing] webhook refused: ${error.message}`);
      throw fail('invalid_signature');
    }
    await applyPaymentEvents(deps, deps.payments.name, events);
    return { received: events.length };
  });
}
