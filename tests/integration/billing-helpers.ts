/**
 * Shared steps of the billing tests: a buyer with a session, orders through the contract,
 * the sandbox's hosted page driven like a payer, and webhooks signed like the sandbox's.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { getTransaction, postOrder, type PackageKey, type PaymentMethod } from '#src/contract/billing.ts';
import type { SEPA_COUNTRIES } from '#src/contract/direct-debit.ts';
import type { CountryCode } from '#src/lib/locales.ts';
import { accounts, creditLedger, orders } from '#src/server/db/schema.ts';
import { appKey } from '#src/server/platform/app-keys.ts';
import { signWebhook } from '#src/server/providers/payments/signature.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxAction,
  type SandboxDelivery,
  type SandboxWebhook,
} from '#src/server/providers/payments/sandbox.ts';
import { call, createTestMember, type TestApp } from './harness.ts';

export const WEBHOOK_PATH = '/api/payment-webhook.php';

export interface Buyer {
  accountId: number;
  profileId: number;
  session: string;
  host: string;
}

export async function buyer(
  t: TestApp,
  init: { country?: CountryCode; site?: string; language?: string } = {},
): Promise<Buyer> {
  const site = init.site ?? 'default';
  const created = await createTestMember(t, {
    siteId: site,
    country: init.country ?? 'NL',
    ...(init.language ? { language: init.language } : {}),
  });
  return { ...created, session: await t.login(created.accountId), host: `${site}.localhost` };
}

export async function order(
  t: TestApp,
  who: Buyer,
  body: { package?: PackageKey; method?: PaymentMethod; discount_code?: string; country?: string } = {},
) {
  return call(t, postOrder, {
    session: who.session,
    host: who.host,
    body: { package: body.package ?? 'p1', method: body.method ?? 'visa', ...body },
  });
}

/** Presses a button of the sandbox's hosted page; answers the redirect's target. */
export async function payOnSandbox(
  t: TestApp,
  redirectUrl: string,
  action: SandboxAction,
  options: { delivery?: SandboxDelivery; card?: string; store?: boolean } = {},
): Promise<string> {
  const url = new URL(redirectUrl);
  const form = new URLSearchParams({ action, delivery: options.delivery ?? 'normal' });
  if (options.card) form.set('card', options.card);
  if (options.store ?? true) form.set('store', 'on');
  const response = await t.request(url.pathname, {
    method: 'POST',
    host: url.host,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

export async function sandboxSecret(t: TestApp): Promise<string> {
  return (
    await appKey(
      t.db,
      'payments_sandbox',
      (v): v is { secret: string } => typeof (v as { secret?: unknown } | null)?.secret === 'string',
      () => ({ secret: 'unused' }),
    )
  ).secret;
}

/** A sandbox-shaped webhook about an order. */
export function webhook(
  paymentId: string,
  type: SandboxWebhook['type'],
  id = `evt_test_${paymentId}_${type}`,
  data: Partial<SandboxWebhook['data']> = {},
): SandboxWebhook {
  return { id, type, created: 0, data: { payment_id: paymentId, provider_ref: `pay_test_${paymentId}`, ...data } };
}

/** Posts a webhook signed with the sandbox's secret (or the given signature). */
export async function postWebhook(
  t: TestApp,
  hook: SandboxWebhook | string,
  options: { signature?: string | null; signedAt?: Date; secret?: string } = {},
): Promise<Response> {
  const body = typeof hook === 'string' ? hook : JSON.stringify(hook);
  const secret = options.secret ?? (await sandboxSecret(t));
  const signature =
    options.signature === undefined ? signWebhook(secret, body, options.signedAt ?? t.clock.now) : options.signature;
  return t.request(WEBHOOK_PATH, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
  });
}

export async function transaction(t: TestApp, who: Buyer, id: string) {
  return call(t, getTransaction, { session: who.session, host: who.host, query: { id } });
}

export async function account(t: TestApp, accountId: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new Error('no account');
  return row;
}

export async function orderRow(t: TestApp, paymentId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.publicId, paymentId));
  if (!row) throw new Error('no order');
  return row;
}

/** The ledger's sum for an account, which must always equal its balance. */
export async function ledgerSum(t: TestApp, accountId: number): Promise<number> {
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  return Number(row?.sum ?? 0);
}

/** Buys a bundle through the sandbox checkout (completed at once); answers the payment id. */
export async function buy(
  t: TestApp,
  who: Buyer,
  body: Parameters<typeof order>[2] = {},
  options: Parameters<typeof payOnSandbox>[3] = {},
): Promise<string> {
  const made = await order(t, who, body);
  if (!made.redirect_url) throw new Error('no checkout');
  await payOnSandbox(t, made.redirect_url, 'complete', options);
  return made.order.payment_id;
}

/** The filled-in SEPA mandate form of a Dutch account holder (POST direct-debit start, without the order). */
export function mandateForm(fields: { phone: string; iban?: string; country?: (typeof SEPA_COUNTRIES)[number] }) {
  return {
    holder: 'Sam de Vries',
    iban: 'nl91 abna 0417 1643 00',
    street: 'Keizersgracht',
    house_number: '12a',
    postal_code: '1015 CX',
    city: 'Amsterdam',
    country: 'NL' as (typeof SEPA_COUNTRIES)[number],
    authorize: true as const,
    ...fields,
  };
}
