/**
 * What a bundle costs the member, as the screens show it before the order is made (pure, so
 * it is tested without rendering). The server prices the order itself (order.php) with the
 * same rules; these mirror them so the member sees the price they will pay:
 *
 * - discount = the code's percentage of the list price, rounded half up (at most the price);
 * - a code applies only when its country, minimum order (same currency) and payment methods
 *   allow it (SPEC §5 'Discount codes');
 * - the method's transaction fee is its basis points of the discounted price, rounded half up;
 * - total = list price − discount + fee.
 *
 * Money is in minor units of an ISO 4217 currency everywhere (`#src/lib/money.ts`).
 */
import {
  PAYMENT_METHOD_RULES,
  type CreditPackage,
  type OrderStatus,
  type PaymentMethod,
  PAYMENT_METHOD_BRANDS,
} from '#src/contract/billing.ts';
import type { DiscountCode } from '#src/contract/discounts.ts';
import { toMinor } from '#src/lib/money.ts';

/** A percentage text ('25.0') as a number for texts (25). */
export function percentOf(code: Pick<DiscountCode, 'value_percentage'>): number {
  return Number(code.value_percentage);
}

/** What a percentage takes off an amount, in minor units (rounded half up, at most the amount). */
export function discountMinorOf(amountMinor: number, percentage: string): number {
  const tenths = Math.round(Number(percentage) * 10);
  return Math.min(amountMinor, Math.round((amountMinor * tenths) / 1000));
}

/** A method's transaction fee on an amount, in minor units (rounded half up). */
export function transactionFeeOf(method: PaymentMethod, amountMinor: number): number {
  const basisPoints = PAYMENT_METHOD_RULES[method].feeBasisPoints ?? 0;
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}

/** Why a code does not apply to one purchase. */
export type DiscountBlock =
  { reason: 'minimum'; minimumMinor: number; currency: string } | { reason: 'method' } | { reason: 'country' };

export interface Purchase {
  priceMinor: number;
  currency: string;
  country: string;
  /** The payment method, when chosen (a code limited to methods applies only with one of them). */
  method?: PaymentMethod | null;
}

/** Whether a code applies to a purchase: null when it does, else why not. */
export function discountBlock(code: DiscountCode, purchase: Purchase): DiscountBlock | null {
  if (code.country !== null && code.country !== purchase.country) return { reason: 'country' };
  const minimum = code.minimum_order_value;
  if (minimum !== null && code.currency !== null) {
    const minimumMinor = toMinor(minimum, code.currency);
    if (code.currency !== purchase.currency || purchase.priceMinor < minimumMinor)
      return { reason: 'minimum', minimumMinor, currency: code.currency };
  }
  if (purchase.method && code.paymentmethods.length > 0 && !code.paymentmethods.includes(purchase.method))
    return { reason: 'method' };
  return null;
}

export interface Quote {
  listMinor: number;
  /** What the code takes off (0 without a code or when it does not apply). */
  discountMinor: number;
  /** The code that applies, or null. */
  code: DiscountCode | null;
  /** Why the offered code does not apply, or null. */
  blocked: DiscountBlock | null;
  feeMinor: number;
  totalMinor: number;
  currency: string;
}

/** The price of a bundle with a code (or none) and a method (or none yet). */
export function quote(
  pkg: Pick<CreditPackage, 'price_minor' | 'currency'>,
  country: string,
  code: DiscountCode | null,
  method: PaymentMethod | null,
): Quote {
  const purchase = { priceMinor: pkg.price_minor, currency: pkg.currency, country, method };
  const blocked = code ? discountBlock(code, purchase) : null;
  const applied = code && !blocked ? code : null;
  const discountMinor = applied ? discountMinorOf(pkg.price_minor, applied.value_percentage) : 0;
  const feeMinor = method ? transactionFeeOf(method, pkg.price_minor - discountMinor) : 0;
  return {
    listMinor: pkg.price_minor,
    discountMinor,
    code: applied,
    blocked,
    feeMinor,
    totalMinor: pkg.price_minor - discountMinor + feeMinor,
    currency: pkg.currency,
  };
}

/**
 * One message's and one credit's price at what the member pays for the bundle (the discount
 * taken off), rounded as the server rounds the list ones (`per_message_minor`, `per_credit_minor`).
 */
export function unitPrices(
  pkg: Pick<CreditPackage, 'credits'>,
  paidMinor: number,
  messageCredits: number,
): { perMessageMinor: number; perCreditMinor: number } {
  return {
    perMessageMinor: Math.round((paidMinor * messageCredits) / pkg.credits),
    perCreditMinor: Math.round((paidMinor * 100) / pkg.credits) / 100,
  };
}

/** The methods named by a text in the member's language rather than a brand. */
export const GENERIC_METHODS = ['creditcard', 'sct', 'sdd'] as const;
export type GenericMethod = (typeof GENERIC_METHODS)[number];

/** A method's name: its brand, or the catalogue key of a generic one. */
export function methodName(method: PaymentMethod): { brand: string } | { key: `credits.methods.${GenericMethod}` } {
  const brand = PAYMENT_METHOD_BRANDS[method];
  return brand ? { brand } : { key: `credits.methods.${method as GenericMethod}` };
}

/** The wallets offered after a stored card was declined (SPEC §4 'Payment'), in this order. */
export const RETRY_WALLETS: readonly PaymentMethod[] = ['paypal', 'applepay', 'googlepay'];

/** Order states as the transaction screen groups them. */
export type OrderPhase = 'processing' | 'completed' | 'failed' | 'refunded' | 'charged_back';

export function orderPhase(status: OrderStatus): OrderPhase {
  switch (status) {
    case 'created':
    case 'pending':
      return 'processing';
    case 'failed':
    case 'cancelled':
      return 'failed';
    default:
      return status;
  }
}
