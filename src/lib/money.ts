/**
 * Money, on the client and the server alike. An amount is integer minor units of an ISO 4217
 * currency, carried next to its currency (`amount_minor: 1999, currency: 'EUR'` is €19.99;
 * `500, 'JPY'` is ¥500). How many minor digits a currency has comes from the currency (Intl's
 * CLDR data: 2 for EUR, 0 for JPY, 3 for KWD), never from an assumed 100; how it is written
 * comes from the locale. Every price, fee, receipt line and limit shown to a member goes
 * through `formatMoney`.
 */

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** The digits after the decimal point of a currency: minorDigits('EUR') → 2, minorDigits('JPY') → 0. */
export function minorDigits(currency: string): number {
  return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as a decimal amount of the currency, as the API's decimal fields carry it: toMajor(1999, 'EUR') → 19.99. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A decimal amount of the currency in whole minor units (rounded): toMinor(19.99, 'EUR') → 1999. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

/** An amount in minor units as the locale writes it: formatMoney(1999, 'EUR', 'de') → '19,99 €'. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return currencyFormat(locale, currency).format(toMajor(minor, currency));
}
