/**
 * SEPA direct debit with an SMS one-time code (SPEC §2.7 'Direct debit (directdebit)', §3
 * 'Payment methods' sdd, §5 'SMS one-time code', §8 'Payment and direct debit'). The rules
 * are in src/server/features/direct-debit (README) and docs/direct-debit.md.
 *
 * 1. start (POST directdebit.php): the SEPA form (account holder, IBAN, street, house
 *    number, postal code, city, country, mobile number) and the ticked one-time debit
 *    authorization, for an order made with method 'sdd' (order.php answered
 *    `next: 'directdebit'`) or for a bundle (`package`: the order is made here). The IBAN
 *    must be valid and of a SEPA country, the mobile number valid for the address country
 *    (or written internationally) and of a SEPA country the site sells in. Sends a 6-digit code by SMS; answers a debit session.
 * 2. verify (POST directdebit-verify.php): the code. A wrong code answers 'Code invalid'
 *    (`code_invalid`); after DIRECT_DEBIT_MAX_TRIES wrong codes, or past the expiry, only a
 *    new code helps. The right code signs the one-time mandate (a mandate reference) and
 *    submits the debit: the order becomes pending, then completed when the payment service
 *    collects it (the credits arrive then). The client opens /transactions/{payment_id}.
 * 3. resend (POST directdebit-resend.php): a new code (the old one stops working), at most
 *    one per DIRECT_DEBIT_RESEND_SECONDS and DIRECT_DEBIT_SENDS_PER_HOUR per account;
 *    starts and resends together also within DIRECT_DEBIT_SMS_LIMITS per client address and
 *    per destination prefix.
 *
 * Refusals: `direct_debit_blocked` after a returned debit (of the account or of the IBAN);
 * `direct_debit_limit` when the debit would go over the rolling limit (DIRECT_DEBIT_LIMITS).
 * The full IBAN never leaves the server again: answers carry it masked.
 */
import * as z from 'zod/mini';
import { PACKAGE_KEYS, paymentId } from './billing.ts';
import { declareErrors, defineEndpoint } from './define.ts';

/** Digits of the SMS code. */
export const DIRECT_DEBIT_CODE_LENGTH = 6;
/** A code works this long after it was sent. */
export const DIRECT_DEBIT_CODE_TTL_SECONDS = 600;
/** Wrong entries a code allows; then only a new code helps. */
export const DIRECT_DEBIT_MAX_TRIES = 5;
/** The shortest time between two codes of one debit session. */
export const DIRECT_DEBIT_RESEND_SECONDS = 60;
/** Codes an account may be sent per hour (starts and resends together). */
export const DIRECT_DEBIT_SENDS_PER_HOUR = 5;
/**
 * Codes per hour across accounts (docs/direct-debit.md 'SMS pumping'): from one client
 * address, and to one destination prefix (the calling code and the first
 * DIRECT_DEBIT_PREFIX_DIGITS national digits, e.g. '+31 6123'). The first code past either
 * limit logs the burst alert (docs/operations.md 'Alerts').
 */
export const DIRECT_DEBIT_SMS_LIMITS = { ip: 10, prefix: 20 } as const;
/** National digits of a mobile number that make its destination prefix. */
export const DIRECT_DEBIT_PREFIX_DIGITS = 4;
/** A debit session (the form's data until the code is entered) lasts this long. */
export const DIRECT_DEBIT_SESSION_SECONDS = 3600;

/**
 * The rolling limit of direct debits (docs/direct-debit.md 'Limit'): within the last
 * `windowDays`, the debits submitted (pending, completed, refunded or returned) plus the new
 * one may not exceed `orders` in number nor `amountMinor` in euro cents. An account is
 * 'trusted' once it has paid an order by any other method; until then a debit is money not
 * yet proven, and the lower limit applies.
 */
export const DIRECT_DEBIT_LIMITS = {
  windowDays: 30,
  new: { orders: 2, amountMinor: 5000 },
  trusted: { orders: 5, amountMinor: 25000 },
} as const;

/** Field lengths of the SEPA form (the SEPA scheme allows 70 characters for a name). */
export const DIRECT_DEBIT_FIELDS = {
  holder: { min: 2, max: 70 },
  street: { min: 2, max: 70 },
  house_number: { min: 1, max: 16 },
  postal_code: { min: 2, max: 16 },
  city: { min: 2, max: 35 },
  iban: { max: 42 },
  phone: { max: 32 },
} as const;

/** The countries of the SEPA scheme: the address countries the form offers. */
export const SEPA_COUNTRIES = [
  'AD',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'VA',
] as const;

const text = (limits: { min: number; max: number }) =>
  z.string().check(z.trim(), z.minLength(limits.min), z.maxLength(limits.max));
/** A debit session's id: opaque, URL-safe. */
export const debitSession = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/));
export const smsCode = z.string().check(z.regex(new RegExp(`^\\d{${DIRECT_DEBIT_CODE_LENGTH}}$`)));

/** What the SMS step needs: where the code went, until when it works, when a new one may be asked. */
export const debitCodeSent = z.object({
  session: debitSession,
  /** The order the debit pays. */
  payment_id: paymentId,
  /** The mobile number with all but its last digits hidden, e.g. '+31 6 •••• ••78'. */
  phone_masked: z.string(),
  /** The IBAN with all but its country, check digits and last four hidden. */
  iban_masked: z.string(),
  /** ISO 8601: the code stops working then. */
  expires_at: z.string(),
  /** Seconds until a new code may be asked (the client counts down; its clock may be wrong). */
  resend_in: z.number().check(z.int(), z.nonnegative()),
  code_length: z.number().check(z.int(), z.positive()),
});
export type DebitCodeSent = z.infer<typeof debitCodeSent>;

/** Error codes of the direct debit calls with their HTTP status; texts in `api.<code>`. */
export const DIRECT_DEBIT_ERRORS = declareErrors('api', {
  /** The order left 'created' (paid, failed or submitted already). */
  order_closed: 409,
  iban_invalid: 400,
  phone_invalid: 400,
  /** A valid mobile number of a country codes are not sent to (not a SEPA country the site sells in). */
  phone_country: 400,
  direct_debit_blocked: 403,
  direct_debit_limit: 409,
  sms_unavailable: 502,
  code_invalid: 400,
  too_many_tries: 429,
});

export const DIRECT_DEBIT_START_ERRORS = [
  'authentication_required',
  'unknown_site',
  'not_found',
  'order_closed',
  'method_not_available',
  'payments_blocked',
  'iban_invalid',
  'phone_invalid',
  'phone_country',
  'direct_debit_blocked',
  'direct_debit_limit',
  'sms_unavailable',
] as const;

/**
 * POST /api/directdebit.php: checks the SEPA form and sends the SMS code. `order` is a
 * created 'sdd' order of the member (`not_found` otherwise, `order_closed` once it left
 * 'created'); `package` makes the order here in the member's payment country. `iban_invalid`
 * (field iban), `phone_invalid` (field phone: not a mobile number) and `phone_country`
 * (field phone: a mobile number, but not of a SEPA country of the site's `countries`) name
 * the field; 429 `rate_limited` past
 * DIRECT_DEBIT_SENDS_PER_HOUR or DIRECT_DEBIT_SMS_LIMITS; 502 `sms_unavailable` when the SMS could not be sent.
 */
export const postDirectDebitStart = defineEndpoint({
  method: 'POST',
  path: '/api/directdebit.php',
  body: z
    .strictObject({
      order: z.optional(paymentId),
      package: z.optional(z.enum(PACKAGE_KEYS)),
      holder: text(DIRECT_DEBIT_FIELDS.holder),
      iban: z.string().check(z.maxLength(DIRECT_DEBIT_FIELDS.iban.max)),
      street: text(DIRECT_DEBIT_FIELDS.street),
      house_number: text(DIRECT_DEBIT_FIELDS.house_number),
      postal_code: text(DIRECT_DEBIT_FIELDS.postal_code),
      city: text(DIRECT_DEBIT_FIELDS.city),
      /** The address's country; the mobile number is read for it unless written with +. */
      country: z.enum(SEPA_COUNTRIES),
      phone: z.string().check(z.maxLength(DIRECT_DEBIT_FIELDS.phone.max)),
      /** The member ticked the one-time debit authorization. */
      authorize: z.literal(true),
    })
    .check(
      z.refine((b) => (b.order === undefined) !== (b.package === undefined), {
        message: 'either order or package',
        path: ['order'],
      }),
    ),
  response: debitCodeSent,
  errors: DIRECT_DEBIT_START_ERRORS,
  roles: ['member'],
});

/**
 * POST /api/directdebit-verify.php {session, code}: the right code signs the mandate and
 * submits the debit. `code_invalid` ('Code invalid', field code), `code_expired`,
 * `too_many_tries` (a new code is needed), `not_found` (no such session of the member, or
 * it expired), `order_closed` (paid already), `direct_debit_blocked` / `direct_debit_limit`
 * (checked again), 502 `payment_provider_unavailable`.
 */
export const postDirectDebitVerify = defineEndpoint({
  method: 'POST',
  path: '/api/directdebit-verify.php',
  body: z.strictObject({ session: debitSession, code: z.string().check(z.trim(), z.maxLength(12)) }),
  response: z.object({
    payment_id: paymentId,
    /** The order's status after the submission: pending, or completed when collected at once. */
    status: z.enum(['pending', 'completed', 'failed']),
    /** The SEPA mandate reference of this one-time debit (shown on the bank statement). */
    mandate_reference: z.string(),
  }),
  errors: [
    'authentication_required',
    'unknown_site',
    'not_found',
    'order_closed',
    'code_invalid',
    'code_expired',
    'too_many_tries',
    'direct_debit_blocked',
    'direct_debit_limit',
    'payments_blocked',
    'payment_provider_unavailable',
  ],
  roles: ['member'],
});

/**
 * POST /api/directdebit-resend.php {session}: a new code to the same number. 429
 * `rate_limited` within DIRECT_DEBIT_RESEND_SECONDS of the last code or past
 * DIRECT_DEBIT_SENDS_PER_HOUR or DIRECT_DEBIT_SMS_LIMITS; `not_found`, `order_closed`, `sms_unavailable` as above.
 */
export const postDirectDebitResend = defineEndpoint({
  method: 'POST',
  path: '/api/directdebit-resend.php',
  body: z.strictObject({ session: debitSession }),
  response: debitCodeSent,
  errors: ['authentication_required', 'unknown_site', 'not_found', 'order_closed', 'sms_unavailable'],
  roles: ['member'],
});
