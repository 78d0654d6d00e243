/**
 * The sandbox payment service: the offline default provider (PAYMENTS=sandbox; on outside
 * production unless PAYMENTS=none). It behaves like a hosted-checkout payment service:
 *
 * - createCheckout answers a page on the API origin, /sandbox-pay/{session} (sandbox-pages.ts),
 *   where the payer completes, fails or cancels, choosing how the webhook is delivered:
 *   at once, late (lateDelayMs, 5 s), twice, or out of order.
 * - Every outcome reaches billing only as a signed webhook (signature.ts, secret kept in
 *   app_keys), through the app's own HTTP pipeline.
 * - Cards and PayPal can be stored for repeat orders as sandbox tokens. The test card
 *   SANDBOX_DECLINED_CARD pays its checkout but is declined when charged again stored.
 *
 * A session is a signed token holding the checkout (no table): it cannot be altered, and the
 * page can be opened again later for the 'provider dashboard' actions (chargeback, refund).
 * A cancelled checkout (cancelCheckout) is remembered in memory until a restart: its page
 * answers 'not found' like an unknown one.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_METHOD_RULES, type PaymentMethod } from '#src/contract/billing.ts';
import { LOCALES } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { appKey } from '#src/server/platform/app-keys.ts';
import { hmacHex, safeEqual, signWebhook, verifyWebhook } from './signature.ts';
import {
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
} from './types.ts';

export const SANDBOX_PAGE_PATH = '/sandbox-pay';
/** The request header of the sandbox's webhook signature. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Test cards: the first always pays; the second pays its checkout, but a stored charge is declined. */
export const SANDBOX_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const SANDBOX_CARDS = [SANDBOX_CARD, SANDBOX_DECLINED_CARD] as const;

export type SandboxAction = 'complete' | 'fail' | 'cancel' | 'chargeback' | 'refund';
export type SandboxDelivery = 'normal' | 'late' | 'twice' | 'out_of_order';

const sessionSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  country: z.string(),
  locale: z.enum(LOCALES),
  brand: z.string(),
  credits: z.number().int(),
  returnUrl: z.string(),
  apiOrigin: z.string(),
  offerStoring: z.boolean(),
});
export type SandboxSession = z.infer<typeof sessionSchema>;

/** The sandbox's webhook body: one event per request. */
const webhookSchema = z.object({
  id: z.string().min(1),
  type: z.enum([
    'payment.pending',
    'payment.completed',
    'payment.failed',
    'payment.cancelled',
    'payment.refunded',
    'payment.chargeback',
  ]),
  created: z.number().int(),
  data: z.object({
    payment_id: z.string(),
    provider_ref: z.string(),
    reason: z.string().optional(),
    amount_minor: z.number().int().nonnegative().optional(),
    stored_method: z.object({ token: z.string(), label: z.string(), method: z.enum(PAYMENT_METHODS) }).optional(),
  }),
});
export type SandboxWebhook = z.infer<typeof webhookSchema>;

export interface SandboxOptions {
  db: Db;
  now: () => Date;
  /** The delay of a 'late' delivery (5 s; tests shorten it). */
  lateDelayMs?: number;
}

/** Sends one signed webhook request; set by the sandbox pages (the app's own pipeline). */
export type WebhookSender = (body: string, signature: string) => Promise<void>;

const BRAND_OF_CARD: Partial<Record<PaymentMethod, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  cartebancaire: 'CB',
  dankort: 'Dankort',
  nexi: 'Nexi',
  creditcard: 'Card',
  paypal: 'PayPal',
};

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function randomId(): string {
  return randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The session of a page's token, or null when it was altered or is not ours. */
  openSession(token: string): Promise<SandboxSession | null>;
  /** The webhooks an action on a checkout produces, in their natural order. */
  webhooksFor(
    session: SandboxSession,
    action: SandboxAction,
    card: { number?: string; store: boolean },
  ): SandboxWebhook[];
  /** Signs and sends webhooks as the delivery option says; a late one is sent in the background. */
  deliver(webhooks: SandboxWebhook[], delivery: SandboxDelivery, send: WebhookSender): Promise<void>;
  /** Resolves when every late delivery has been sent (tests, shutdown). */
  settled(): Promise<void>;
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const lateDelayMs = options.lateDelayMs ?? 5000;
  const pending = new Set<Promise<void>>();
  const cancelled = new Set<string>();

  const secret = async (): Promise<string> =>
    (
      await appKey(
        options.db,
        'payments_sandbox',
        (v): v is { secret: string } => typeof (v as { secret?: unknown } | null)?.secret === 'string',
        () => ({ secret: randomBytes(32).toString('hex') }),
      )
    ).secret;

  const sessionToken = async (session: SandboxSession): Promise<string> => {
    const payload = base64url(JSON.stringify(session));
    return `${payload}.${hmacHex(await secret(), `session.${payload}`).slice(0, 32)}`;
  };

  const toEvent = (hook: SandboxWebhook): PaymentEvent => ({
    id: hook.id,
    type: hook.type.slice('payment.'.length) as PaymentEventType,
    paymentId: hook.data.payment_id,
    providerRef: hook.data.provider_ref,
    occurredAt: new Date(hook.created * 1000),
    ...(hook.data.stored_method ? { storedMethod: hook.data.stored_method } : {}),
    ...(hook.data.reason ? { reason: hook.data.reason } : {}),
    ...(hook.data.amount_minor !== undefined ? { amountMinor: hook.data.amount_minor } : {}),
    raw: hook,
  });

  const hook = (
    session: { id: string; paymentId: string },
    type: PaymentEventType,
    extra: Partial<SandboxWebhook['data']> = {},
  ): SandboxWebhook => ({
    id: `evt_${session.id}_${type}`,
    type: `payment.${type}`,
    created: Math.floor(options.now().getTime() / 1000),
    data: { payment_id: session.paymentId, provider_ref: `pay_${session.id}`, ...extra },
  });

  const sendAll = async (webhooks: SandboxWebhook[], send: WebhookSender): Promise<void> => {
    const key = await secret();
    for (const webhook of webhooks) {
      const body = JSON.stringify(webhook);
      await send(body, signWebhook(key, body, options.now()));
    }
  };

  return {
    name: 'sandbox',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const session: SandboxSession = { id: randomId(), ...request };
      const token = await sessionToken(session);
      return { sessionId: session.id, redirectUrl: `${request.apiOrigin}${SANDBOX_PAGE_PATH}/${token}` };
    },

    chargeStored(token, request) {
      const id = randomId();
      const session = { id, paymentId: request.paymentId };
      // Tokens read sbx_<last 4 digits>_<random>; the declined test card's fail when charged stored.
      if (token.startsWith(`sbx_${SANDBOX_DECLINED_CARD.slice(-4)}_`) || !token.startsWith('sbx_')) {
        return Promise.resolve([toEvent(hook(session, 'failed', { reason: 'card_declined' }))]);
      }
      return Promise.resolve([toEvent(hook(session, 'completed'))]);
    },

    async parseWebhook({ body, headers }) {
      verifyWebhook(await secret(), headers.get(SANDBOX_SIGNATURE_HEADER), body, options.now());
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new WebhookRejected('not JSON');
      }
      const result = webhookSchema.safeParse(parsed);
      if (!result.success) throw new WebhookRejected('unknown event shape');
      return [toEvent(result.data)];
    },

    cancelCheckout({ sessionId }) {
      cancelled.add(sessionId);
      return Promise.resolve();
    },

    refund({ paymentId }) {
      return Promise.resolve({ refundRef: `rf_${paymentId}_${randomId()}` });
    },

    async openSession(token) {
      const [payload, mac] = token.split('.');
      if (!payload || !mac) return null;
      if (!safeEqual(mac, hmacHex(await secret(), `session.${payload}`).slice(0, 32))) return null;
      try {
        const parsed = sessionSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        return parsed.success && !cancelled.has(parsed.data.id) ? parsed.data : null;
      } catch {
        return null;
      }
    },

    webhooksFor(session, action, card) {
      if (action === 'cancel') return [hook(session, 'cancelled')];
      if (action === 'fail')
        return [hook(session, 'pending'), hook(session, 'failed', { reason: 'declined_by_payer' })];
      if (action === 'chargeback') return [hook(session, 'chargeback', { reason: 'fraudulent' })];
      if (action === 'refund') return [hook(session, 'refunded', { amount_minor: session.amountMinor })];
      const rule = PAYMENT_METHOD_RULES[session.method];
      const number = card.number && SANDBOX_CARDS.includes(card.number as never) ? card.number : SANDBOX_CARD;
      const store = session.offerStoring && rule.storable && card.store;
      const label =
        rule.kind === 'card'
          ? `${BRAND_OF_CARD[session.method] ?? 'Card'} •••• ${number.slice(-4)}`
          : (BRAND_OF_CARD[session.method] ?? session.method);
      const last4 = rule.kind === 'card' ? number.slice(-4) : '0000';
      return [
        hook(session, 'pending'),
        hook(
          session,
          'completed',
          store ? { stored_method: { token: `sbx_${last4}_${randomId()}`, label, method: session.method } } : {},
        ),
      ];
    },

    async deliver(webhooks, delivery, send) {
      if (delivery === 'late') {
        const late = new Promise<void>((resolve) => setTimeout(resolve, lateDelayMs))
          .then(() => sendAll(webhooks, send))
          .catch((error: unknown) => console.error('[payments] a late sandbox webhook failed:', error))
          .finally(() => pending.delete(late));
        pending.add(late);
        return;
      }
      if (delivery === 'twice')
        return sendAll(
          webhooks.flatMap((w) => [w, w]),
          send,
        );
      if (delivery === 'out_of_order') return sendAll([...webhooks].reverse(), send);
      return sendAll(webhooks, send);
    },

    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
