/**
 * The direct debit flow (contract src/contract/direct-debit.ts; docs/direct-debit.md):
 * start (check the SEPA form, send a code), verify (the code signs the mandate and submits
 * the debit through billing), resend. Orders are billing's: made with `createOrder`
 * (method 'sdd', kind 'direct_debit'), moved with its state machine, paid through
 * `chargeStoredMethod` with the mandate's token, so credits only ever arrive through the
 * payment service's 'completed' event and the ledger.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PackageKey } from '#src/contract/billing.ts';
import {
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_TTL_SECONDS,
  DIRECT_DEBIT_RESEND_SECONDS,
  DIRECT_DEBIT_SENDS_PER_HOUR,
  DIRECT_DEBIT_SESSION_SECONDS,
  type DebitCodeSent,
} from '#src/contract/direct-debit.ts';
import { translator } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { directDebitMandates, directDebitSessions, orders } from '#src/server/db/schema.ts';
import {
  assertMayBuy,
  chargeStoredMethod,
  createOrder,
  findOrder,
  paymentCountry,
  type Buyer,
  type OrderContext,
  pricedPackage,
  transactionFee,
  lockOrder,
  moveOrder,
  type OrderRow,
} from '#src/server/features/billing/index.ts';
import { formatMoney } from '#src/lib/money.ts';
import { HttpError, fail } from '#src/server/http/errors.ts';
import { rateLimited } from '#src/server/http/rate-limit.ts';
import { ProviderUnavailable } from '#src/server/providers/payments/types.ts';
import { SmsUnavailable } from '#src/server/providers/sms/types.ts';
import { isDirectDebitBlocked, withinLimit } from './blocks.ts';
import { checkCode, codesSentSince, issueCode, latestCode } from './codes.ts';
import {
  checkIban,
  checkMobile,
  ibanHash,
  isPhoneCountry,
  maskE164,
  sealIban,
  smsCountries,
  unsealIban,
} from './details.ts';
import { registerMandate } from './gateway.ts';
import { sandboxDirectDebit } from './returns.ts';
import { countSend } from './send-limits.ts';

type Session = typeof directDebitSessions.$inferSelect;

const HOUR_MS = 3_600_000;

/** The calls that send a code also know the client's address (its sending limit). */
export interface DebitContext extends OrderContext {
  ip: string;
}

export interface StartInput {
  order?: string | undefined;
  package?: PackageKey | undefined;
  holder: string;
  iban: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country: string;
  phone: string;
}

async function assertMayDebit(
  ctx: OrderContext,
  input: { accountId: number; ibanHash: string; orderId: number | null; amountMinor: number },
): Promise<void> {
  if (await isDirectDebitBlocked(ctx.db, { accountId: input.accountId, ibanHash: input.ibanHash, now: ctx.now })) {
    throw fail('direct_debit_blocked');
  }
  if (!(await withinLimit(ctx.db, { ...input, now: ctx.now }))) throw fail('direct_debit_limit');
}

/** The order a start pays: the member's created 'sdd' order, or what a new one would cost. */
async function orderToPay(ctx: OrderContext, buyer: Buyer, input: StartInput) {
  if (input.order) {
    const order = await findOrder(ctx.db, buyer.accountId, input.order);
    if (!order || order.method !== 'sdd') throw fail('not_found');
    if (order.status !== 'created') throw fail('order_closed');
    await assertMayBuy(ctx.db, buyer.accountId);
    return { order, amountMinor: order.amountMinor };
  }
  const pricing = await paymentCountry(ctx.db, ctx.site, buyer, undefined);
  const price = pricedPackage(input.package ?? 'p0', pricing).priceMinor;
  return { order: null, amountMinor: price + transactionFee('sdd', price) };
}

/**
 * Throws 429 when a code to `e164` would go past the account's hourly number, else counts it
 * against the client's address and the number's prefix (send-limits.ts; 429 past those).
 */
async function assertMaySend(ctx: DebitContext, accountId: number, e164: string): Promise<void> {
  const since = new Date(ctx.now.getTime() - HOUR_MS);
  if ((await codesSentSince(ctx.db, accountId, since)) >= DIRECT_DEBIT_SENDS_PER_HOUR) throw rateLimited();
  await countSend(ctx.db, { ip: ctx.ip, e164, siteId: ctx.site.id, now: ctx.now });
}

/** Sends a session's code; the caller has passed assertMaySend. */
async function sendCode(ctx: DebitContext, session: Session, order: OrderRow): Promise<DebitCodeSent> {
  const issued = await issueCode(ctx.db, {
    purpose: 'direct_debit',
    subject: session.publicId,
    accountId: session.accountId,
    now: ctx.now,
  });
  const t = translator(session.locale as Locale);
  try {
    await ctx.deps.sms.send({
      to: session.phone,
      siteId: ctx.site.id,
      text: t('direct_debit.sms.text', {
        code: issued.code,
        brand: ctx.site.brand,
        amount: formatMoney(order.amountMinor, order.currency, session.locale),
        minutes: DIRECT_DEBIT_CODE_TTL_SECONDS / 60,
      }),
    });
  } catch (error) {
    if (!(error instanceof SmsUnavailable)) throw error;
    console.error(`[direct-debit] the SMS of session ${session.id} was not sent: ${error.message}`);
    throw fail('sms_unavailable');
  }
  return codeSentAnswer(session, order, issued.expiresAt, DIRECT_DEBIT_RESEND_SECONDS);
}

function codeSentAnswer(session: Session, order: OrderRow, expiresAt: Date, resendIn: number): DebitCodeSent {
  return {
    session: session.publicId,
    payment_id: order.publicId,
    phone_masked: maskE164(session.phone),
    iban_masked: session.ibanMasked,
    expires_at: expiresAt.toISOString(),
    resend_in: resendIn,
    code_length: DIRECT_DEBIT_CODE_LENGTH,
  };
}

/** POST directdebit.php: checks the form, makes the session (and the order for a bundle), sends the code. */
export async function startDirectDebit(ctx: DebitContext, buyer: Buyer, input: StartInput): Promise<DebitCodeSent> {
  const iban = checkIban(input.iban);
  if (!iban) throw fail('iban_invalid', { field: 'iban' });
  if (!isPhoneCountry(input.country)) throw fail('invalid_input', { field: 'country' });
  const phone = checkMobile(input.phone, input.country, smsCountries(ctx.site));
  if (phone === 'invalid') throw fail('phone_invalid', { field: 'phone' });
  if (phone === 'country') throw fail('phone_country', { field: 'phone' });
  const hash = await ibanHash(ctx.db, iban.iban);
  const pay = await orderToPay(ctx, buyer, input);
  await assertMayDebit(ctx, {
    accountId: buyer.accountId,
    ibanHash: hash,
    orderId: pay.order?.id ?? null,
    amountMinor: pay.amountMinor,
  });
  await assertMaySend(ctx, buyer.accountId, phone.e164);
  const order =
    pay.order ??
    (await createOrder(ctx, buyer, {
      packageKey: input.package ?? 'p0',
      method: 'sdd',
      kind: 'direct_debit',
    }));
  const [session] = await ctx.db
    .insert(directDebitSessions)
    .values({
      publicId: randomBytes(24).toString('base64url'),
      accountId: buyer.accountId,
      orderId: order.id,
      holder: input.holder,
      ibanMasked: iban.masked,
      ibanHash: hash,
      ibanSealed: await sealIban(ctx.db, iban.iban),
      ibanCountry: iban.country,
      street: input.street,
      houseNumber: input.house_number,
      postalCode: input.postal_code,
      city: input.city,
      country: input.country,
      phone: phone.e164,
      locale: ctx.locale,
      expiresAt: new Date(ctx.now.getTime() + DIRECT_DEBIT_SESSION_SECONDS * 1000),
      createdAt: ctx.now,
    })
    .returning();
  if (!session) throw new Error('direct-debit: the session was not written');
  return sendCode(ctx, session, order);
}

/** The member's open session and its order; refusals as the contract says. */
async function openSession(ctx: OrderContext, accountId: number, publicId: string) {
  const [row] = await ctx.db
    .select({ session: directDebitSessions, order: orders })
    .from(directDebitSessions)
    .innerJoin(orders, eq(orders.id, directDebitSessions.orderId))
    .where(and(eq(directDebitSessions.publicId, publicId), eq(directDebitSessions.accountId, accountId)))
    .limit(1);
  if (!row) throw fail('not_found');
  if (row.session.verifiedAt || row.order.status !== 'created') throw fail('order_closed');
  if (row.session.expiresAt.getTime() <= ctx.now.getTime()) throw fail('code_expired');
  return row;
}

/** POST directdebit-resend.php: a new code, at most one a minute and the hourly number. */
export async function resendCode(ctx: DebitContext, accountId: number, publicId: string): Promise<DebitCodeSent> {
  const { session, order } = await openSession(ctx, accountId, publicId).catch((error: unknown) => {
    // An expired session cannot be resent: the form starts again.
    if (error instanceof HttpError && error.code === 'code_expired') throw fail('not_found');
    throw error;
  });
  const last = await latestCode(ctx.db, 'direct_debit', session.publicId);
  const wait = last ? last.createdAt.getTime() + DIRECT_DEBIT_RESEND_SECONDS * 1000 - ctx.now.getTime() : 0;
  if (wait > 0) throw rateLimited();
  await assertMaySend(ctx, accountId, session.phone);
  return sendCode(ctx, session, order);
}

function mandateReference(order: OrderRow): string {
  // SEPA allows up to 35 of [A-Za-z0-9 +?/-:().,']; unique per creditor.
  return `SDD-${order.publicId}-${randomPublicId(6).toUpperCase()}`;
}

export interface Verified {
  order: OrderRow;
  reference: string;
}

/**
 * POST directdebit-verify.php: the right code signs the one-time mandate, the order moves
 * to pending (the debit is submitted) and the payment service collects it; its events
 * complete the order through billing (credits through the ledger).
 */
export async function verifyCode(
  ctx: OrderContext,
  accountId: number,
  publicId: string,
  code: string,
): Promise<Verified> {
  const { session, order } = await openSession(ctx, accountId, publicId);
  const check = await checkCode(ctx.db, { purpose: 'direct_debit', subject: session.publicId, code, now: ctx.now });
  if (check === 'code_invalid') throw fail('code_invalid', { field: 'code' });
  if (check === 'code_expired') throw fail('code_expired', { field: 'code' });
  if (check === 'too_many_tries') throw fail('too_many_tries', { field: 'code' });
  await assertMayDebit(ctx, {
    accountId,
    ibanHash: session.ibanHash,
    orderId: order.id,
    amountMinor: order.amountMinor,
  });
  await assertMayBuy(ctx.db, accountId);
  if (!session.ibanSealed) throw fail('order_closed');

  const reference = mandateReference(order);
  let mandate;
  try {
    mandate = await registerMandate(ctx.deps.payments, {
      reference,
      holder: session.holder,
      iban: await unsealIban(ctx.db, session.ibanSealed),
      signedAt: ctx.now,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    console.error(`[direct-debit] mandate of order ${order.publicId}: ${error.message}`);
    throw fail('payment_provider_unavailable');
  }

  const submitted = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, eq(orders.id, order.id));
    if (locked?.status !== 'created') return null;
    await tx.insert(directDebitMandates).values({
      reference,
      accountId,
      orderId: order.id,
      holder: session.holder,
      ibanMasked: session.ibanMasked,
      ibanHash: session.ibanHash,
      street: session.street,
      houseNumber: session.houseNumber,
      postalCode: session.postalCode,
      city: session.city,
      country: session.country,
      phoneMasked: maskE164(session.phone),
      provider: ctx.deps.payments.name,
      providerToken: mandate.token,
      signedAt: ctx.now,
      createdAt: ctx.now,
    });
    await tx
      .update(directDebitSessions)
      .set({ verifiedAt: ctx.now, ibanSealed: null })
      .where(eq(directDebitSessions.id, session.id));
    return moveOrder(tx, locked, 'pending', `direct_debit:${reference}`, ctx.now);
  });
  if (!submitted) throw fail('order_closed');

  const after = await chargeStoredMethod(ctx, submitted, mandate.token);
  if (mandate.returnsLater && after.status === 'completed') {
    sandboxDirectDebit(ctx.deps.payments).scheduleReturn(ctx.deps, after.publicId);
  }
  return { order: after, reference };
}
