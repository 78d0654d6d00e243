/**
 * Paying for a bundle (SPEC §2.7 'Payment', §4 'Payment'): `orderForm` makes the order
 * (POST order.php) and `followOrder` goes where its answer says:
 *
 * - 'checkout': the provider's hosted checkout, a full page load of `redirect_url`; the
 *   provider sends the member back to /transactions/{payment_id};
 * - 'transaction': a stored method was charged, the result screen /transactions/{payment_id};
 * - 'directdebit': the site's SEPA form, /directdebit?order={payment_id}.
 *
 * Refusals (a method that does not pay the bundle, a code that does not apply, payments
 * blocked, the provider unreachable) are the form's error, in the member's language.
 */
import { postOrder, type OrderAnswer, type PackageKey, type PaymentMethod } from '#src/contract/billing.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { navigate } from '#src/stores/router.ts';

export interface OrderRequest {
  package: PackageKey;
  method: PaymentMethod;
  /** Sent only when the code applies to this purchase (the screen's quote). */
  discountCode: string | null;
  /** The payment country when the member chose one; else the server takes the profile's. */
  country: string | null;
}

/** The result screen of an order. */
export const transactionPath = (paymentId: string) => `/transactions/${encodeURIComponent(paymentId)}`;
/** The site's SEPA form for an order. */
export const directDebitPath = (paymentId: string) => `/directdebit?order=${encodeURIComponent(paymentId)}`;

export function followOrder(answer: OrderAnswer): void {
  const id = answer.order.payment_id;
  if (answer.next === 'checkout' && answer.redirect_url) environment().navigate(answer.redirect_url);
  else if (answer.next === 'directdebit') navigate(directDebitPath(id));
  else navigate(transactionPath(id));
}

export const orderForm = createForm(
  (request: OrderRequest) =>
    environment().api.call(postOrder, {
      body: {
        package: request.package,
        method: request.method,
        ...(request.discountCode ? { discount_code: request.discountCode } : {}),
        ...(request.country ? { country: request.country } : {}),
      },
    }),
  { onDone: followOrder },
);
