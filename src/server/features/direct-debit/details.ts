/**
 * The SEPA form's checks and how its data is kept (docs/direct-debit.md 'Data kept'):
 *
 * - IBAN: written with or without spaces, any case; valid by ibantools (length and check
 *   digits of its country) and of a SEPA country.
 * - Mobile number: read for the address country by libphonenumber-js (its full metadata),
 *   or as written when it starts with + or 00; it must be a valid mobile number
 *   (MOBILE, or FIXED_LINE_OR_MOBILE where a country does not tell them apart) of a
 *   country codes may go to: a SEPA country the site sells in (`smsCountries`), so a code
 *   cannot be sent to premium or far-away numbers (docs/direct-debit.md 'SMS pumping').
 * - The IBAN is stored masked ('DE89 •••• 3000'), as an HMAC (to recognize it again for
 *   blocks without keeping it) and, until the mandate is signed, sealed with AES-256-GCM
 *   for the payment service. Both keys live in app_keys.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { electronicFormatIBAN, extractIBAN, isSEPACountry } from 'ibantools';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { SiteConfig } from '#sites-config';
import { DIRECT_DEBIT_PREFIX_DIGITS, SEPA_COUNTRIES } from '#src/contract/direct-debit.ts';
import type { Db } from '#src/server/db/client.ts';
import { appKey } from '#src/server/platform/app-keys.ts';

export interface CheckedIban {
  /** Electronic format: upper case, no spaces. */
  iban: string;
  country: string;
  masked: string;
}

/** The IBAN in electronic format when valid and of a SEPA country, else null. */
export function checkIban(input: string): CheckedIban | null {
  const iban = electronicFormatIBAN(input.replace(/[\s.-]/g, ''));
  if (!iban) return null;
  const extracted = extractIBAN(iban);
  if (!extracted.valid || !extracted.countryCode || !isSEPACountry(extracted.countryCode)) return null;
  return { iban, country: extracted.countryCode, masked: maskIban(iban) };
}

/** 'DE89370400440532013000' → 'DE89 •••• 3000'. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

export interface CheckedPhone {
  /** E.164. */
  e164: string;
  masked: string;
}

/** Whether a country is one libphonenumber knows (the address country must be). */
export function isPhoneCountry(country: string): country is CountryCode {
  return isSupportedCountry(country);
}

/** The countries whose mobile numbers may get a code on a site: its `countries` that are SEPA countries. */
export function smsCountries(site: Pick<SiteConfig, 'settings'>): ReadonlySet<string> {
  const sepa: readonly string[] = SEPA_COUNTRIES;
  return new Set(site.settings.countries.filter((country) => sepa.includes(country)));
}

/**
 * A valid mobile number for the address country (or written internationally) of one of
 * `allowed` (`smsCountries`); 'invalid' when it is not a valid mobile number, 'country' when
 * it is one of a country codes are not sent to.
 */
export function checkMobile(
  input: string,
  country: string,
  allowed: ReadonlySet<string>,
): CheckedPhone | 'invalid' | 'country' {
  const written = input.trim().replace(/^00/, '+');
  if (!/^[+\d][\d\s()./-]{5,}$/.test(written)) return 'invalid';
  const parsed = parsePhoneNumberFromString(written, isPhoneCountry(country) ? country : undefined);
  if (!parsed?.isValid() || !parsed.country) return 'invalid';
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return 'invalid';
  if (!allowed.has(parsed.country)) return 'country';
  return { e164: parsed.number, masked: maskPhone(parsed.number, parsed.countryCallingCode) };
}

/** A number's destination prefix for the sending limits: '+31612345678' → '+31 6123'. */
export function phonePrefix(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  // Stored numbers are E.164 from checkMobile; one unreadable still counts under its first digits.
  if (!parsed) return e164.slice(0, 4 + DIRECT_DEBIT_PREFIX_DIGITS);
  const national: string = parsed.nationalNumber;
  return `+${parsed.countryCallingCode} ${national.slice(0, DIRECT_DEBIT_PREFIX_DIGITS)}`;
}

/** A stored E.164 number masked for answers. */
export function maskE164(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? maskPhone(parsed.number, parsed.countryCallingCode) : '••••';
}

/** '+31612345678' → '+31 ••••••• 78'. */
export function maskPhone(e164: string, callingCode: string): string {
  const national = e164.slice(1 + callingCode.length);
  return `+${callingCode} ${'•'.repeat(Math.max(0, national.length - 2))} ${national.slice(-2)}`;
}

interface Keys {
  hash: string;
  seal: string;
}

const isKeys = (v: unknown): v is Keys =>
  typeof (v as Partial<Keys> | null)?.hash === 'string' && typeof (v as Partial<Keys> | null)?.seal === 'string';

function keys(db: Db): Promise<Keys> {
  return appKey(db, 'direct_debit', isKeys, () => ({
    hash: randomBytes(32).toString('hex'),
    seal: randomBytes(32).toString('hex'),
  }));
}

/** The IBAN's keyed hash: the same IBAN always gives the same value, which says nothing without the key. */
export async function ibanHash(db: Db, iban: string): Promise<string> {
  return createHmac('sha256', (await keys(db)).hash)
    .update(iban)
    .digest('hex');
}

/** Seals the IBAN for the time until the mandate is signed. */
export async function sealIban(db: Db, iban: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from((await keys(db)).seal, 'hex'), iv);
  const sealed = Buffer.concat([cipher.update(iban, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export async function unsealIban(db: Db, sealed: string): Promise<string> {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from((await keys(db)).seal, 'hex'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
