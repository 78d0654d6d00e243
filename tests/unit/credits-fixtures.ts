/** Shared answers of the credits tests: the bundles of a country, an order, a discount code. */
import {
  paymentMethodsFor,
  paymentMethodsForPackage,
  PAYMENT_METHOD_RULES,
  type Order,
  type PackagesData,
} from '#src/contract/billing.ts';
import type { DiscountCode } from '#src/contract/discounts.ts';

const PRICES = { p0: 499, p1: 1999, p2: 3999, p3: 7999 } as const;
const CREDITS = { p0: 50, p1: 250, p2: 600, p3: 1600 } as const;

/** packages.php for a country paying in EUR. */
export function packagesData(overrides: Partial<PackagesData> = {}, country = 'DE'): PackagesData {
  return {
    country,
    currency: 'EUR',
    countries: ['DE', 'AT', 'NL'],
    packages: (['p0', 'p1', 'p2', 'p3'] as const).map((key) => ({
      key,
      credits: CREDITS[key],
      price_minor: PRICES[key],
      currency: 'EUR',
      popular: key === 'p2',
      per_credit_minor: Math.round((PRICES[key] * 100) / CREDITS[key]) / 100,
      per_message_minor: Math.round((PRICES[key] * 5) / CREDITS[key]),
      methods: paymentMethodsForPackage(country, key),
    })),
    methods: paymentMethodsFor(country).map((key) => ({
      key,
      kind: PAYMENT_METHOD_RULES[key].kind,
      flow: PAYMENT_METHOD_RULES[key].flow,
      storable: PAYMENT_METHOD_RULES[key].storable,
      fee_percent: (PAYMENT_METHOD_RULES[key].feeBasisPoints ?? 0) / 100,
    })),
    stored_method: null,
    first_purchase: true,
    refund_days: 14,
    message_credits: 5,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    payment_id: 'ABC123XYZ0',
    status: 'created',
    package: 'p1',
    credits: 250,
    country: 'DE',
    currency: 'EUR',
    amount_minor: 1499,
    list_price_minor: 1999,
    discount: { code: 'WELCOME25', percentage: '25.0', amount_minor: 500 },
    transaction_fee_minor: 0,
    method: 'creditcard',
    kind: 'checkout',
    created_at: '2026-01-15T12:00:00.000Z',
    completed_at: null,
    refund: null,
    refundable: null,
    ...overrides,
  };
}

export function discountCode(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'WELCOME25',
    kind: 'welcome',
    country: null,
    user_id: null,
    expires: null,
    expires_in: null,
    value_percentage: '25.0',
    percentage: '25.0',
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: [],
    ...overrides,
  };
}

/** The server's error answer. */
export const refusal = (status: number, code: string, message: string, field?: string) => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});
