/**
 * Money at Mollie's edge (src/server/providers/payments/mollie/amounts.ts): minor units to
 * Mollie's decimal strings and back, exactly, for every currency we sell in (packages.ts),
 * and for currencies with other digits (JPY 0, KWD 3) should one be added.
 */
import { describe, expect, it } from 'vitest';
import { PACKAGE_PRICES } from '#src/server/features/billing/packages.ts';
import { fromMollieAmount, toMollieAmount } from '#src/server/providers/payments/mollie/amounts.ts';

describe('Mollie amounts', () => {
  const sold = {
    EUR: ['4.99', '19.99', '39.99', '79.99'],
    GBP: ['4.49', '17.99', '34.99', '69.99'],
    USD: ['5.99', '22.99', '44.99', '89.99'],
    CAD: ['7.99', '29.99', '59.99', '119.99'],
    AUD: ['8.99', '34.99', '69.99', '129.99'],
    NZD: ['9.49', '36.99', '74.99', '139.99'],
    CHF: ['5.49', '19.99', '39.99', '79.99'],
    SEK: ['59.00', '229.00', '449.00', '899.00'],
    NOK: ['59.00', '229.00', '449.00', '899.00'],
    DKK: ['39.00', '149.00', '299.00', '599.00'],
    PLN: ['21.99', '84.99', '169.99', '339.99'],
  } as const;

  it('covers every currency with bundle prices', () => {
    expect(Object.keys(sold).sort()).toEqual(Object.keys(PACKAGE_PRICES).sort());
  });

  it.each(Object.entries(sold))('writes and reads every bundle price in %s exactly', (currency, values) => {
    const prices = PACKAGE_PRICES[currency] ?? [];
    prices.forEach((minor, i) => {
      expect(toMollieAmount(minor, currency)).toEqual({ currency, value: values[i] });
      expect(fromMollieAmount({ currency, value: values[i] ?? '' })).toBe(minor);
    });
  });

  it('writes small amounts, fees and refunds with their leading zero', () => {
    expect(toMollieAmount(0, 'EUR').value).toBe('0.00');
    expect(toMollieAmount(5, 'EUR').value).toBe('0.05');
    expect(toMollieAmount(25, 'PLN').value).toBe('0.25');
    expect(fromMollieAmount({ currency: 'EUR', value: '0.05' })).toBe(5);
    expect(fromMollieAmount({ currency: 'EUR', value: '12' })).toBe(1200);
    expect(fromMollieAmount({ currency: 'EUR', value: '12.5' })).toBe(1250);
  });

  it('follows the currency’s own digits: none for JPY, three for KWD', () => {
    expect(toMollieAmount(500, 'JPY')).toEqual({ currency: 'JPY', value: '500' });
    expect(fromMollieAmount({ currency: 'JPY', value: '500' })).toBe(500);
    expect(fromMollieAmount({ currency: 'JPY', value: '500.00' })).toBe(500);
    expect(toMollieAmount(12345, 'KWD').value).toBe('12.345');
  });

  it('refuses what is not money we can book', () => {
    expect(() => toMollieAmount(19.99, 'EUR')).toThrow(RangeError);
    expect(() => toMollieAmount(-1, 'EUR')).toThrow(RangeError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '19.999' })).toThrow(RangeError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '-1.00' })).toThrow(RangeError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1e3' })).toThrow(RangeError);
  });
});
