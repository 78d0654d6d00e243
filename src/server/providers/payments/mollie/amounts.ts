/**
 * Money at Mollie's edge. Everything on our side is integer minor units with the currency
 * (src/lib/money.ts); Mollie's API carries amounts as `{ currency, value }` with `value` a
 * decimal string of exactly the currency's digits ("19.99" EUR, "229.00" SEK, "500" JPY).
 * These two functions are the only place the two meet, and they convert by text, never
 * through a floating-point number.
 */
import { minorDigits } from '#src/lib/money.ts';

export interface MollieAmount {
  currency: string;
  value: string;
}

/** toMollieAmount(1999, 'EUR') → { currency: 'EUR', value: '19.99' }. */
export function toMollieAmount(amountMinor: number, currency: string): MollieAmount {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`mollie: an amount must be whole minor units ≥ 0, not ${amountMinor}`);
  }
  const digits = minorDigits(currency);
  if (digits === 0) return { currency, value: String(amountMinor) };
  const text = String(amountMinor).padStart(digits + 1, '0');
  return { currency, value: `${text.slice(0, -digits)}.${text.slice(-digits)}` };
}

/**
 * fromMollieAmount({ currency: 'EUR', value: '19.99' }) → 1999. Throws for a value that is
 * not a plain decimal or has more significant digits than the currency (a cent fraction
 * would be money we cannot book).
 */
export function fromMollieAmount(amount: MollieAmount): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.value);
  if (!match?.[1]) throw new RangeError(`mollie: not an amount: ${JSON.stringify(amount.value)}`);
  const digits = minorDigits(amount.currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) {
    throw new RangeError(`mollie: ${amount.value} ${amount.currency} has more than ${digits} decimals`);
  }
  const minor = Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`mollie: ${amount.value} is too large`);
  return minor;
}
