/**
 * The sandbox's hosted checkout pages (never a real payment): GET /sandbox-pay/{session}
 * shows the payment in the payer's language with the method's brand, the amount and the
 * buttons Complete / Fail / Cancel, a choice of how the webhook is delivered (at once, late,
 * twice, out of order), the test cards for card methods, and a 'provider dashboard' with
 * what a payment service reports later (a refund, a chargeback). POST on the same path sends
 * the signed webhooks through the app's own HTTP pipeline (POST /api/payment-webhook.php,
 * as a provider would) and sends the payer back to /transactions/{id} on the member's site.
 */
import type { Hono } from 'hono';
import { PAYMENT_METHOD_RULES, postPaymentWebhook, type PaymentMethod } from '#src/contract/billing.ts';
import { translator, type Translate, type TranslationKey } from '#src/i18n/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { escapeHtml } from '#src/server/platform/html.ts';
import { formatMoney } from '#src/lib/money.ts';
import {
  SANDBOX_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_PAGE_PATH,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxAction,
  type SandboxDelivery,
  type SandboxProvider,
} from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

const ACTIONS: readonly SandboxAction[] = ['complete', 'fail', 'cancel', 'refund', 'chargeback'];
const DELIVERIES: readonly SandboxDelivery[] = ['normal', 'late', 'twice', 'out_of_order'];

/** Brand colours of the hosted page per method (the sandbox's purple otherwise). */
const BRAND_COLOURS: Partial<Record<string, string>> = {
  ideal: '#cc0066',
  bancontact: '#005498',
  paypal: '#003087',
  klarna: '#17120f',
  swish: '#00857a',
  vipps: '#ff5b24',
  mobilepay: '#5a78ff',
  twint: '#000000',
  blik: '#e5231b',
  prezelewy24: '#d13239',
  eps: '#c8102e',
  satispay: '#ef373f',
  trustly: '#0ee06e',
  paysafecard: '#008ac9',
  applepay: '#000000',
  googlepay: '#1a73e8',
};

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'openSession' in provider;
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f5f3ff;color:#1e1b2e}
main{max-width:28rem;margin:0 auto;padding:1rem}
header{border-radius:.75rem .75rem 0 0;color:#fff;padding:1rem 1.25rem}
header h1{margin:0;font-size:1.25rem}header p{margin:.25rem 0 0;opacity:.9;font-size:.9rem}
section{background:#fff;padding:1.25rem;border-radius:0 0 .75rem .75rem;box-shadow:0 1px 3px #0002}
.amount{font-size:2rem;font-weight:700;margin:0}.muted{color:#5b5670;font-size:.9rem}
.notice{background:#fff7d6;border:1px solid #f0d36b;border-radius:.5rem;padding:.5rem .75rem;font-size:.85rem}
fieldset{border:1px solid #ddd;border-radius:.5rem;margin:1rem 0;padding:.5rem .75rem}legend{font-weight:600;font-size:.9rem}
label{display:flex;gap:.5rem;align-items:flex-start;margin:.35rem 0;font-size:.95rem}
select{width:100%;padding:.5rem;font:inherit}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;border:0;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer}
.complete{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}.cancel{background:#e5e1f5;color:#1e1b2e}
details{margin-top:1rem}summary{cursor:pointer;font-weight:600}.secondary{background:#fff;border:1px solid #7c3aed;color:#7c3aed}`;

function page(lang: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function securityHeaders(c: { header: (name: string, value: string) => void }, formTarget: string): void {
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${formTarget}`,
  );
}

/**
 * Registers the sandbox pages on the app (app.ts does so when PAYMENTS=sandbox). `methodName`
 * names a payment method as the shop does (billing's receipts); app.ts hands it in, so the
 * provider depends on no feature.
 */
export function registerSandboxPages(
  app: Hono<AppEnv>,
  provider: SandboxProvider,
  methodName: (t: Translate, method: PaymentMethod) => string,
): void {
  app.get(`${SANDBOX_PAGE_PATH}/:session`, async (c) => {
    const session = await provider.openSession(c.req.param('session'));
    const t = translator(session?.locale ?? c.get('locale'));
    if (!session) {
      securityHeaders(c, '');
      return c.html(
        page(c.get('locale'), t('billing.sandbox.title'), `<p>${escapeHtml(t('billing.sandbox.not_found'))}</p>`),
        404,
      );
    }
    const rule = PAYMENT_METHOD_RULES[session.method];
    const name = methodName(t, session.method);
    const colour = BRAND_COLOURS[session.method] ?? '#7c3aed';
    const option = (name: string, value: string, text: string, checked: boolean) =>
      `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> <span>${escapeHtml(text)}</span></label>`;
    const card =
      rule.kind === 'card'
        ? `<fieldset><legend>${escapeHtml(t('billing.sandbox.card_label'))}</legend>
${option('card', SANDBOX_CARD, t('billing.sandbox.card_ok'), true)}
${option('card', SANDBOX_DECLINED_CARD, t('billing.sandbox.card_declined'), false)}</fieldset>`
        : '';
    const store =
      rule.storable && session.offerStoring
        ? `<label><input type="checkbox" name="store" value="on" checked> <span>${escapeHtml(t('billing.sandbox.store'))}</span></label>`
        : '';
    const deliveries = `<fieldset><legend>${escapeHtml(t('billing.sandbox.delivery'))}</legend>
${DELIVERIES.map((d, i) => option('delivery', d, t(`billing.sandbox.delivery_${d}` as TranslationKey), i === 0)).join('\n')}</fieldset>`;
    const button = (action: SandboxAction, cls: string) =>
      `<button type="submit" name="action" value="${action}" class="${cls}">${escapeHtml(t(`billing.sandbox.${action}` as TranslationKey))}</button>`;
    securityHeaders(c, new URL(session.returnUrl).origin);
    return c.html(
      page(
        session.locale,
        `${t('billing.sandbox.title')} · ${name}`,
        `<header style="background:${colour}"><h1>${escapeHtml(name)}</h1><p>${escapeHtml(t('billing.sandbox.title'))}</p></header>
<section>
<p class="notice">${escapeHtml(t('billing.sandbox.notice'))}</p>
<p class="amount">${escapeHtml(formatMoney(session.amountMinor, session.currency, session.locale))}</p>
<p class="muted">${escapeHtml(t('billing.sandbox.pay_for', { credits: t('billing.receipt.credits', { count: session.credits }), brand: session.brand }))}<br>${escapeHtml(t('billing.sandbox.order', { order: session.paymentId }))}</p>
<form method="post">
${card}
${store}
${deliveries}
${button('complete', 'complete')}
${button('fail', 'fail')}
${button('cancel', 'cancel')}
<details><summary>${escapeHtml(t('billing.sandbox.dashboard'))}</summary>
<p class="muted">${escapeHtml(t('billing.sandbox.dashboard_text'))}</p>
${button('refund', 'secondary')}
${button('chargeback', 'secondary')}
</details>
</form>
</section>`,
      ),
    );
  });

  app.post(`${SANDBOX_PAGE_PATH}/:session`, async (c) => {
    const session = await provider.openSession(c.req.param('session'));
    if (!session) return c.text('Not found', 404);
    const form = await c.req.parseBody();
    const action = ACTIONS.find((a) => a === form['action']);
    const delivery = DELIVERIES.find((d) => d === form['delivery']) ?? 'normal';
    if (!action) return c.text('Unknown action', 400);
    const webhooks = provider.webhooksFor(session, action, {
      ...(typeof form['card'] === 'string' ? { number: form['card'] } : {}),
      store: form['store'] === 'on',
    });
    const host = new URL(session.apiOrigin).host;
    await provider.deliver(webhooks, delivery, async (body, signature) => {
      const answer = await app.request(postPaymentWebhook.path, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
      });
      if (!answer.ok) throw new Error(`the webhook answered ${answer.status}: ${await answer.text()}`);
    });
    return c.redirect(session.returnUrl, 303);
  });
}
