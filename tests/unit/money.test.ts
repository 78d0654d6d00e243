/**
 * Money (src/lib/money.ts): minor units of a currency, its digits taken from the currency and
 * its writing from the locale, the same on the client and the server.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#src/lib/locales.ts';
import { formatMoney, minorDigits, toMajor, toMinor } from '#src/lib/money.ts';
import { PACKAGE_PRICES } from '#src/server/features/billing/packages.ts';

/** The currencies we sell in (the price lists of the credit bundles). */
const SOLD = Object.keys(PACKAGE_PRICES);

describe('money', () => {
  it('takes the minor digits from the currency, not an assumed hundred', () => {
    expect(SOLD).toEqual(expect.arrayContaining(['GBP', 'EUR', 'SEK', 'DKK', 'NOK', 'PLN', 'CHF', 'USD']));
    for (const currency of SOLD) expect(minorDigits(currency)).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('writes every currency we sell as each locale writes it', () => {
    expect(formatMoney(449, 'GBP', 'en')).toBe('£4.49');
    expect(formatMoney(599, 'USD', 'en')).toBe('$5.99');
    expect(formatMoney(123450, 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1999, 'EUR', 'nl')).toBe('€\u00a019,99');
    expect(formatMoney(1999, 'EUR', 'fi')).toBe('19,99\u00a0€');
    expect(formatMoney(22900, 'SEK', 'sv')).toBe('229,00\u00a0kr');
    expect(formatMoney(14900, 'DKK', 'da')).toBe('149,00\u00a0kr.');
    expect(formatMoney(22900, 'NOK', 'nb')).toBe('229,00\u00a0kr');
    expect(formatMoney(8499, 'PLN', 'pl')).toBe('84,99\u00a0zł');
    expect(formatMoney(549, 'CHF', 'de')).toBe('5,49\u00a0CHF');
  });

  it('writes the same text as a hundredth did for every currency we sell, in every locale', () => {
    for (const currency of SOLD)
      for (const locale of LOCALES) {
        const before = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1999 / 100);
        expect(formatMoney(1999, currency, locale)).toBe(before);
      }
  });

  it('writes a currency without minor units whole (JPY) and one with three (KWD) to its digits', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(123456, 'JPY', 'de')).toBe('123.456\u00a0¥');
    expect(formatMoney(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
  });

  it('converts between minor units and the decimal amounts of the API', () => {
    expect(toMajor(1999, 'EUR')).toBe(19.99);
    expect(toMajor(500, 'JPY')).toBe(500);
    expect(toMinor(19.99, 'EUR')).toBe(1999);
    expect(toMinor(0.29, 'SEK')).toBe(29);
    expect(toMinor(500, 'JPY')).toBe(500);
    expect(toMinor(toMajor(4999, 'PLN'), 'PLN')).toBe(4999);
  });
});
